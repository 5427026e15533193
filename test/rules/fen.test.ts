import { Position } from '../../src/rules/position.js';
import { allVariants } from '../../src/rules/variants/index.js';

describe('PDN FEN', () => {
  test('ranges, kings, spaces, sides in any order and a final dot are read', () => {
    const a = Position.fromFen('brazilian', 'W:W21-24,K30:B1-3,K9.');
    const b = Position.fromFen('brazilian', ' W : B1,2,3,K9 : W21,22,23,24,K30 ');
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.fen).toBe('W:W21,22,23,24,K30:B1,2,3,K9');
    expect(b.value.fen).toBe(a.value.fen);
    expect(a.value.pieceAt(30)).toEqual({ square: 30, color: 'white', king: true });
    expect(a.value.pieceAt(10)).toBeNull();
  });

  test('every variant starts from its documented FEN', () => {
    const starts = Object.fromEntries(allVariants().map((v) => [v.id, v.initialFen]));
    expect(starts).toEqual({
      brazilian: 'W:W21-32:B1-12',
      international: 'W:W31-50:B1-20',
      russian: 'W:W21-32:B1-12',
      english: 'B:W21-32:B1-12',
      pool: 'W:W21-32:B1-12',
      italian: 'W:W21-32:B1-12',
      spanish: 'W:W21-32:B1-12',
      czech: 'W:W21-32:B1-12',
      frisian: 'W:W31-50:B1-20',
      frysk: 'W:W46-50:B1-5',
      antidraughts: 'W:W31-50:B1-20',
      breakthrough: 'W:W31-50:B1-20',
      canadian: 'W:W43-72:B1-30',
      thai: 'W:W25-32:B1-8',
      turkish: 'W:W41-56:B9-24',
    });
    const men = { frysk: 10, canadian: 60, thai: 16, turkish: 32 } as Record<string, number>;
    for (const v of allVariants()) {
      const p = Position.initial(v);
      expect(p.pieces()).toHaveLength(men[v.id] ?? (v.geometry.size === 10 ? 40 : 24));
      expect(p.turn).toBe(v.firstToMove);
    }
  });

  test.each([
    ['', 'empty'],
    ['X:W1:B2', 'bad side to move'],
    ['W:W33:B1', 'square out of range'],
    ['W:W0:B1', 'square zero'],
    ['W:W5,5:B1', 'square twice'],
    ['W:W5:B5', 'square on both sides'],
    ['W:W5:W6', 'side given twice'],
    ['W:Wx:B1', 'not a number'],
    ['W:W9-7:B1', 'reversed range'],
    ['W:W1:B20', 'a white man on its promotion row'],
    ['W:W20:B30', 'a black man on its promotion row'],
    ['W:W20:B1:X', 'extra field'],
  ])('rejects %p (%s) with INVALID_FEN', (fen) => {
    const r = Position.fromFen('brazilian', fen);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INVALID_FEN');
  });

  test('an unknown variant is a typed error', () => {
    const r = Position.fromFen('checkers', 'W:W21:B1');
    expect(r.ok ? null : r.error.code).toBe('INVALID_VARIANT');
  });

  test('10x10 squares go to 50', () => {
    expect(Position.fromFen('international', 'W:W50:B1').ok).toBe(true);
    expect(Position.fromFen('brazilian', 'W:W50:B1').ok).toBe(false);
  });
});
