import { phaseOf, puzzleId, themesOf, THEMES } from '../../../src/puzzle-maker/index.js';
import { Position, type VariantId } from '../../../src/rules/index.js';

function at(variant: VariantId, fen: string): Position {
  const p = Position.fromFen(variant, fen);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

describe('themes are computed from the line', () => {
  const cases: [string, VariantId, string, string[], string[]][] = [
    [
      'a sacrifice, then a three-piece shot that crowns',
      'brazilian',
      'B:W22,26,30,31,32:B1,2,7,11,14',
      ['11-15', '22-18', '14x23', '26x3'],
      ['short', 'sacrifice', 'shot', 'promotion', 'breakthrough', 'middlegame'],
    ],
    [
      'the opponent left without a move',
      'russian',
      'B:W15,17,22,30:B6,9',
      ['9-13', '30-25', '6-10', '15x6'],
      ['short', 'blocked', 'endgame'],
    ],
    [
      'a king taken',
      'russian',
      'B:W22,23,26,31:BK2,1',
      ['2-6', '22-17', '6-19', '23x16'],
      ['short', 'kingCapture', 'endgame'],
    ],
  ];
  test.each(cases)('%s', (_name, variant, fen, moves, themes) => {
    expect(themesOf(at(variant, fen), moves)).toEqual(themes);
  });

  test('length: 2 solver moves short, 3-4 long, 5+ very long', () => {
    // Two kings shuffling: a legal line of any length, so only the count makes a theme.
    const start = at('russian', 'B:WK32:BK1');
    const cycle = ['32-28', '5-1', '28-32', '1-5'];
    const line = (solverMoves: number): string[] => [
      '1-5',
      ...Array.from({ length: 2 * solverMoves - 1 }, (_, i) => cycle[i % 4]),
    ];
    const length = (n: number): string | undefined =>
      themesOf(start, line(n)).find((t) => ['short', 'long', 'veryLong'].includes(t));
    expect([2, 3, 4, 5, 7].map(length)).toEqual(['short', 'long', 'long', 'veryLong', 'veryLong']);
  });

  test('an illegal line throws', () => {
    expect(() => themesOf(at('russian', 'B:W15,17,22,30:B6,9'), ['9-13', '30-20'])).toThrow();
  });

  test('phase by the share of the starting pieces', () => {
    expect(phaseOf(Position.initial('international'))).toBe('opening');
    expect(phaseOf(at('russian', 'W:W21,22,23,24,25,26:B1,2,3,4,5,6,7,8'))).toBe('middlegame');
    expect(phaseOf(at('russian', 'W:W21,22,23:B1,2,3'))).toBe('endgame');
  });

  test('every theme id is one of the contract', () => {
    expect(THEMES).toEqual([
      'short',
      'long',
      'veryLong',
      'sacrifice',
      'shot',
      'promotion',
      'kingCapture',
      'blocked',
      'breakthrough',
      'opening',
      'middlegame',
      'endgame',
    ]);
  });
});

describe('puzzle ids', () => {
  test('6 characters, the same for the same variant, fen and first move', () => {
    const a = puzzleId('russian', 'W:W21:B1', '21-17');
    expect(a).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(puzzleId('russian', 'W:W21:B1', '21-17')).toBe(a);
    expect(puzzleId('russian', 'W:W21:B1', '21-18')).not.toBe(a);
    expect(puzzleId('brazilian', 'W:W21:B1', '21-17')).not.toBe(a);
  });

  test('no collision among 20,000 distinct keys', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) ids.add(puzzleId('international', `W:W${i}:B1`, '1-2'));
    expect(ids.size).toBe(20_000);
  });
});
