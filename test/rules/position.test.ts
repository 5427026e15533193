/** A client's move is legal only if it equals a generated move; errors are typed values. */
import { Position } from '../../src/rules/position.js';
import { unwrap } from '../../src/rules/errors.js';
import type { MoveRequest } from '../../src/rules/types.js';

const code = (pos: Position, req: MoveRequest) => {
  const r = pos.findMove(req);
  return r.ok ? 'ok' : r.error.code;
};

describe('findMove', () => {
  const start = Position.initial('brazilian');

  test('a legal quiet move by from/to or by path', () => {
    expect(unwrap(start.findMove({ from: 22, to: 18 })).path).toEqual([22, 18]);
    expect(unwrap(start.findMove({ path: [22, 18] })).captures).toEqual([]);
  });

  test('NO_PIECE for an empty square or a piece of the side not to move', () => {
    expect(code(start, { from: 15, to: 19 })).toBe('NO_PIECE');
    expect(code(start, { from: 9, to: 13 })).toBe('NO_PIECE');
  });

  test('ILLEGAL_MOVE for impossible moves, squares off the board, and too-short paths', () => {
    expect(code(start, { from: 22, to: 17 })).toBe('ok');
    expect(code(start, { from: 22, to: 14 })).toBe('ILLEGAL_MOVE');
    expect(code(start, { from: 29, to: 25 })).toBe('ILLEGAL_MOVE');
    expect(code(start, { from: 22, to: 33 })).toBe('ILLEGAL_MOVE');
    expect(code(start, { from: 22.5, to: 18 })).toBe('ILLEGAL_MOVE');
    expect(code(start, { path: [22] })).toBe('ILLEGAL_MOVE');
    expect(code(start, {})).toBe('ILLEGAL_MOVE');
  });

  test('ignoring a mandatory capture is ILLEGAL_MOVE', () => {
    const pos = unwrap(Position.fromFen('brazilian', 'W:W22,30:B18'));
    expect(code(pos, { from: 30, to: 26 })).toBe('ILLEGAL_MOVE');
    expect(unwrap(pos.findMove({ from: 22, to: 15 })).captures).toEqual([18]);
  });

  describe('two captures from 17 to 1 through different pieces', () => {
    const pos = unwrap(Position.fromFen('brazilian', 'W:WK17:B6,14,22,23,27'));

    test('from/to alone is AMBIGUOUS_MOVE', () => {
      expect(code(pos, { from: 17, to: 1 })).toBe('AMBIGUOUS_MOVE');
    });

    test('the full path picks one', () => {
      expect(unwrap(pos.findMove({ path: [17, 26, 19, 1] })).captures).toEqual([22, 23, 6]);
      expect(unwrap(pos.findMove({ path: [17, 31, 24, 1] })).captures).toEqual([22, 27, 6]);
    });

    test('a path whose legs do not jump the captured pieces is ILLEGAL_MOVE', () => {
      expect(code(pos, { path: [17, 26, 24, 1] })).toBe('ILLEGAL_MOVE');
      expect(code(pos, { path: [17, 26, 1] })).toBe('ILLEGAL_MOVE');
    });
  });

  test('a path that is one legal move whole is that move, even where a longer one ends there too', () => {
    // Russian: the man on 10 takes 6 and stops on 1, or takes 7, is crowned on 3 and goes on
    // round to 1 (10-3-12-19-1). [10, 1] is the first move's full path (found by bench:arena).
    const pos = unwrap(
      Position.fromFen('russian', 'W:W10,21,25,26,27,28,29,30:B4,5,6,7,8,9,14,16'),
    );
    expect(unwrap(pos.findMove({ path: [10, 1] })).captures).toEqual([6]);
    expect(unwrap(pos.findMove({ path: [10, 3, 12, 19, 1] })).captures).toEqual([7, 8, 16, 6]);
    expect(code(pos, { from: 10, to: 1 })).toBe('AMBIGUOUS_MOVE');
  });

  test("another route of a legal capture is that move, answered with the generator's route", () => {
    // English: the king on 2 takes 7, 15, 14 and 6 round a circuit back to 2; the generator lists
    // it one way round (2-9-18-11-2), and a client may send it the other way (2-11-18-9-2).
    const pos = unwrap(
      Position.fromFen(
        'english',
        'W:WK2,17,21,22,23,26,27,28,29,30,31,32:B1,4,5,6,7,8,10,12,14,15',
      ),
    );
    const listed = pos.legalMoves().filter((m) => m.from === 2 && m.to === 2);
    expect(listed).toHaveLength(1);
    const other = unwrap(pos.findMove({ path: [2, 11, 18, 9, 2] }));
    expect(other.path).toEqual(listed[0].path);
    expect(other.path).not.toEqual([2, 11, 18, 9, 2]);
    expect([...other.captures].sort()).toEqual([...listed[0].captures].sort());
    // A route that jumps nothing there is still no move.
    expect(code(pos, { path: [2, 11, 18, 9, 1] })).toBe('ILLEGAL_MOVE');
  });

  test('play() returns a new position and leaves the old one unchanged', () => {
    const next = start.play(unwrap(start.findMove({ from: 22, to: 18 })));
    expect(next.pieceAt(18)?.color).toBe('white');
    expect(start.pieceAt(18)).toBeNull();
    expect(next.turn).toBe('black');
    expect(start.fen).toBe('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  });

  test('movesFrom lists only that piece, and nothing for the side not to move', () => {
    expect(start.movesFrom(22).map((m) => m.to)).toEqual([17, 18]);
    expect(start.movesFrom(9)).toEqual([]);
    expect(start.movesFrom(15)).toEqual([]);
  });
});
