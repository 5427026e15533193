/**
 * Game analysis (POST/GET /api/matches/:id/analysis) through the real app and the real engine
 * pool: a finished game's every position scored once, the blunder marked with the best move,
 * stored once, and bad requests refused with their codes.
 */
import { GameAnalysisService } from '../../src/game-analysis/game-analysis.service.js';
import type { GameAnalysis } from '../../src/common/protocol.js';
import { Position, unwrap } from '../../src/rules/index.js';
import {
  connect,
  expectOk,
  http,
  newPlayer,
  playedGame,
  startServer,
  type Player,
  usingPostgres,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ engineThreads: 1, analysisStaleMs: 1_000 });
});
afterAll(async () => {
  await server.destroy();
});

/** English, White to move: 18-14 loses (Black wins by force), 18-15 and 29-25 hold. */
const FEN = 'W:W18,29:B1,9';

async function game(): Promise<{ id: string; white: Player; black: Player }> {
  const white = await newPlayer(server, 'wendy');
  const black = await newPlayer(server, 'bram');
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'english',
    fen: FEN,
    whiteId: white.id,
    blackId: black.id,
  });
  expect(made.status).toBe(201);
  return { id: made.body.id as string, white, black };
}

const analysis = (id: string) => http(server, 'GET', `/api/matches/${id}/analysis`);

async function done(id: string, seconds = 30): Promise<GameAnalysis> {
  for (let i = 0; i < seconds * 10; i++) {
    const r = await analysis(id);
    if (r.body.status === 'done') return r.body as GameAnalysis;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`the analysis did not finish in ${seconds} s`);
}

test('a finished game: every position scored, the blunder marked with the best move, stored once', async () => {
  const { id, white, black } = await game();
  // Not over yet: refused, nothing stored.
  const early = await http(server, 'POST', `/api/matches/${id}/analysis`);
  expect(early.status).toBe(422);
  expect(early.body.error.code).toBe('REFUSED');
  const none = await analysis(id);
  expect(none.status).toBe(200);
  expect(none.body).toBeNull();

  const move = (p: Player, body: object) =>
    http(server, 'POST', `/api/matches/${id}/moves`, body, p.token);
  expect((await move(white, { from: 18, to: 14 })).status).toBe(201);
  const after = unwrap(Position.fromFen('english', FEN)).play(
    unwrap(unwrap(Position.fromFen('english', FEN)).findMove({ from: 18, to: 14 })),
  );
  const reply = after.legalMoves()[0];
  expect((await move(black, { path: reply.path })).status).toBe(201);
  const c = await connect(server, white.token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();

  const first = await http(server, 'POST', `/api/matches/${id}/analysis`);
  expect([200, 202]).toContain(first.status);
  expect(first.body).toMatchObject({
    matchId: id,
    variant: 'english',
    progress: { total: 3 },
    budget: { nodes: expect.any(Number) },
  });
  const a = await done(id);
  expect(a.progress).toEqual({ done: 3, total: 3 });
  expect(a.positions.map((p) => p.ply)).toEqual([0, 1, 2]);
  const [p0, p1, p2] = a.positions;
  expect(p0).toMatchObject({ fen: FEN, move: '18-14', judgement: 'blunder' });
  expect(['18-15', '29-25']).toContain(p0.best);
  expect(p0.loss).toBeGreaterThanOrEqual(0.3);
  // Black is winning after the blunder (at this budget the engine may not yet see the mate).
  expect(p1.chance).toBeLessThan(p0.chance - 0.3);
  expect(p2.move).toBeUndefined();
  for (const p of a.positions) {
    expect(p.chance).toBeGreaterThanOrEqual(-1);
    expect(p.chance).toBeLessThanOrEqual(1);
    expect(p.depth).toBeGreaterThan(0);
    expect(p.pv[0]).toBe(p.best);
  }
  expect(a.summary?.white).toMatchObject({ blunders: 1 });
  expect(a.finishedAt).not.toBeNull();

  // Asked again: the stored analysis, not a new one.
  const again = await http(server, 'POST', `/api/matches/${id}/analysis`);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(a);
}, 60_000);

test('bad requests: not a uuid, no such game', async () => {
  const bad = await http(server, 'POST', '/api/matches/nope/analysis');
  expect(bad.status).toBe(400);
  expect(bad.body.error.code).toBe('INVALID_PAYLOAD');
  const none = await http(
    server,
    'POST',
    '/api/matches/00000000-0000-4000-8000-00000000abcd/analysis',
  );
  expect(none.status).toBe(404);
  expect(none.body.error.code).toBe('NOT_FOUND');
});

test('two requests at once start one analysis', async () => {
  const { id, white } = await game();
  const c = await connect(server, white.token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();
  const both = await Promise.all(
    [1, 2, 3].map(() => http(server, 'POST', `/api/matches/${id}/analysis`)),
  );
  const created = new Set(both.map((r) => r.body.createdAt));
  expect(created.size).toBe(1);
  const a = await done(id);
  expect(a.positions).toHaveLength(1);
  expect(a.positions[0].move).toBeUndefined();
});

// PostgreSQL only: two apps on one database stand for two server processes.
if (usingPostgres())
  test('an analysis whose process died is taken over by the next request, on another process', async () => {
    const other = await server.another();
    // 40 plies of the first legal move, through the server, then a resignation.
    const { id, positions } = await playedGame(server, 'international', 40);
    const plies = positions.length - 1;
    const first = await http(other, 'POST', `/api/matches/${id}/analysis`);
    expect(first.status).toBe(202);
    // The other process dies part way.
    for (let i = 0; i < 200; i++) {
      if ((await analysis(id)).body.progress.done > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await other.stop();
    const left = (await analysis(id)).body as GameAnalysis;
    expect(left.progress.done).toBeLessThan(left.progress.total);
    await new Promise((r) => setTimeout(r, 1_200));
    // Gone quiet: it reads as failed, and a request takes it over; two processes asking at once
    // start one run between them.
    expect((await analysis(id)).body.status).toBe('failed');
    const third = await server.another();
    const taken = await Promise.all([
      http(server, 'POST', `/api/matches/${id}/analysis`),
      http(third, 'POST', `/api/matches/${id}/analysis`),
    ]);
    expect(taken.map((t) => t.status)).toEqual([202, 202]);
    const runs = [server, third].map(
      (s) =>
        (s.app.get(GameAnalysisService) as unknown as { running: Map<string, unknown> }).running,
    );
    expect(runs.filter((r) => r.has(id))).toHaveLength(1);
    // 41 10x10 positions on one engine thread: about 25 s on an idle 2-core machine.
    const a = await done(id, 100);
    expect(plies).toBeGreaterThan(20);
    expect(a.positions.map((p) => p.ply)).toEqual([...Array(plies + 1).keys()]);
    await third.stop();
  }, 160_000);
