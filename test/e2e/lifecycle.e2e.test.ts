/**
 * The game lifecycle with real sockets and real timers (short time controls, not fake clocks):
 * flag falls, a timeout while the server was down, draws, abort, abandonment, reconnects,
 * rematches. Every ending is checked to read the same in match:end, GET and the PDN.
 */
import type { MatchEnd } from '../../src/common/protocol.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  pairedMatch,
  startServer,
  TestTime,
  type Server,
} from './harness.js';

/** Real time, but for the grace period's test: it stops the clock (see there). */
const time = new TestTime();
let server: Server;
beforeAll(async () => {
  server = await startServer({ clockSweepMs: 50, disconnectGraceMs: 400 }, { time });
});
afterAll(async () => {
  await server.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TOKEN: Record<string, string> = { white: '2-0', black: '0-2', draw: '1-1' };

/** The same result in match:end, in GET /api/matches/:id and in the PDN's Result tag. */
async function sameEverywhere(matchId: string, end: MatchEnd): Promise<void> {
  const state = (await http(server, 'GET', `/api/matches/${matchId}`)).body;
  expect(state.status).toBe('finished');
  expect(state.result).toEqual(end.result);
  expect(end.match.result).toEqual(end.result);
  const pdn = (await http(server, 'GET', `/api/matches/${matchId}/pdn`)).text;
  const token = end.result.reason === 'aborted' ? '*' : TOKEN[end.result.winner ?? 'draw'];
  expect(pdn).toContain(`[Result "${token}"]`);
}

/** The first two moves (each side's first: off the clock), so that White's clock runs. */
async function onTheClock(p: Awaited<ReturnType<typeof pairedMatch>>): Promise<void> {
  expectOk(await p.white.client.emit('match:move', { matchId: p.match.id, from: 22, to: 18 }));
  expectOk(await p.black.client.emit('match:move', { matchId: p.match.id, from: 11, to: 15 }));
}

test('a flag falls while the flagged player stays silent: timeout, once', async () => {
  const paired = await pairedMatch(server, 'brazilian', { initial: 400, increment: 0 });
  const { match, white, black, close } = paired;
  await onTheClock(paired);
  const end = await black.client.next('match:end', () => true, 3000);
  expect(end.result).toEqual({ winner: 'black', reason: 'timeout' });
  expect(end.match.clock).toEqual({ white: 0, black: 400, running: null });
  await sleep(300);
  expect(white.client.events.filter((e) => e.event === 'match:end')).toHaveLength(1);
  expect(black.client.events.filter((e) => e.event === 'match:end')).toHaveLength(0);
  await sameEverywhere(match.id, end);
  expect(
    errorCode(await white.client.emit('match:move', { matchId: match.id, from: 18, to: 11 })),
  ).toBe('MATCH_OVER');
  close();
});

test('the first moves are off the clock; from the third, moves carry both clocks and the increment', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'brazilian', {
    initial: 5000,
    increment: 1000,
  });
  expect(match.clock).toEqual({ white: 5000, black: 5000, running: null });
  expect(match.firstMoveDeadline).toBeGreaterThan(Date.now());
  const one = expectOk(
    await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }),
  );
  expect(one.move.clock).toEqual({ white: 5000, black: 5000, running: null });
  const two = expectOk(
    await black.client.emit('match:move', { matchId: match.id, from: 11, to: 15 }),
  );
  // Both have moved: White's clock runs.
  expect(two.move.clock).toEqual({ white: 5000, black: 5000, running: 'white' });
  const state = (await http(server, 'GET', `/api/matches/${match.id}`)).body;
  expect(state.firstMoveDeadline).toBeNull();
  const three = expectOk(
    await white.client.emit('match:move', { matchId: match.id, from: 18, to: 11 }),
  );
  expect(three.move.clock!.running).toBe('black');
  expect(three.move.clock!.black).toBe(5000);
  expect(three.move.clock!.white).toBeGreaterThan(5000);
  expect(three.move.clock!.white).toBeLessThanOrEqual(6000);
  close();
});

test('a first move that never comes: the game is aborted after its first-move time, unrated', async () => {
  const { match, white, close } = await pairedMatch(server, 'brazilian', {
    initial: 60_000,
    increment: 0,
  });
  // A bullet game: 20 s for White's first move (the clock moved on instead of waited for).
  expect(match.firstMoveDeadline! - Date.parse(match.createdAt)).toBe(20_000);
  time.advance(20_000);
  const end = await white.client.next('match:end', (e) => e.matchId === match.id, 3000);
  expect(end.result).toEqual({ winner: null, reason: 'aborted' });
  await sameEverywhere(match.id, end);
  close();
});

test('a clock that runs out while the server is down ends the game on time at restart, once', async () => {
  const paired = await pairedMatch(server, 'brazilian', { initial: 800, increment: 0 });
  const { match, close } = paired;
  await onTheClock(paired);
  close();
  await server.stop();
  await sleep(900);
  server = await server.restart();
  let state: any;
  for (let i = 0; i < 40; i++) {
    state = (await http(server, 'GET', `/api/matches/${match.id}`)).body;
    if (state.status === 'finished') break;
    await sleep(50);
  }
  expect(state.result).toEqual({ winner: 'black', reason: 'timeout' });
  const endedAt = state.endedAt;
  await sleep(200);
  expect((await http(server, 'GET', `/api/matches/${match.id}`)).body.endedAt).toBe(endedAt);
  const pdn = (await http(server, 'GET', `/api/matches/${match.id}/pdn`)).text;
  expect(pdn).toContain('[Result "0-2"]');
}, 30_000);

test('when no server runs for 3 s or more, the player to move gets that time back', async () => {
  const paired = await pairedMatch(server, 'brazilian', { initial: 4000, increment: 0 });
  const { match, close } = paired;
  await onTheClock(paired);
  close();
  await server.stop();
  await sleep(4500);
  server = await server.restart();
  const state = (await http(server, 'GET', `/api/matches/${match.id}`)).body;
  expect(state.status).toBe('active');
  expect(state.clock.running).toBe('white');
  // White had 4 s when the server went away for ~4.5 s: still most of them now.
  expect(state.clock.white).toBeGreaterThan(2500);
}, 30_000);

test('a draw offer lapses when the opponent moves; offers can be accepted and declined', async () => {
  const { match, white, black, close } = await pairedMatch(server);
  const id = match.id;
  expectOk(await white.client.emit('match:move', { matchId: id, from: 22, to: 18 }));
  expectOk(await white.client.emit('match:draw', { matchId: id, action: 'offer' }));
  expect(await black.client.next('match:draw')).toEqual({
    matchId: id,
    action: 'offer',
    by: 'white',
  });
  expect(errorCode(await white.client.emit('match:draw', { matchId: id, action: 'accept' }))).toBe(
    'REFUSED',
  );
  expectOk(await black.client.emit('match:move', { matchId: id, from: 11, to: 15 }));
  expect((await http(server, 'GET', `/api/matches/${id}`)).body.drawOffer).toBeNull();
  expect(errorCode(await black.client.emit('match:draw', { matchId: id, action: 'accept' }))).toBe(
    'REFUSED',
  );
  expectOk(await black.client.emit('match:draw', { matchId: id, action: 'offer' }));
  expectOk(await white.client.emit('match:draw', { matchId: id, action: 'decline' }));
  expect(await black.client.next('match:draw', (d) => d.action === 'decline')).toMatchObject({
    by: 'white',
  });
  expectOk(await black.client.emit('match:draw', { matchId: id, action: 'offer' }));
  expectOk(await white.client.emit('match:draw', { matchId: id, action: 'accept' }));
  const end = await black.client.next('match:end');
  expect(end.result).toEqual({ winner: null, reason: 'draw-agreed' });
  await sameEverywhere(id, end);
  close();
});

test('resignation', async () => {
  const { match, white, black, close } = await pairedMatch(server);
  expectOk(await white.client.emit('match:resign', { matchId: match.id }));
  const end = await black.client.next('match:end');
  expect(end.result).toEqual({ winner: 'black', reason: 'resign' });
  await sameEverywhere(match.id, end);
  close();
});

test('abort before each side has moved; not after', async () => {
  const one = await pairedMatch(server);
  expectOk(await one.white.client.emit('match:move', { matchId: one.match.id, from: 22, to: 18 }));
  expectOk(await one.black.client.emit('match:abort', { matchId: one.match.id }));
  const end = await one.white.client.next('match:end');
  expect(end.result).toEqual({ winner: null, reason: 'aborted' });
  await sameEverywhere(one.match.id, end);
  one.close();
  const two = await pairedMatch(server);
  expectOk(await two.white.client.emit('match:move', { matchId: two.match.id, from: 22, to: 18 }));
  expectOk(await two.black.client.emit('match:move', { matchId: two.match.id, from: 11, to: 15 }));
  expect(errorCode(await two.white.client.emit('match:abort', { matchId: two.match.id }))).toBe(
    'REFUSED',
  );
  two.close();
});

test('a player who leaves gets a grace period; after it the opponent claims the win', async () => {
  const { match, white, black } = await pairedMatch(server);
  // The clock stands still until the grace period is over by the test's say-so: on a loaded
  // machine 400 real milliseconds may pass before the first claim arrives.
  const left = time.freeze();
  try {
    black.client.close();
    const gone = await white.client.next('match:presence');
    expect(gone).toMatchObject({ matchId: match.id, color: 'black', online: false });
    expect(gone.claimAt).toBe(left + 400);
    // The same moment as a delay (v1.10): the grace period, for clients whose clock is off.
    expect(gone.claimInMs).toBe(400);
    time.advance(399);
    expect(errorCode(await white.client.emit('match:claim', { matchId: match.id }))).toBe(
      'REFUSED',
    );
    time.advance(1);
    expectOk(await white.client.emit('match:claim', { matchId: match.id }));
  } finally {
    time.thaw();
  }
  const end = await white.client.next('match:end');
  expect(end.result).toEqual({ winner: 'white', reason: 'abandoned' });
  await sameEverywhere(match.id, end);
  white.client.close();
});

test('coming back within the grace period changes nothing; a new socket resumes the game', async () => {
  const { match, white, black } = await pairedMatch(server);
  expectOk(await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }));
  black.client.close();
  await white.client.next('match:presence', (p) => p.online === false);
  const again = await connect(server, black.player.token);
  expect(await white.client.next('match:presence', (p) => p.online === true)).toMatchObject({
    color: 'black',
  });
  const joined = expectOk(await again.emit('match:join', { matchId: match.id }));
  expect(joined.match).toMatchObject({ id: match.id, ply: 1, turn: 'black', status: 'active' });
  expect(joined.match.pieces).toHaveLength(24);
  await sleep(500);
  expect(errorCode(await white.client.emit('match:claim', { matchId: match.id }))).toBe('REFUSED');
  const ack = expectOk(await again.emit('match:move', { matchId: match.id, from: 11, to: 15 }));
  expect(await white.client.next('match:move', (e) => e.ply === 2)).toEqual(ack.move);
  again.close();
  white.client.close();
});

test('rematch with colours swapped; both get match:start', async () => {
  const { match, white, black, close } = await pairedMatch(server, 'russian');
  expect(
    errorCode(await white.client.emit('match:rematch', { matchId: match.id, action: 'offer' })),
  ).toBe('REFUSED');
  expectOk(await white.client.emit('match:resign', { matchId: match.id }));
  expectOk(await white.client.emit('match:rematch', { matchId: match.id, action: 'offer' }));
  expect(await black.client.next('match:rematch')).toEqual({
    matchId: match.id,
    action: 'offer',
    by: 'white',
  });
  // A page loaded now reads the offer standing (and says so to the one who made it, too).
  const offered = expectOk(await white.client.emit('match:join', { matchId: match.id })).match;
  expect([offered.rematchOffer, offered.rematchId]).toEqual(['white', null]);
  expectOk(await black.client.emit('match:rematch', { matchId: match.id, action: 'accept' }));
  const started = await white.client.next('match:start', (m) => m.id !== match.id);
  // One who missed match:start finds the new game from the old one (join and REST).
  const joined = expectOk(await black.client.emit('match:join', { matchId: match.id })).match;
  expect([joined.rematchOffer, joined.rematchId]).toEqual([null, started.id]);
  const read = (await http(server, 'GET', `/api/matches/${match.id}`)).body;
  expect(read.rematchId).toBe(started.id);
  expect(await black.client.next('match:start', (m) => m.id === started.id)).toEqual(started);
  expect(started.variant).toBe('russian');
  expect(started.white.id).toBe(black.player.id);
  expect(started.black.id).toBe(white.player.id);
  expect(
    errorCode(await black.client.emit('match:rematch', { matchId: match.id, action: 'accept' })),
  ).toBe('REFUSED');
  close();
});

test('the lobby lists live matches; spectators join read-only', async () => {
  const { match, white, close } = await pairedMatch(server, 'czech');
  const live = (await http(server, 'GET', '/api/matches?status=active')).body;
  expect(live.find((m: any) => m.id === match.id)).toMatchObject({
    variant: 'czech',
    status: 'active',
    ply: 0,
  });
  expect((await http(server, 'GET', '/api/matches?status=bogus')).status).toBe(400);
  const fan = await connect(server, (await newPlayer(server, 'fan')).token);
  expectOk(await fan.emit('match:join', { matchId: match.id }));
  expectOk(await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }));
  expect((await fan.next('match:move')).ply).toBe(1);
  for (const event of ['match:abort', 'match:claim', 'match:resign'] as const) {
    expect(errorCode(await fan.emit(event, { matchId: match.id }))).toBe('NOT_A_PLAYER');
  }
  expect(errorCode(await fan.emit('match:rematch', { matchId: match.id, action: 'offer' }))).toBe(
    'NOT_A_PLAYER',
  );
  expect(errorCode(await fan.emit('match:abort', { matchId: 'x' }))).toBe('INVALID_PAYLOAD');
  expect(
    errorCode(await fan.emit('match:claim', { matchId: '00000000-0000-4000-8000-000000000000' })),
  ).toBe('NOT_FOUND');
  fan.close();
  close();
});
