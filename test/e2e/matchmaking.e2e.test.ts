/** The database-backed queue: pools by variant and clock, tickets die with their socket. */
import { connect, expectOk, newPlayer, startServer, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a disconnected player is no longer in the queue', async () => {
  const gone = await newPlayer(server, 'gone');
  const cg = await connect(server, gone.token);
  expectOk(await cg.emit('queue:join', { variant: 'pool' }));
  cg.close();
  await sleep(300);
  const a = await newPlayer(server, 'a');
  const ca = await connect(server, a.token);
  expectOk(await ca.emit('queue:join', { variant: 'pool' }));
  await expect(ca.next('match:start', () => true, 500)).rejects.toThrow('timed out');
  const b = await newPlayer(server, 'b');
  const cb = await connect(server, b.token);
  expectOk(await cb.emit('queue:join', { variant: 'pool' }));
  const start = await ca.next('match:start');
  expect([start.white.id, start.black.id].sort()).toEqual([a.id, b.id].sort());
  ca.close();
  cb.close();
});

test('players pair only within the same variant and time control', async () => {
  const names = ['r1', 'i1', 'r2', 'rt1', 'rt2'];
  const players = await Promise.all(names.map((n) => newPlayer(server, n)));
  const clients = await Promise.all(players.map((p) => connect(server, p.token)));
  const timed = { initial: 60_000, increment: 1000 };
  expectOk(await clients[0].emit('queue:join', { variant: 'russian' }));
  expectOk(await clients[1].emit('queue:join', { variant: 'italian' }));
  expectOk(await clients[3].emit('queue:join', { variant: 'russian', clock: timed }));
  expectOk(await clients[2].emit('queue:join', { variant: 'russian' }));
  expectOk(await clients[4].emit('queue:join', { variant: 'russian', clock: timed }));
  const untimed = await clients[0].next('match:start');
  expect(untimed.variant).toBe('russian');
  expect(untimed.clock).toBeNull();
  expect([untimed.white.id, untimed.black.id].sort()).toEqual(
    [players[0].id, players[2].id].sort(),
  );
  const withClock = await clients[3].next('match:start');
  // The clocks start once each side has moved (v1.14): White has 20 s for its first move.
  expect(withClock.clock).toEqual({ white: 60_000, black: 60_000, running: null });
  expect(withClock.firstMoveDeadline! - Date.parse(withClock.createdAt)).toBe(20_000);
  await expect(clients[1].next('match:start', () => true, 300)).rejects.toThrow('timed out');
  clients.forEach((c) => c.close());
});

test('queue:join with no payload queues for the default variant, untimed', async () => {
  const a = await newPlayer(server, 'x');
  const b = await newPlayer(server, 'y');
  const ca = await connect(server, a.token);
  const cb = await connect(server, b.token);
  const ack = expectOk(await ca.emit('queue:join'));
  expect(typeof ack.ticketId).toBe('string');
  expectOk(await cb.emit('queue:join', {}));
  const start = await cb.next('match:start');
  expect(start.variant).toBe('brazilian');
  // Both sockets are already in the room: a move reaches both.
  const white = start.white.id === a.id ? ca : cb;
  const black = white === ca ? cb : ca;
  const moved = expectOk(await white.emit('match:move', { matchId: start.id, from: 22, to: 18 }));
  expect(await black.next('match:move')).toEqual(moved.move);
  ca.close();
  cb.close();
});
