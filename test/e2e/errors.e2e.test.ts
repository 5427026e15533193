/** Every error code of PROTOCOL.md, provoked where it belongs; nothing changes after one. */
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  pairedMatch,
  startServer,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

const unknownId = '00000000-0000-4000-8000-000000000000';

test('INVALID_PAYLOAD over sockets and REST', async () => {
  const p = await newPlayer(server);
  const c = await connect(server, p.token);
  const bad = [
    ['match:move', { matchId: 'nope', from: 22, to: 18 }],
    ['match:move', { matchId: unknownId, from: '22', to: 18 }],
    ['match:move', { matchId: unknownId, from: 22.5, to: 18 }],
    ['match:move', { matchId: unknownId, from: 0, to: 18 }],
    ['match:move', { matchId: unknownId, path: [22] }],
    ['match:move', { matchId: unknownId, path: Array.from({ length: 65 }, () => 1) }],
    ['match:move', { matchId: unknownId, from: 22, to: 18, path: [22, 18] }],
    ['match:move', { matchId: unknownId, from: 22, to: 18, extra: 1 }],
    ['match:move', 'a string'],
    ['match:moves', { matchId: unknownId, square: 99 }],
    ['match:join', {}],
    ['match:draw', { matchId: unknownId, action: 'maybe' }],
    ['queue:join', { variant: 'checkers' }],
    ['queue:join', { clock: { initial: -5, increment: 0 } }],
    ['no:such:event', {}],
  ] as const;
  for (const [event, payload] of bad) {
    expect([event, errorCode(await c.emitRaw(event, payload))]).toEqual([event, 'INVALID_PAYLOAD']);
  }
  expect((await http(server, 'POST', '/api/players', { name: '   ' })).body.error.code).toBe(
    'INVALID_PAYLOAD',
  );
  expect((await http(server, 'POST', '/api/players', { name: 'x'.repeat(33) })).status).toBe(400);
  expect((await http(server, 'POST', '/api/players', '{"name": ')).status).toBe(400);
  expect((await http(server, 'GET', '/api/matches/not-a-uuid')).body.error.code).toBe(
    'INVALID_PAYLOAD',
  );
  expect((await http(server, 'GET', `/api/matches/${unknownId}/moves?square=x`)).status).toBe(400);
  const rules = await http(server, 'POST', '/api/rules/moves', {
    variant: 'brazilian',
    fen: 'W:W99:B1',
  });
  expect(rules.status).toBe(400);
  expect(rules.body.error.code).toBe('INVALID_PAYLOAD');
  c.close();
});

test('UNAUTHENTICATED: sockets refused at connect, REST without a valid bearer', async () => {
  for (const token of [undefined, 'forged-token']) {
    const err = await connect(server, token).then(
      () => null,
      (e: Error & { data?: { code?: string } }) => e,
    );
    expect(err?.message).toBe('UNAUTHENTICATED');
    expect(err?.data?.code).toBe('UNAUTHENTICATED');
  }
  const { match, close } = await pairedMatch(server);
  const noToken = await http(server, 'POST', `/api/matches/${match.id}/moves`, {
    from: 22,
    to: 18,
  });
  expect([noToken.status, noToken.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  const badToken = await http(
    server,
    'POST',
    `/api/matches/${match.id}/moves`,
    { from: 22, to: 18 },
    'nope',
  );
  expect(badToken.status).toBe(401);
  // Squares off this board with a bad token: the payload is wrong first (PROTOCOL.md's order);
  // an unknown match with a bad token: who asks first, then NOT_FOUND.
  for (const body of [{ from: 40, to: 18 }, { path: [22, 45] }]) {
    const off = await http(server, 'POST', `/api/matches/${match.id}/moves`, body, 'nope');
    expect([off.status, off.body.error.code]).toEqual([400, 'INVALID_PAYLOAD']);
  }
  const unknown = await http(
    server,
    'POST',
    `/api/matches/${unknownId}/moves`,
    { from: 40, to: 18 },
    'nope',
  );
  expect([unknown.status, unknown.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  close();
});

test('NOT_FOUND, NOT_A_PLAYER, NOT_YOUR_TURN, NO_PIECE, ILLEGAL_MOVE, MATCH_OVER', async () => {
  const { match, white, black, close } = await pairedMatch(server);
  const id = match.id;
  expect(
    errorCode(await white.client.emit('match:move', { matchId: unknownId, from: 22, to: 18 })),
  ).toBe('NOT_FOUND');
  expect((await http(server, 'GET', `/api/matches/${unknownId}`)).status).toBe(404);
  const stranger = await newPlayer(server, 'eve');
  const sc = await connect(server, stranger.token);
  expect(errorCode(await sc.emit('match:move', { matchId: id, from: 22, to: 18 }))).toBe(
    'NOT_A_PLAYER',
  );
  const rest = await http(
    server,
    'POST',
    `/api/matches/${id}/moves`,
    { from: 22, to: 18 },
    stranger.token,
  );
  expect([rest.status, rest.body.error.code]).toEqual([403, 'NOT_A_PLAYER']);
  expect(errorCode(await black.client.emit('match:move', { matchId: id, from: 9, to: 13 }))).toBe(
    'NOT_YOUR_TURN',
  );
  expect(errorCode(await white.client.emit('match:move', { matchId: id, from: 18, to: 14 }))).toBe(
    'NO_PIECE',
  );
  expect(errorCode(await white.client.emit('match:move', { matchId: id, from: 9, to: 13 }))).toBe(
    'NO_PIECE',
  );
  expect(errorCode(await white.client.emit('match:move', { matchId: id, from: 22, to: 14 }))).toBe(
    'ILLEGAL_MOVE',
  );
  const illegal = await http(
    server,
    'POST',
    `/api/matches/${id}/moves`,
    { from: 22, to: 15 },
    white.player.token,
  );
  expect([illegal.status, illegal.body.error.code]).toEqual([422, 'ILLEGAL_MOVE']);
  // None of that changed anything.
  const state = (await http(server, 'GET', `/api/matches/${id}`)).body;
  expect([state.ply, state.fen]).toEqual([0, match.fen]);
  expectOk(await black.client.emit('match:resign', { matchId: id }));
  expect(errorCode(await white.client.emit('match:move', { matchId: id, from: 22, to: 18 }))).toBe(
    'MATCH_OVER',
  );
  expect(errorCode(await black.client.emit('match:resign', { matchId: id }))).toBe('MATCH_OVER');
  sc.close();
  close();
});

test('AMBIGUOUS_MOVE: two captures from 17 to 1; the full path decides', async () => {
  const w = await newPlayer(server, 'w');
  const b = await newPlayer(server, 'b');
  const cw = await connect(server, w.token);
  const created = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    fen: 'W:WK17:B6,14,22,23,27',
    whiteId: w.id,
    blackId: b.id,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect(errorCode(await cw.emit('match:move', { matchId: id, from: 17, to: 1 }))).toBe(
    'AMBIGUOUS_MOVE',
  );
  const ok = expectOk(await cw.emit('match:move', { matchId: id, path: [17, 26, 19, 1] }));
  expect(ok.move.captures).toEqual([22, 23, 6]);
  cw.close();
});

test('REFUSED (v1.13) to a client of 1.13 or later; ILLEGAL_MOVE to one that says nothing', async () => {
  const { match, white, close } = await pairedMatch(server);
  expectOk(await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }));
  // Nothing of black's to take back: a refusal, not a move.
  const asked = { matchId: match.id, action: 'accept' } as const;
  const newer = await white.client.emit('match:draw', asked);
  expect(newer).toMatchObject({ ok: false, error: { code: 'REFUSED', subcode: 'NO_OFFER' } });
  const older = await connect(server, white.player.token, { protocol: null });
  expect(await older.emit('match:draw', asked)).toMatchObject({
    ok: false,
    error: { code: 'ILLEGAL_MOVE', subcode: 'NO_OFFER' },
  });
  older.close();
  // The same over HTTP: by the Damas-Protocol header.
  const game = await http(server, 'POST', `/api/matches/${match.id}/analysis`);
  expect(game.body.error).toMatchObject({ code: 'REFUSED', subcode: 'GAME_GOING_ON' });
  const plain = await fetch(`${server.url}/api/matches/${match.id}/analysis`, { method: 'POST' });
  expect((await plain.json()).error).toMatchObject({
    code: 'ILLEGAL_MOVE',
    subcode: 'GAME_GOING_ON',
  });
  close();
});

test('ALREADY_QUEUED, and leaving the queue', async () => {
  const p = await newPlayer(server, 'q');
  const c = await connect(server, p.token);
  expectOk(await c.emit('queue:join', { variant: 'czech' }));
  expect(errorCode(await c.emit('queue:join', { variant: 'czech' }))).toBe('ALREADY_QUEUED');
  expect(errorCode(await c.emit('queue:join', { variant: 'english' }))).toBe('ALREADY_QUEUED');
  expectOk(await c.emit('queue:leave', {}));
  expectOk(await c.emit('queue:join', { variant: 'czech' }));
  c.close();
});

test('RATE_LIMITED: a flood of events is answered, not served', async () => {
  const p = await newPlayer(server, 'flood');
  const c = await connect(server, p.token);
  const acks = await Promise.all(
    Array.from({ length: 150 }, () => c.emit('match:moves', { matchId: unknownId, square: 1 })),
  );
  const codes = acks.map(errorCode);
  expect(codes).toContain('RATE_LIMITED');
  expect(codes).toContain('NOT_FOUND');
  c.close();
});
