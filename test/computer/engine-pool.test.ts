/** The pool runs real searches in real worker threads (the TypeScript worker through tsx here). */
import { EnginePool } from '../../src/computer/engine-pool.js';
import { DomainError } from '../../src/common/errors.js';
import { configWith } from '../../src/config.js';
import { Position } from '../../src/rules/index.js';
import { position, sq } from '../rules/helpers.js';

describe('EnginePool', () => {
  let pool: EnginePool;
  afterEach(async () => {
    await pool.onApplicationShutdown();
  });

  test('a search in a worker returns a legal move of the position', async () => {
    pool = new EnginePool(configWith({ engineThreads: 1, engineQueue: 4 }));
    const pos = Position.initial('international');
    const r = await pool.think({ variant: 'international', fen: pos.fen, limits: { depth: 3 } })
      .reply;
    expect(r.depth).toBe(3);
    expect(pos.legalMoves()).toContainEqual(r.bestMove);
    expect(pool.status().completed).toBe(1);
  });

  test("levels 1-3's oversights reach the worker: letGo 1 lets a won man go, letGo 0 takes it", async () => {
    pool = new EnginePool(configWith({ engineThreads: 1, engineQueue: 4 }));
    // d4-e5 wins a man; every other move lets it go (test/engine/levels.test.ts).
    const pos = position('english', 'W', ['d4', 'c3', 'f4', 'b2', 'g1'], ['f6', 'd6', 'h8']);
    const winning = (m: { from: number; to: number } | null) =>
      m?.from === sq('english', 'd4') && m.to === sq('english', 'e5');
    const ask = (letGo: number) =>
      pool.think({
        variant: 'english',
        fen: pos.fen,
        limits: { depth: 2, nodes: 2_000 },
        evalKind: 'simple',
        randomMargin: 60,
        letGo,
        seed: 7,
      }).reply;
    expect(winning((await ask(0)).bestMove)).toBe(true);
    expect(winning((await ask(1)).bestMove)).toBe(false);
  });

  test('a raised stop flag cuts a long search short', async () => {
    pool = new EnginePool(configWith({ engineThreads: 1, engineQueue: 4 }));
    const pos = Position.initial('brazilian');
    const t = pool.think({ variant: 'brazilian', fen: pos.fen, limits: { movetime: 60_000 } });
    setTimeout(() => t.stop(), 300);
    const r = await t.reply;
    expect(t.stopped).toBe(true);
    expect(r.ms).toBeLessThan(30_000);
    expect(pos.legalMoves()).toContainEqual(r.bestMove);
  });

  test('a full queue refuses at once with ENGINE_BUSY, and the queued searches still finish', async () => {
    pool = new EnginePool(configWith({ engineThreads: 1, engineQueue: 2 }));
    const fen = Position.initial('english').fen;
    const long = pool.think({ variant: 'english', fen, limits: { movetime: 60_000 } });
    await new Promise((r) => setTimeout(r, 200)); // it is running, not queued
    const queued = [1, 2].map(() => pool.think({ variant: 'english', fen, limits: { depth: 2 } }));
    let error: unknown;
    try {
      pool.think({ variant: 'english', fen, limits: { depth: 2 } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('ENGINE_BUSY');
    long.stop();
    const replies = await Promise.all([long, ...queued].map((t) => t.reply));
    expect(replies.every((r) => r.bestMove !== null)).toBe(true);
  });

  test('a search that waited in the queue past its due time answers at once, with a legal move', async () => {
    pool = new EnginePool(configWith({ engineThreads: 1, engineQueue: 4 }));
    const pos = Position.initial('international');
    const long = pool.think({
      variant: 'international',
      fen: pos.fen,
      limits: { movetime: 60_000 },
    });
    await new Promise((r) => setTimeout(r, 200)); // it holds the only thread
    const due = pool.think({
      variant: 'international',
      fen: pos.fen,
      limits: { movetime: 2_000 },
      notAfter: Date.now() + 300,
    });
    await new Promise((r) => setTimeout(r, 600)); // queued past its due time
    long.stop();
    const r = await due.reply;
    // Without the due time it would search its full 2 s.
    expect(r.ms).toBeLessThan(500);
    expect(r.depth).toBeGreaterThanOrEqual(1);
    expect(pos.legalMoves()).toContainEqual(r.bestMove);
  });
});
