/**
 * Playing the computer through the real app: real socket.io clients, the engine in real worker
 * threads, PGlite or PostgreSQL. Games to the end, the computer opening as white, offers, bad
 * input, and a game resumed after a restart while the computer was thinking.
 */
import type { MatchState, MoveEvent } from '../../src/common/protocol.js';
import { Position, unwrap, type VariantId } from '../../src/rules/index.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  startServer,
  usingPostgres,
  type Client,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ engineThreads: 1, computerSweepMs: 100 });
});
afterAll(async () => {
  await server.destroy();
});

async function computerGame(
  s: Server,
  opts: { variant: VariantId; level: number; color: 'white' | 'black' },
): Promise<{ client: Client; start: MatchState; token: string }> {
  const p = await newPlayer(s, 'eva');
  const client = await connect(s, p.token);
  const { matchId } = expectOk(await client.emit('computer:play', { ...opts, clock: null }));
  const start = await client.next('match:start', (m) => m.id === matchId);
  return { client, start, token: p.token };
}

/** Plays the person's side with the first legal move (seeded choice) until the game ends. */
async function playOut(client: Client, start: MatchState, human: 'white' | 'black') {
  let pos = unwrap(Position.fromFen(start.variant, start.fen));
  let ply = start.ply;
  let seed = 7;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const computerMoves: MoveEvent[] = [];
  while (ply < 400) {
    if (pos.turn === human) {
      const moves = pos.legalMoves();
      const move = moves[Math.floor(rand() * moves.length)];
      const ack = expectOk(await client.emit('match:move', { matchId: start.id, path: move.path }));
      pos = pos.play(move);
      ply = ack.move.ply;
      if (ack.move.turn === null) break;
    } else {
      const e = await client.next('match:move', (m) => m.matchId === start.id && m.ply === ply + 1);
      // The computer's move is one the rules generate here.
      expect(pos.legalMoves().map((m) => m.path)).toContainEqual(e.path);
      pos = pos.play(unwrap(pos.findMove({ path: e.path })));
      expect(e.fen).toBe(pos.fen);
      computerMoves.push(e);
      ply = e.ply;
      if (e.turn === null) break;
    }
  }
  return { ply, computerMoves, end: await client.next('match:end', (m) => m.matchId === start.id) };
}

test('a game against the computer (level 1, english), played to its end by the rules', async () => {
  const { client, start } = await computerGame(server, {
    variant: 'english',
    level: 1,
    color: 'white',
  });
  expect(start.computer).toEqual({ color: 'black', level: 1 });
  expect(start.black.name).toBe('Computer level 1');
  const { ply, computerMoves, end } = await playOut(client, start, 'white');
  expect(computerMoves.length).toBeGreaterThan(3);
  expect(['no-pieces', 'no-moves', 'draw-rule']).toContain(end.result.reason);
  const stored = await http(server, 'GET', `/api/matches/${start.id}/history`);
  expect(stored.body).toHaveLength(ply);
  expect(end.match.computer).toEqual({ color: 'black', level: 1 });
  client.close();
});

test('the computer as white opens by itself; a draw offer at the start is declined', async () => {
  const { client, start } = await computerGame(server, {
    variant: 'international',
    level: 2,
    color: 'black',
  });
  expect(start.computer).toEqual({ color: 'white', level: 2 });
  const first = await client.next('match:move', (m) => m.matchId === start.id && m.ply === 1);
  expect(first.by).toBe('white');
  expectOk(await client.emit('match:draw', { matchId: start.id, action: 'offer' }));
  const answer = await client.next('match:draw', (d) => d.matchId === start.id && d.by === 'white');
  expect(answer.action).toBe('decline');
  expectOk(await client.emit('match:resign', { matchId: start.id }));
  const end = await client.next('match:end', (m) => m.matchId === start.id);
  expect(end.result).toEqual({ winner: 'white', reason: 'resign' });
  client.close();
});

test('a game ended while the computer thinks: its search stops and no move is stored', async () => {
  // A computer that thinks 30 s a move (level 8's second, stretched): the abort surely comes
  // while it thinks, however loaded the machine is.
  const slow = await startServer({ engineThreads: 1, computerThinkScale: 30 });
  try {
    const { client, start } = await computerGame(slow, {
      variant: 'international',
      level: 8,
      color: 'black',
    });
    const status = async () => (await http(slow, 'GET', '/api/engine/status')).body;
    while ((await status()).running === 0) await new Promise((r) => setTimeout(r, 10));
    expectOk(await client.emit('match:abort', { matchId: start.id }));
    const end = await client.next('match:end', (m) => m.matchId === start.id);
    expect(end.result.reason).toBe('aborted');
    const stoppedAt = Date.now();
    while ((await status()).running > 0) await new Promise((r) => setTimeout(r, 10));
    // Stopped, not run to its budget of 30 s.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await http(slow, 'GET', `/api/matches/${start.id}/history`)).body).toEqual([]);
    expect(client.events.filter((e) => e.event === 'match:move')).toHaveLength(0);
    client.close();
  } finally {
    await slow.destroy();
  }
});

test('a rematch offered to the computer is accepted with colours swapped', async () => {
  const { client, start } = await computerGame(server, {
    variant: 'russian',
    level: 1,
    color: 'white',
  });
  expectOk(await client.emit('match:resign', { matchId: start.id }));
  await client.next('match:end', (m) => m.matchId === start.id);
  expectOk(await client.emit('match:rematch', { matchId: start.id, action: 'offer' }));
  const accepted = await client.next(
    'match:rematch',
    (r) => r.matchId === start.id && r.action === 'accept',
  );
  const next = await client.next('match:start', (m) => m.id === accepted.newMatchId);
  expect(next.computer).toEqual({ color: 'white', level: 1 });
  // It is the computer's move in the new game, and it makes it.
  await client.next('match:move', (m) => m.matchId === next.id && m.ply === 1);
  client.close();
});

test("a game against the computer from a set position (the board editor's) starts there", async () => {
  // English, White to move: a king and a man against two men; the computer plays Black.
  const fen = 'W:WK14,27:B5,10';
  const p = await newPlayer(server, 'rui');
  const client = await connect(server, p.token);
  const { matchId } = expectOk(
    await client.emit('computer:play', { variant: 'english', level: 1, color: 'white', fen }),
  );
  const start = await client.next('match:start', (m) => m.id === matchId);
  expect(start.fen).toBe(unwrap(Position.fromFen('english', fen)).fen);
  expect(start.ply).toBe(0);
  const { end } = await playOut(client, start, 'white');
  expect(end.result.winner === null || ['white', 'black'].includes(end.result.winner)).toBe(true);
  const pdn = await http(server, 'GET', `/api/matches/${matchId}/pdn`);
  expect(pdn.text).toContain('[FEN "W:WK14,27:B5,10"]');
  client.close();
});

test.each([
  [{ level: 3, fen: 'W:W21:B' }],
  [{ level: 3, fen: 'not a fen' }],
  [{ level: 3, variant: 'english', fen: 'W:WK29:B25,22' }],
  [{ level: 0 }],
  [{ level: 9 }],
  [{ level: 3, color: 'green' }],
  [{ level: 3, variant: 'chess' }],
  [{ level: 3, clock: { initial: 10 } }],
  [{}],
])('computer:play %j is refused INVALID_PAYLOAD and starts nothing', async (payload) => {
  const p = await newPlayer(server, 'ivo');
  const client = await connect(server, p.token);
  expect(errorCode(await client.emitRaw('computer:play', payload))).toBe('INVALID_PAYLOAD');
  await new Promise((r) => setTimeout(r, 100));
  expect(client.events.filter((e) => e.event === 'match:start')).toHaveLength(0);
  client.close();
});

test('the computer, thinking when the server stops, moves after the restart', async () => {
  let s = await startServer({ engineThreads: 1, computerSweepMs: 100 });
  try {
    const { client, start, token } = await computerGame(s, {
      variant: 'brazilian',
      level: 8,
      color: 'white',
    });
    const pos = unwrap(Position.fromFen('brazilian', start.fen));
    const move = pos.legalMoves()[0];
    expectOk(await client.emit('match:move', { matchId: start.id, path: move.path }));
    // Level 8 thinks about a second: stop while it does.
    await new Promise((r) => setTimeout(r, 150));
    client.close();
    s = await s.restart();
    const back = await connect(s, token);
    expectOk(await back.emit('match:join', { matchId: start.id }));
    const reply = await back.next(
      'match:move',
      (m) => m.matchId === start.id && m.ply === 2,
      15_000,
    );
    expect(reply.by).toBe('black');
    const state = await http(s, 'GET', `/api/matches/${start.id}`);
    expect(state.body.ply).toBe(2);
    back.close();
  } finally {
    await s.destroy();
  }
});

// PostgreSQL only: two apps on one database stand for two server processes. Both hear every
// move; the claim lets exactly one of them think on each of the computer's plies.
if (usingPostgres())
  test('two server processes: each computer move is searched once and stored once', async () => {
    const second = await server.another();
    try {
      const before = await Promise.all(
        [server, second].map((s) => http(s, 'GET', '/api/engine/status')),
      );
      const { client, start } = await computerGame(server, {
        variant: 'pool',
        level: 2,
        color: 'white',
      });
      // The person plays on the second process, the game was made on the first.
      const p2 = await connect(second, (await newPlayer(second, 'spectator')).token);
      expectOk(await p2.emit('match:join', { matchId: start.id }));
      let pos = unwrap(Position.fromFen('pool', start.fen));
      for (let ply = 1; ply <= 20; ply += 2) {
        const move = pos.legalMoves()[0];
        const ack = expectOk(
          await client.emit('match:move', { matchId: start.id, path: move.path }),
        );
        pos = pos.play(move);
        if (ack.move.turn === null) break;
        const reply = await client.next(
          'match:move',
          (m) => m.matchId === start.id && m.ply === ply + 1,
        );
        pos = pos.play(unwrap(pos.findMove({ path: reply.path })));
        if (reply.turn === null) break;
      }
      const after = await Promise.all(
        [server, second].map((s) => http(s, 'GET', '/api/engine/status')),
      );
      const searches = after.reduce(
        (n, a, i) => n + a.body.completed - before[i].body.completed,
        0,
      );
      const history = await http(server, 'GET', `/api/matches/${start.id}/history`);
      const computerPlies = (history.body as { by: string }[]).filter((m) => m.by === 'black');
      expect(computerPlies.length).toBeGreaterThanOrEqual(5);
      expect(searches).toBe(computerPlies.length);
      client.close();
      p2.close();
    } finally {
      await second.stop();
    }
  }, 60_000);
