/**
 * Personal access tokens through the real app: made by an account (shown once, stored hashed),
 * listed, revoked; a scoped endpoint (the engine's analysis) answers 401 without a valid token,
 * 403 FORBIDDEN to a token without the scope, and gives a token with it its own allowance.
 */
import { DataSource } from 'typeorm';
import { http, newAccount, newPlayer, startServer, usingPostgres, type Server } from './harness.js';
import type { ApiTokenInfo, NewApiToken } from '../../src/common/protocol.js';
import { Position } from '../../src/rules/index.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({
    engineThreads: 1,
    analyseLimit: { capacity: 1, perSecond: 0.01 },
    tokenAnalyseLimit: { capacity: 3, perSecond: 0.01 },
  });
});
afterAll(async () => {
  await server.destroy();
});

let n = 0;
const account = () => newAccount(server, `tok${++n}_${Date.now() % 100000}`);
const analyse = (token?: string) =>
  http(
    server,
    'POST',
    '/api/engine/analyse',
    { variant: 'russian', fen: Position.initial('russian').fen, depth: 2 },
    token,
  );

test('an account makes a token: the secret is shown once, only its hash is stored', async () => {
  const me = await account();
  const r = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'my bot', scopes: ['bot:play', 'engine:analyse', 'bot:play'] },
    me.token,
  );
  expect(r.status).toBe(201);
  const made = r.body as NewApiToken;
  expect(made.token).toMatch(/^dam_[A-Za-z0-9_-]{43}$/);
  expect(made).toMatchObject({ description: 'my bot', scopes: ['bot:play', 'engine:analyse'] });
  const list = (await http(server, 'GET', '/api/tokens', undefined, me.token))
    .body as ApiTokenInfo[];
  expect(list).toEqual([
    { id: made.id, description: 'my bot', scopes: made.scopes, createdAt: made.createdAt },
  ]);
  // The database holds no secret.
  const ds = server.app.get(DataSource);
  const [row] = (await ds.query(`SELECT token_hash FROM api_tokens WHERE id = $1`, [made.id])) as {
    token_hash: string;
  }[];
  expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(row)).not.toContain(made.token);
});

test('guests, bad bodies and personal tokens cannot make tokens', async () => {
  const guest = await newPlayer(server, 'guest');
  const asGuest = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'x', scopes: ['bot:play'] },
    guest.token,
  );
  expect(asGuest.body.error.code).toBe('ACCOUNT_REQUIRED');
  const me = await account();
  for (const body of [
    { description: '', scopes: ['bot:play'] },
    { description: 'x', scopes: [] },
    { description: 'x', scopes: ['admin'] },
    { description: 'x', scopes: ['bot:play'], extra: 1 },
  ]) {
    const r = await http(server, 'POST', '/api/tokens', body, me.token);
    expect([body, r.status]).toEqual([body, 400]);
  }
  const made = (
    await http(server, 'POST', '/api/tokens', { description: 'x', scopes: ['bot:play'] }, me.token)
  ).body as NewApiToken;
  const escalate = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'more', scopes: ['engine:analyse'] },
    made.token,
  );
  expect(escalate.status).toBe(401);
  expect(escalate.body.error.message).toMatch(/personal token cannot manage tokens/);
  expect((await http(server, 'GET', '/api/tokens')).status).toBe(401);
});

test('a scoped endpoint: 401 without a valid token, 403 FORBIDDEN without the scope', async () => {
  const me = await account();
  const make = async (scopes: string[]) =>
    (await http(server, 'POST', '/api/tokens', { description: 't', scopes }, me.token))
      .body as NewApiToken;
  const board = await make(['board:play']);
  const engine = await make(['engine:analyse']);
  const unknown = await analyse('dam_' + 'x'.repeat(43));
  expect(unknown.status).toBe(401);
  expect(unknown.body.error.code).toBe('UNAUTHENTICATED');
  const lacking = await analyse(board.token);
  expect(lacking.status).toBe(403);
  expect(lacking.body.error.code).toBe('FORBIDDEN');
  // With the scope: its own allowance (3 here), above the address's (1 here).
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push((await analyse(engine.token)).status);
  expect(answers).toEqual([200, 200, 200, 429]);
  expect((await analyse()).status).toBe(200); // the address's own allowance is untouched
  expect((await analyse()).status).toBe(429);

  // Revoked: 401 from then on; someone else's token is not found.
  const other = await account();
  const theirs = await http(server, 'DELETE', `/api/tokens/${engine.id}`, undefined, other.token);
  expect(theirs.status).toBe(404);
  expect(
    (await http(server, 'DELETE', `/api/tokens/${engine.id}`, undefined, me.token)).status,
  ).toBe(204);
  expect((await analyse(engine.token)).status).toBe(401);
  const left = (await http(server, 'GET', '/api/tokens', undefined, me.token))
    .body as ApiTokenInfo[];
  expect(left.map((t) => t.id)).toEqual([board.id]);
});

if (usingPostgres())
  test('a token made on one process works on another', async () => {
    const other = await server.another();
    try {
      const me = await account();
      const made = (
        await http(
          server,
          'POST',
          '/api/tokens',
          { description: 'x', scopes: ['board:play'] },
          me.token,
        )
      ).body as NewApiToken;
      const r = await http(other, 'POST', '/api/engine/analyse', {}, made.token);
      expect(r.status).toBe(400); // the payload is checked before the token
      const forbidden = await http(
        other,
        'POST',
        '/api/engine/analyse',
        { variant: 'russian', fen: Position.initial('russian').fen, depth: 1 },
        made.token,
      );
      expect(forbidden.body.error.code).toBe('FORBIDDEN');
    } finally {
      await other.stop();
    }
  });
