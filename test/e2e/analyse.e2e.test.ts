/** POST /api/engine/analyse through the real app and the real worker pool. */
import { Position, unwrap } from '../../src/rules/index.js';
import { http, startServer, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ engineThreads: 1, analyseLimit: { capacity: 8, perSecond: 0.01 } });
});
afterAll(async () => {
  await server.destroy();
});

test('a position: a legal best move, a score, and the PV in PDN', async () => {
  const pos = Position.initial('international');
  const r = await http(server, 'POST', '/api/engine/analyse', {
    variant: 'international',
    fen: pos.fen,
    depth: 4,
  });
  expect(r.status).toBe(200);
  expect(pos.legalMoves()).toContainEqual(r.body.bestMove);
  expect(r.body.depth).toBe(4);
  expect(r.body.nodes).toBeGreaterThan(0);
  expect(Object.keys(r.body.score)).toEqual(['cp']);
  expect(r.body.pv[0]).toMatch(/^\d+-\d+$/);
  expect(r.body.lines).toBeUndefined();
});

test('a won position: the win in plies, and no move when none is left', async () => {
  // White to move captures the last black piece: a win in one ply.
  const won = await http(server, 'POST', '/api/engine/analyse', {
    variant: 'english',
    fen: 'W:W14:B10',
    movetime: 200,
  });
  expect(won.status).toBe(200);
  expect(won.body.score).toEqual({ win: 1 });
  expect(won.body.pv).toEqual(['14x7']);
  const lost = await http(server, 'POST', '/api/engine/analyse', {
    variant: 'english',
    fen: 'B:W14:B',
    movetime: 200,
  });
  expect(lost.status).toBe(200);
  expect(lost.body.bestMove).toBeNull();
  expect(lost.body.score).toEqual({ loss: 0 });
});

test('multipv 3: three distinct lines, best first, the first the best move, each in PDN', async () => {
  const pos = Position.initial('brazilian');
  const r = await http(server, 'POST', '/api/engine/analyse', {
    variant: 'brazilian',
    fen: pos.fen,
    depth: 5,
    multipv: 3,
  });
  expect(r.status).toBe(200);
  const lines = r.body.lines as { move: { path: number[] }; score: { cp: number }; pv: string[] }[];
  expect(lines).toHaveLength(3);
  expect(lines[0].move).toEqual(r.body.bestMove);
  expect(lines[0].pv).toEqual(r.body.pv);
  expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
  expect(lines[0].score.cp).toBeGreaterThanOrEqual(lines[1].score.cp);
  expect(lines[1].score.cp).toBeGreaterThanOrEqual(lines[2].score.cp);
  for (const l of lines) {
    expect(pos.legalMoves()).toContainEqual(l.move);
    expect(l.pv.every((m) => /^\d+[-x]\d+/.test(m))).toBe(true);
  }
});

test.each([
  [{ variant: 'english', fen: 'nonsense' }],
  [{ variant: 'chess', fen: 'W:W14:B10' }],
  [{ variant: 'english', fen: 'W:W14:B10', movetime: 20_000 }],
  [{ variant: 'english', fen: 'W:W14:B10', multipv: 6 }],
  [{ variant: 'english', fen: 'W:W14:B10', history: ['bad'] }],
  [{ variant: 'english', fen: 'W:W14:B10', extra: 1 }],
])('%j is refused INVALID_PAYLOAD', async (body) => {
  const r = await http(server, 'POST', '/api/engine/analyse', body);
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('INVALID_PAYLOAD');
});

test('analyses are rate-limited per address (RATE_LIMITED, 429)', async () => {
  const fen = unwrap(Position.fromFen('english', 'W:W14:B10')).fen;
  const codes: number[] = [];
  for (let i = 0; i < 12; i++)
    codes.push(
      (await http(server, 'POST', '/api/engine/analyse', { variant: 'english', fen, depth: 1 }))
        .status,
    );
  expect(codes).toContain(429);
});

test('the pool status: threads, queue, waits', async () => {
  const r = await http(server, 'GET', '/api/engine/status');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ threads: 1, queued: 0, queueLimit: 256 });
  expect(r.body.completed).toBeGreaterThan(0);
});
