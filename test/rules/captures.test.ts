/** Hand-built positions, one per capture rule; squares written algebraically (a1 bottom-left). */
import { describe_ as show, position, sq } from './helpers.js';

describe('chain captures', () => {
  test('a man turns corners: c1xe3xc5xe7 (brazilian)', () => {
    const pos = position('brazilian', 'W', ['c1'], ['d2', 'd4', 'd6']);
    expect(show('brazilian', pos.legalMoves())).toEqual(['c1xe3xc5xe7 [d2 d4 d6]']);
  });

  test('a flying king loops back to its own square; both loop directions are one move', () => {
    const pos = position('brazilian', 'W', ['Kc3'], ['d4', 'f4', 'f2', 'd2']);
    const moves = pos.legalMoves();
    expect(moves.every((m) => m.captures.length === 4)).toBe(true);
    // Ends: back on c3 (once, though two loop directions reach it), or beyond it on b4/a5 or b2/a1.
    expect(moves.map((m) => m.to).sort((a, b) => a - b)).toEqual(
      ['c3', 'b4', 'a5', 'b2', 'a1'].map((n) => sq('brazilian', n)).sort((a, b) => a - b),
    );
    expect(moves.filter((m) => m.from === m.to)).toHaveLength(1);
  });

  test('captured pieces stay until the move ends: no piece is jumped twice', () => {
    // After d4 and f4 the king cannot come back over d4; the only way on is the ring.
    const pos = position('brazilian', 'W', ['Kc3'], ['d4', 'f4']);
    for (const m of pos.legalMoves()) expect(new Set(m.captures).size).toBe(m.captures.length);
  });

  test('a man captures backwards in brazilian but not in english', () => {
    const br = position('brazilian', 'W', ['d4'], ['c3', 'h8']);
    expect(show('brazilian', br.legalMoves())).toEqual(['d4xb2 [c3]']);
    const en = position('english', 'W', ['d4'], ['c3', 'h8']);
    expect(en.legalMoves().every((m) => m.captures.length === 0)).toBe(true);
  });

  test('an english king is not flying: it only jumps an adjacent piece', () => {
    const far = position('english', 'W', ['Kb2'], ['e5']);
    expect(far.hasCapture).toBe(false);
    expect(show('english', far.legalMoves())).toEqual(['b2-a1', 'b2-a3', 'b2-c1', 'b2-c3']);
    const brazil = position('brazilian', 'W', ['Kb2'], ['e5']);
    expect(show('brazilian', brazil.legalMoves())).toEqual([
      'b2xf6 [e5]',
      'b2xg7 [e5]',
      'b2xh8 [e5]',
    ]);
  });
});

describe('capture precedence', () => {
  test('capture is mandatory', () => {
    const pos = position('pool', 'W', ['c3', 'g3'], ['d4']);
    expect(show('pool', pos.legalMoves())).toEqual(['c3xe5 [d4]']);
  });

  test('majority (brazilian) keeps only the longest capture; pool lets you choose', () => {
    const pos = position('brazilian', 'W', ['a1', 'e3'], ['b2', 'f4', 'f6']);
    expect(show('brazilian', pos.legalMoves())).toEqual(['e3xg5xe7 [f4 f6]']);
    const free = position('pool', 'W', ['a1', 'e3'], ['b2', 'f4', 'f6']);
    expect(show('pool', free.legalMoves())).toEqual(['a1xc3 [b2]', 'e3xg5xe7 [f4 f6]']);
  });

  test('czech: a king that can capture must, even when a man could take more', () => {
    const white = ['Ka1', 'd4', 'e1'];
    const black = ['b2', 'f2', 'f4'];
    expect(show('czech', position('czech', 'W', white, black).legalMoves())).toEqual([
      'a1xc3 [b2]',
    ]);
    // Brazilian (majority) takes the man's two pieces instead.
    expect(show('brazilian', position('brazilian', 'W', white, black).legalMoves())).toEqual([
      'e1xg3xe5 [f2 f4]',
    ]);
  });

  test('italian: men cannot take kings; spanish men can', () => {
    const it = position('italian', 'W', ['d3'], ['Ke4', 'b7']);
    expect(it.hasCapture).toBe(false);
    const itMan = position('italian', 'W', ['d3'], ['e4', 'b7']);
    expect(show('italian', itMan.legalMoves())).toEqual(['d3xf5 [e4]']);
    const es = position('spanish', 'W', ['d3'], ['Ke4', 'b7']);
    expect(show('spanish', es.legalMoves())).toEqual(['d3xf5 [e4]']);
  });

  test('italian: with equal counts a king must capture rather than a man', () => {
    const pos = position('italian', 'W', ['Ka2', 'e2'], ['b3', 'f3', 'b7']);
    expect(show('italian', pos.legalMoves())).toEqual(['a2xc4 [b3]']);
  });

  test('italian: the capture taking more kings wins', () => {
    const pos = position('italian', 'W', ['Kd3'], ['e4', 'Kc4', 'b7']);
    expect(show('italian', pos.legalMoves())).toEqual(['d3xb5 [c4]']);
  });

  test('italian: same pieces, same kings: the order meeting a king first wins', () => {
    // Both loops take e4, e6, c6, c4; only the one starting with the king on e4 is legal.
    const pos = position('italian', 'W', ['Kd3'], ['Ke4', 'e6', 'Kc6', 'c4']);
    expect(show('italian', pos.legalMoves())).toEqual(['d3xf5xd7xb5xd3 [e4 e6 c6 c4]']);
  });

  test('spanish: among equal counts, the capture taking more kings', () => {
    const pos = position('spanish', 'W', ['d3', 'h3'], ['Ke4', 'g4', 'b7']);
    expect(show('spanish', pos.legalMoves())).toEqual(['d3xf5 [e4]']);
    const men = position('italian', 'W', ['d3', 'h3'], ['e4', 'g4', 'b7']);
    expect(show('italian', men.legalMoves())).toEqual(['d3xf5 [e4]', 'h3xf5 [g4]']);
  });
});

describe('promotion', () => {
  test('russian: a man crowned mid-capture goes on as a flying king', () => {
    const pos = position('russian', 'W', ['f6'], ['e7', 'b6']);
    expect(show('russian', pos.legalMoves())).toEqual(['f6xd8xa5 [e7 b6] =K']);
  });

  test('brazilian: the same man passes the last row and stays a man', () => {
    const pos = position('brazilian', 'W', ['f6'], ['e7', 'b6']);
    expect(show('brazilian', pos.legalMoves())).toEqual(['f6xd8 [e7] =K']);
    const on = position('brazilian', 'W', ['f6'], ['e7', 'c7']);
    expect(show('brazilian', on.legalMoves())).toEqual(['f6xd8xb6 [e7 c7]']);
    const ru = position('russian', 'W', ['f6'], ['e7', 'c7']);
    expect(show('russian', ru.legalMoves())).toEqual([
      'f6xd8xa5 [e7 c7] =K',
      'f6xd8xb6 [e7 c7] =K',
    ]);
  });

  test('a quiet move onto the last row crowns', () => {
    const pos = position('english', 'W', ['c7'], ['h2']);
    expect(show('english', pos.legalMoves())).toEqual(['c7-b8 =K', 'c7-d8 =K']);
  });
});
