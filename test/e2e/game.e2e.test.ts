/** Two real socket.io clients pair and play a whole brazilian game to a result by the rules. */
import type { MatchEnd } from '../../src/common/protocol.js';
import { Position, unwrap } from '../../src/rules/index.js';
import { expectOk, http, newAccount, pairedMatch, startServer, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

test('pairing, a complete game, and the same result everywhere', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian');
  expect(match.status).toBe('active');
  expect(match.pieces).toHaveLength(24);
  expect(match.turn).toBe('white');
  let pos = unwrap(Position.fromFen('brazilian', match.fen));
  let seed = 42;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  let end: MatchEnd | null = null;
  for (let ply = 1; ply <= 600 && end === null; ply++) {
    const [mover, other] = pos.turn === 'white' ? [white, black] : [black, white];
    const moves = pos.legalMoves();
    const move = moves[Math.floor(rand() * moves.length)];
    const ack = expectOk(
      await mover.client.emit('match:move', { matchId: match.id, path: move.path }),
    );
    pos = pos.play(move);
    expect(ack.move).toMatchObject({
      matchId: match.id,
      ply,
      from: move.from,
      to: move.to,
      fen: pos.fen,
    });
    // Both players (the mover included) get the broadcast.
    const seenByOther = await other.client.next('match:move', (e) => e.ply === ply);
    const seenByMover = await mover.client.next('match:move', (e) => e.ply === ply);
    expect(seenByOther).toEqual(ack.move);
    expect(seenByMover).toEqual(ack.move);
    if (ack.move.turn === null) {
      end = await other.client.next('match:end');
      expect(await mover.client.next('match:end')).toEqual(end);
    }
  }
  expect(end).not.toBeNull();
  if (!end) throw new Error('unreachable'); // (narrows: the line above has failed)
  expect(['no-pieces', 'no-moves', 'draw-rule']).toContain(end.result.reason);
  const state = await http(server, 'GET', `/api/matches/${match.id}`);
  expect(state.body.status).toBe('finished');
  expect(state.body.result).toEqual(end.result);
  expect(state.body.turn).toBeNull();
  expect(state.body.fen).toBe(pos.fen);
  // What match:end said (built from what the pairing process remembers: piece ids, names)
  // is what the database holds.
  expect(end.match).toEqual(state.body);
  const history = await http(server, 'GET', `/api/matches/${match.id}/history`);
  expect(history.body).toHaveLength(state.body.ply);
  expect(history.body[history.body.length - 1].fen).toBe(pos.fen);
  const pdn = await http(server, 'GET', `/api/matches/${match.id}/pdn`);
  expect(pdn.status).toBe(200);
  const token =
    end.result.winner === 'white' ? '2-0' : end.result.winner === 'black' ? '0-2' : '1-1';
  expect(pdn.text).toContain(`[Result "${token}"]`);
  expect(pdn.text).toContain('[GameType "26');
  close();
}, 120_000);

test('a game as PDN is text; its errors are JSON like every error', async () => {
  for (const [id, status, code] of [
    ['not-a-uuid', 400, 'INVALID_PAYLOAD'],
    ['00000000-0000-4000-8000-000000000000', 404, 'NOT_FOUND'],
  ] as const) {
    const res = await fetch(`${server.url}/api/matches/${id}/pdn`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  }
  const { match, close } = await pairedMatch(server, 'brazilian');
  const res = await fetch(`${server.url}/api/matches/${match.id}/pdn`);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await res.text()).toContain('[GameType "26');
  close();
});

test('REST: variants, stateless rules, health and docs', async () => {
  const variants = await http(server, 'GET', '/api/variants');
  expect(variants.body.map((v: any) => v.id)).toEqual([
    'brazilian',
    'international',
    'russian',
    'english',
    'pool',
    'italian',
    'spanish',
    'czech',
    'frisian',
    'frysk',
    'antidraughts',
    'breakthrough',
    'canadian',
    'thai',
    'turkish',
  ]);
  expect(variants.body[1]).toEqual({
    id: 'international',
    name: expect.any(String),
    boardSize: 10,
    squares: 50,
    allSquares: false,
    initialFen: 'W:W31-50:B1-20',
  });
  // v1.17: the boards beyond 50 squares say how they are drawn.
  const board = (id: string) => variants.body.find((v: any) => v.id === id);
  expect(board('canadian')).toMatchObject({ boardSize: 12, squares: 72, allSquares: false });
  expect(board('turkish')).toMatchObject({ boardSize: 8, squares: 64, allSquares: true });
  const rules = await http(server, 'POST', '/api/rules/moves', {
    variant: 'brazilian',
    fen: 'W:W22,30:B18',
  });
  expect(rules.status).toBe(200);
  expect(rules.body).toEqual({
    moves: [{ from: 22, to: 15, path: [22, 15], captures: [18], promoted: false }],
    result: null,
  });
  const over = await http(server, 'POST', '/api/rules/moves', {
    variant: 'english',
    fen: 'B:W22:B',
  });
  expect(over.body.result).toEqual({ winner: 'white', reason: 'no-pieces' });
  expect((await http(server, 'GET', '/health')).body).toEqual({ status: 'ok', db: 'up' });
  expect((await http(server, 'GET', '/docs')).status).toBe(200);
  // The Bot API guide, served from the repository's Markdown (the tokens page links it).
  const guide = await http(server, 'GET', '/bot-api');
  expect(guide.status).toBe(200);
  expect(guide.text).toContain('<h1>Bot API and Board API</h1>');
  expect(guide.text).toContain('<table>');
});

test('the OpenAPI document can be used to try requests: bodies, queries, answers, bearer', async () => {
  const doc = (await http(server, 'GET', '/docs-json')).body;
  expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  const move = doc.paths['/api/matches/{id}/moves'].post;
  expect(move.security).toEqual([{ bearer: [] }]);
  const body = move.requestBody.content['application/json'].schema;
  expect(Object.keys(body.properties).sort()).toEqual(['from', 'path', 'ply', 'to']);
  expect(move.responses['201'].content['application/json'].schema.properties.fen).toEqual({
    type: 'string',
  });
  expect(move.responses.default.content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/Error',
  });
  const list = doc.paths['/api/matches'].get.parameters;
  expect(list).toContainEqual(
    expect.objectContaining({ name: 'status', in: 'query', required: false }),
  );
  expect(list.find((p: any) => p.name === 'status').schema.enum).toEqual(['active', 'finished']);
  const challenge = doc.paths['/api/challenges'].post;
  expect(challenge.requestBody.content['application/json'].schema.properties).toHaveProperty('fen');
  expect(doc.paths['/api/challenge/ai'].post.security).toEqual([{ bearer: [] }]);
  // v1.17: the variants and the reasons a game ends for, each a closed list of today's values.
  const state = doc.paths['/api/matches/{id}'].get.responses['200'].content['application/json'];
  const shape = state.schema.$ref
    ? doc.components.schemas[state.schema.$ref.split('/').pop()]
    : state.schema;
  expect(shape.properties.variant.enum).toContain('turkish');
  expect(shape.properties.result.properties.reason.enum).toEqual(
    expect.arrayContaining(['crowned', 'given-away', 'no-moves']),
  );
  expect(
    doc.paths['/api/engine/analyse'].post.requestBody.content['application/json'].schema.required,
  ).toEqual(['variant', 'fen']);
  // v1.14: the stateless rules' answer is described (a bot reads it from the document alone).
  const rules = doc.paths['/api/rules/moves'].post.responses['200'].content['application/json'];
  expect(Object.keys(rules.schema.properties).sort()).toEqual(['moves', 'result']);
  expect(rules.schema.properties.moves.items).toEqual({ $ref: '#/components/schemas/Move' });
  // Every operation says how it fails.
  for (const item of Object.values(doc.paths) as any[])
    for (const op of Object.values(item) as any[]) expect(op.responses.default).toBeDefined();
});

test('a guest takes another name and keeps its identity and games; an account cannot', async () => {
  const { match, white, close } = await pairedMatch(server);
  const r = await http(
    server,
    'PATCH',
    '/api/players/me',
    { name: ' Anabel ' },
    white.player.token,
  );
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ id: white.player.id, name: 'Anabel' });
  const state = (await http(server, 'GET', `/api/matches/${match.id}`)).body;
  expect(state.white).toMatchObject({ id: white.player.id, name: 'Anabel' });
  // The token still works: the same player moves.
  expectOk(await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }));
  expect(
    (await http(server, 'PATCH', '/api/players/me', { name: '' }, white.player.token)).status,
  ).toBe(400);
  expect((await http(server, 'PATCH', '/api/players/me', { name: 'x' })).status).toBe(401);
  const account = await newAccount(server, `renamer_${Date.now() % 100000}`);
  const refused = await http(server, 'PATCH', '/api/players/me', { name: 'x' }, account.token);
  expect(refused.body.error).toMatchObject({ code: 'INVALID_PAYLOAD', subcode: 'ACCOUNT_NAME' });
  close();
});
