/** Game end and draw rules: each rule fires exactly at its count, and resets when it should. */
import { unwrap } from '../../src/rules/errors.js';
import { advance, outcome, startProgress, type Progress } from '../../src/rules/outcome.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';

const game = (variant: VariantId, fen: string): Progress =>
  startProgress(unwrap(Position.fromFen(variant, fen)));
const play = (g: Progress, from: number, to: number): Progress =>
  advance(g, unwrap(g.position.findMove({ from, to })));
/** The same game with its counters moved on, to test a rule at its boundary. */
const withCounters = (g: Progress, c: Partial<Progress['counters']>): Progress => ({
  ...g,
  counters: { ...g.counters, ...c },
});

describe('game end', () => {
  test('no pieces left: the side to move loses', () => {
    const g = play(game('brazilian', 'W:W22:B18'), 22, 15);
    expect(outcome(g)).toEqual({ winner: 'white', reason: 'no-pieces' });
  });

  test('no legal move: the side to move loses', () => {
    // Black's man on 4 is blocked by white men on 7 and 8 (and 11/12 behind them).
    const g = game('english', 'B:W7,8,11,12:B4');
    expect(g.position.moveCount()).toBe(0);
    expect(outcome(g)).toEqual({ winner: 'white', reason: 'no-moves' });
  });

  test('a game in progress has no result', () => {
    expect(outcome(startProgress(Position.initial('international')))).toBeNull();
  });
});

describe('threefold repetition', () => {
  test('two kings shuffling: the third occurrence draws', () => {
    // Kings on c1/d2 and f8/e7, men on a3 and h6: no capture anywhere.
    let g = game('brazilian', 'W:WK30,21:BK3,12');
    const cycle: [number, number][] = [
      [30, 26],
      [3, 7],
      [26, 30],
      [7, 3],
    ];
    const results = [];
    for (let i = 0; i < 8; i++) {
      const [from, to] = cycle[i % 4];
      g = play(g, from, to);
      results.push(outcome(g));
    }
    expect(results.slice(0, 7).every((r) => r === null)).toBe(true);
    expect(results[7]).toEqual({ winner: null, reason: 'draw-rule', rule: 'threefold-repetition' });
  });

  test('a man move forgets the earlier positions', () => {
    let g = game('brazilian', 'W:WK30,21:BK3,12');
    g = play(play(play(play(g, 30, 26), 3, 7), 26, 30), 7, 3);
    expect(g.counters.seen).toHaveLength(5);
    g = play(g, 21, 17);
    expect(g.counters.seen).toEqual([g.position.fen]);
    expect(g.counters.kingOnlyPlies).toBe(0);
  });
});

describe('move-count rules', () => {
  test.each([
    ['international', 'W:WK46,K50,31,32:BK5,K1,19,20', 46, 41, 50, '25-move'],
    ['brazilian', 'W:WK29,21,22:BK4,12,11', 29, 25, 40, '20-move'],
    ['russian', 'W:WK29,21,22:BK4,12,11', 29, 25, 30, '15-move'],
    ['english', 'W:WK29,21,22:BK4,12,11', 29, 25, 80, '40-move'],
  ] as const)(
    '%s: king moves only, no capture, for the limit -> %s',
    (variant, fen, from, to, limit, rule) => {
      const g = game(variant, fen);
      const before = play(withCounters(g, { kingOnlyPlies: limit - 2 }), from, to);
      expect(outcome(before)).toBeNull();
      expect(before.counters.kingOnlyPlies).toBe(limit - 1);
      const kingMove = before.position
        .legalMoves()
        .find((m) => m.captures.length === 0 && before.position.pieceAt(m.from)?.king);
      if (!kingMove) throw new Error('the test position needs a quiet king move');
      const at = advance(before, kingMove);
      expect(at.counters.kingOnlyPlies).toBe(limit);
      expect(outcome(at)).toEqual({ winner: null, reason: 'draw-rule', rule });
    },
  );

  test('variants without a king-move rule never draw by it', () => {
    const g = withCounters(game('pool', 'W:WK29,21:BK4,12'), { kingOnlyPlies: 500 });
    expect(outcome(g)).toBeNull();
  });

  test('international 16-move rule: 3 kings against a lone king', () => {
    const g = game('international', 'W:WK47,K48,K49:BK1');
    expect(g.counters.endgame).toBe('16-move');
    const near = play(withCounters(g, { endgamePlies: 30 }), 49, 43);
    expect(outcome(near)).toBeNull();
    const at = play(near, 1, 6);
    expect(at.counters.endgamePlies).toBe(32);
    expect(outcome(at)).toEqual({ winner: null, reason: 'draw-rule', rule: '16-move' });
  });

  test('international 5-move rule: 2 kings against a king, after 5 moves each', () => {
    let g = game('international', 'W:WK47,K49:BK1');
    expect(g.counters.endgame).toBe('5-move');
    // White's king walks 49-43-38-32-27-21 while Black's shuffles 1-6-1: no repetition, no capture.
    const squares: [number, number][] = [
      [49, 43],
      [1, 6],
      [43, 38],
      [6, 1],
      [38, 32],
      [1, 6],
      [32, 27],
      [6, 1],
      [27, 21],
    ];
    for (const [from, to] of squares) {
      g = play(g, from, to);
      expect(outcome(g)).toBeNull();
    }
    g = play(g, 1, 6);
    expect(outcome(g)).toEqual({ winner: null, reason: 'draw-rule', rule: '5-move' });
  });

  test('a capture restarts the endgame count', () => {
    // Russian, 4 kings against king + man (6 pieces, the 60-move count): taking the man leaves
    // 4 kings against a lone king, the 15-move count, from zero.
    const g = withCounters(game('russian', 'W:WK29,K30,K31,K32:BK1,19'), { endgamePlies: 50 });
    expect(g.counters.endgame).toBe('60-move');
    const taken = advance(g, g.position.legalMoves()[0]);
    expect(taken.counters.endgame).toBe('15-move');
    expect(taken.counters.endgamePlies).toBe(0);
  });
});
