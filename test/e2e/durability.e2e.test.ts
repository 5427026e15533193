/** Restarts keep every match; 50 simultaneous submissions of one move apply exactly once. */
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

test('50 parallel REST submissions of the same move: exactly one applies', async () => {
  const { match, white, close } = await pairedMatch(server);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      http(
        server,
        'POST',
        `/api/matches/${match.id}/moves`,
        { from: 22, to: 18 },
        white.player.token,
      ),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(
    answers.filter((a) => a.status !== 201).every((a) => a.body.error.code === 'NOT_YOUR_TURN'),
  ).toBe(true);
  const history = await http(server, 'GET', `/api/matches/${match.id}/history`);
  expect(history.body).toHaveLength(1);
  expect((await http(server, 'GET', `/api/matches/${match.id}`)).body.ply).toBe(1);
  close();
}, 60_000);

test('50 parallel socket submissions from both players: one move per ply', async () => {
  const { match, white, black, close } = await pairedMatch(server);
  const acks = await Promise.all([
    ...Array.from({ length: 25 }, () =>
      white.client.emit('match:move', { matchId: match.id, from: 21, to: 17 }),
    ),
    ...Array.from({ length: 25 }, () =>
      black.client.emit('match:move', { matchId: match.id, from: 9, to: 13 }),
    ),
  ]);
  const oks = acks.filter((a) => a.ok);
  // White's move can apply once; black's once, only after it.
  expect(oks.length).toBeGreaterThanOrEqual(1);
  expect(oks.length).toBeLessThanOrEqual(2);
  const history = (await http(server, 'GET', `/api/matches/${match.id}/history`)).body;
  expect(history.map((m: any) => m.ply)).toEqual(oks.map((_, i) => i + 1));
  close();
}, 60_000);

test('a restart keeps the finished and the ongoing match; the ongoing one goes on', async () => {
  const done = await pairedMatch(server);
  expectOk(await done.white.client.emit('match:resign', { matchId: done.match.id }));
  const live = await pairedMatch(server);
  expectOk(
    await live.white.client.emit('match:move', { matchId: live.match.id, from: 22, to: 18 }),
  );
  const before = (await http(server, 'GET', `/api/matches/${live.match.id}`)).body;
  done.close();
  live.close();

  server = await server.restart();

  const finished = (await http(server, 'GET', `/api/matches/${done.match.id}`)).body;
  expect(finished.status).toBe('finished');
  expect(finished.result).toEqual({ winner: 'black', reason: 'resign' });
  const again = (await http(server, 'GET', `/api/matches/${live.match.id}`)).body;
  expect(again).toEqual(before);
  const black = await connect(server, live.black.player.token);
  const joined = expectOk(await black.emit('match:join', { matchId: live.match.id }));
  expect(joined.match.ply).toBe(1);
  const ack = expectOk(
    await black.emit('match:move', { matchId: live.match.id, from: 11, to: 15 }),
  );
  expect(ack.move.ply).toBe(2);
  black.close();
}, 60_000);

test('spectators see the moves but cannot act', async () => {
  const { match, white, close } = await pairedMatch(server);
  const fan = await newPlayer(server, 'fan');
  const spectator = await connect(server, fan.token);
  const joined = expectOk(await spectator.emit('match:join', { matchId: match.id }));
  expect(joined.match.id).toBe(match.id);
  const ack = expectOk(
    await white.client.emit('match:move', { matchId: match.id, from: 23, to: 19 }),
  );
  expect(await spectator.next('match:move')).toEqual(ack.move);
  for (const [event, payload] of [
    ['match:move', { matchId: match.id, from: 9, to: 13 }],
    ['match:resign', { matchId: match.id }],
    ['match:draw', { matchId: match.id, action: 'offer' }],
  ] as const) {
    expect(errorCode(await spectator.emit(event, payload))).toBe('NOT_A_PLAYER');
  }
  const moves = expectOk(await spectator.emit('match:moves', { matchId: match.id, square: 9 }));
  expect(moves.moves.map((m) => m.to)).toEqual([13, 14]);
  spectator.close();
  close();
}, 60_000);

test('a graceful shutdown tells connected clients to reconnect', async () => {
  const own = await startServer();
  const p = await newPlayer(own);
  const client = await connect(own, p.token);
  const said = client.next('server:shutdown');
  await own.stop();
  expect(await said).toEqual({ reconnect: true });
  client.close();
  await own.destroy();
});
