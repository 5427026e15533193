/**
 * One test per rule of the seven variants of issue 31, on hand-built positions (squares written
 * algebraically, a1 bottom left). Each expected list is also checked against the reference
 * generator of test/rules/reference, written from the rules text on its own.
 */
import { unwrap } from '../../src/rules/errors.js';
import { squareAt } from '../../src/rules/geometry.js';
import { advance, outcome, startProgress, type Progress } from '../../src/rules/outcome.js';
import { Position } from '../../src/rules/position.js';
import type { Move, VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { describe_ as show } from './helpers.js';
import { moveKey } from './reference/board.js';
import { refMoves, refPosition, type RefVariant } from './reference/index.js';

/** PDN number of "c3" in a variant (its own geometry: turkish plays every square). */
function sq(variant: VariantId, name: string): number {
  const n = squareAt(getVariant(variant).geometry, name.replace(/^K/, ''));
  if (n === 0) throw new Error(`${name} is not playable in ${variant}`);
  return n;
}

function fenOf(variant: VariantId, turn: 'W' | 'B', white: string[], black: string[]): string {
  const side = (names: string[]) =>
    names.map((n) => `${n.startsWith('K') ? 'K' : ''}${sq(variant, n)}`).join(',');
  return `${turn}:W${side(white)}:B${side(black)}`;
}

function at(variant: VariantId, turn: 'W' | 'B', white: string[], black: string[], extra = '') {
  return unwrap(Position.fromFen(variant, fenOf(variant, turn, white, black) + extra));
}

/** The library's moves, after checking that the reference generator lists the same set. */
function moves(pos: Position): string[] {
  const variant = pos.variant.id as RefVariant;
  const lib = pos
    .legalMoves()
    .map((m) =>
      moveKey({ ...m, captured: [...m.captures].sort((a, b) => a - b), promoted: m.promoted }),
    )
    .sort();
  expect(lib).toEqual(refMoves(variant, refPosition(variant, pos.fen)).map(moveKey).sort());
  return show(pos.variant.id, pos.legalMoves());
}

const move = (pos: Position, from: string, to: string): Move =>
  unwrap(pos.findMove({ from: sq(pos.variant.id, from), to: sq(pos.variant.id, to) }));

describe('frisian: the capture of highest value, a king worth 1.99 men', () => {
  // A man can take three men (a1xc3xe5xg7); another takes two kings along the j-file.
  const men = ['b2', 'd4', 'f6'];
  const kings = ['Kj4', 'Kj8'];

  test('two kings outweigh three men', () => {
    const pos = at('frisian', 'W', ['a1', 'j2'], [...men, ...kings]);
    expect(moves(pos)).toEqual(['j2xj6xj10 [j4 j8] =K']);
  });

  test('four men outweigh two kings', () => {
    const pos = at('frisian', 'W', ['a1', 'j2'], [...men, 'h8', ...kings]);
    expect(moves(pos)).toEqual(['a1xc3xe5xg7xi9 [b2 d4 f6 h8]']);
  });

  test('at equal value the king must capture', () => {
    // The king takes g3, the man on c3 takes b2 backwards: one man each.
    const pos = at('frisian', 'W', ['Ke1', 'c3'], ['g3', 'b2']);
    expect(moves(pos)).toEqual(['e1xh4 [g3]', 'e1xi5 [g3]', 'e1xj6 [g3]']);
  });

  test('two men outweigh a king; a king outweighs one man', () => {
    // The king takes the king on b2 (its landing stops at c3: d4 is White's); the man on e9
    // takes f8 and f6. 2 > 1.99.
    const pos = at('frisian', 'W', ['Ka1', 'd4', 'e9'], ['Kb2', 'f8', 'f6']);
    expect(moves(pos)).toEqual(['e9xg7xe5 [f8 f6]']);
    // Without f6: a king (1.99) outweighs a man.
    const one = at('frisian', 'W', ['Ka1', 'd4', 'e9'], ['Kb2', 'f8']);
    expect(moves(one)).toEqual(['a1xc3 [b2]']);
  });
});

describe('frisian: captures along rows and columns', () => {
  test('a man takes the piece two squares off on its column, forward or back, landing two beyond', () => {
    const pos = at('frisian', 'W', ['e5'], ['e7', 'a9']);
    expect(moves(pos)).toEqual(['e5xe9 [e7]']);
    const back = at('frisian', 'W', ['e5'], ['e3', 'a9']);
    expect(moves(back)).toEqual(['e5xe1 [e3]']);
    // Nowhere to land: no capture.
    const blocked = at('frisian', 'W', ['e5', 'e9'], ['e7', 'a9']);
    expect(blocked.hasCapture).toBe(false);
  });

  test('a man takes along its row and goes on diagonally', () => {
    const pos = at('frisian', 'W', ['a5'], ['c5', 'f6', 'a9']);
    expect(moves(pos)).toEqual(['a5xe5xg7 [c5 f6]']);
  });

  test('a flying king takes along a row from afar and lands anywhere beyond', () => {
    const pos = at('frisian', 'W', ['Ka5'], ['e5', 'j10']);
    expect(moves(pos)).toEqual(['a5xg5 [e5]', 'a5xi5 [e5]']);
  });
});

describe('frisian: crowning', () => {
  test('a man passing the last row during a capture stays a man', () => {
    // d8xf10 reaches the last row, then xh8 goes back down: no crowning.
    const pos = at('frisian', 'W', ['d8'], ['e9', 'g9']);
    expect(moves(pos)).toEqual(['d8xf10xh8 [e9 g9]']);
    const ends = at('frisian', 'W', ['d8'], ['e9', 'a3']);
    expect(moves(ends)).toEqual(['d8xf10 [e9] =K']);
  });
});

describe('frisian: a king makes at most three quiet moves in a row while its side has men', () => {
  // White: a king shuffling a3-b4 and a man on g1; Black: a king shuffling j10-i9. No piece
  // stands on another's lines, so nothing can be captured.
  const n = (name: string) => sq('frisian', name);
  const start = () => startProgress(at('frisian', 'W', ['Ka3', 'g1'], ['Kj10']));
  const go = (g: Progress, from: string, to: string) => advance(g, move(g.position, from, to));

  test('after three, that king cannot move quietly; the FEN carries the count', () => {
    let g = start();
    g = go(go(g, 'a3', 'b4'), 'j10', 'i9');
    g = go(go(g, 'b4', 'a3'), 'i9', 'j10');
    expect(g.position.fen).toBe(`W:WK${n('a3')},${n('g1')}:BK${n('j10')}:KW${n('a3')}/2`);
    g = go(go(g, 'a3', 'b4'), 'j10', 'i9');
    expect(g.position.kingRuns.white).toEqual({ square: n('b4'), moves: 3 });
    expect(g.position.movesFrom(n('b4'))).toEqual([]);
    expect(moves(g.position)).toEqual(['g1-f2', 'g1-h2']);
    // A man's move ends the run: the king may move again.
    g = go(go(g, 'g1', 'f2'), 'i9', 'j10');
    expect(g.position.kingRuns.white).toBeNull();
    expect(g.position.movesFrom(n('b4')).length).toBeGreaterThan(0);
  });

  test('the frozen king may still capture', () => {
    const pos = at('frisian', 'W', ['Kd4', 'j2'], ['f6', 'a9'], `:KW${n('d4')}/3`);
    expect(moves(pos)).toEqual(['d4xg7 [f6]', 'd4xh8 [f6]', 'd4xi9 [f6]', 'd4xj10 [f6]']);
  });

  test("another king's quiet move starts a new run", () => {
    const pos = at('frisian', 'W', ['Ka3', 'Ke1', 'g1'], ['Kj10'], `:KW${n('a3')}/2`);
    const after = pos.play(move(pos, 'e1', 'd2'));
    expect(after.kingRuns.white).toEqual({ square: n('d2'), moves: 1 });
    // Back to the king on a3: its count starts again from one.
    const back = after.play(move(after, 'j10', 'i9'));
    expect(back.play(move(back, 'a3', 'b4')).kingRuns.white).toEqual({ square: n('b4'), moves: 1 });
  });

  test('without men there is no limit', () => {
    let p = at('frisian', 'W', ['Ka3'], ['Kj10']);
    for (let i = 0; i < 4; i++) {
      p = p.play(move(p, i % 2 === 0 ? 'a3' : 'b4', i % 2 === 0 ? 'b4' : 'a3'));
      expect(p.kingRuns.white).toBeNull();
      p = p.play(move(p, i % 2 === 0 ? 'j10' : 'i9', i % 2 === 0 ? 'i9' : 'j10'));
    }
    expect(p.movesFrom(n('a3')).length).toBeGreaterThan(0);
  });

  test('the run field reads and writes back unchanged; a bad one is refused', () => {
    const fen = `B:WK${n('a3')},${n('g1')}:BK${n('j10')}:KW${n('a3')}/3`;
    const pos = unwrap(Position.fromFen('frisian', fen));
    expect(pos.kingRuns.white).toEqual({ square: n('a3'), moves: 3 });
    expect(pos.fen).toBe(fen);
    expect(Position.fromFen('frisian', fen.replace('/3', '/4')).ok).toBe(false);
    expect(Position.fromFen('frisian', fen.replace(`KW${n('a3')}`, `KW${n('g1')}`)).ok).toBe(false);
    expect(Position.fromFen('international', fen).ok).toBe(false);
    // One run per side: a second one would silently replace the first.
    expect(Position.fromFen('frisian', `${fen}:KW${n('a3')}/1`).ok).toBe(false);
  });
});

describe('thai', () => {
  test('a flying king stops on the square right behind its prey', () => {
    const pos = at('thai', 'W', ['Ka1'], ['d4', 'h8']);
    expect(moves(pos)).toEqual(['a1xe5 [d4]']);
    // Nowhere to stop: no capture, the king moves.
    const blocked = at('thai', 'W', ['Ka1', 'e5'], ['d4', 'h8']);
    expect(blocked.hasCapture).toBe(false);
  });

  test('a taken piece leaves at once: the chain may turn straight back', () => {
    const pos = at('thai', 'W', ['Kd4'], ['f6', 'b2']);
    expect(moves(pos)).toEqual(['d4xa1xg7 [b2 f6]', 'd4xg7xa1 [f6 b2]']);
  });

  test('men capture forward only, and are free to choose', () => {
    const back = at('thai', 'W', ['d4'], ['c3', 'h8']);
    expect(back.hasCapture).toBe(false);
    const pos = at('thai', 'W', ['a1', 'e3'], ['b2', 'f4', 'f6']);
    expect(moves(pos)).toEqual(['a1xc3 [b2]', 'e3xg5xe7 [f4 f6]']);
  });
});

describe('turkish', () => {
  test('men move forward or sideways, kings like a rook', () => {
    expect(moves(at('turkish', 'W', ['d4'], ['h8']))).toEqual(['d4-c4', 'd4-d5', 'd4-e4']);
    expect(moves(at('turkish', 'B', ['a1'], ['d4']))).toEqual(['d4-c4', 'd4-d3', 'd4-e4']);
    expect(moves(at('turkish', 'W', ['Kb2'], ['h8']))).toHaveLength(14);
  });

  test('a king may not turn 180 degrees within a capture', () => {
    const pos = at('turkish', 'W', ['Kd4'], ['b4', 'f4']);
    expect(moves(pos)).toEqual(['d4xa4 [b4]', 'd4xg4 [f4]', 'd4xh4 [f4]']);
  });

  test('a chain may turn 90 degrees, left then forward then right', () => {
    const pos = at('turkish', 'W', ['d4'], ['c4', 'b5', 'c6']);
    expect(moves(pos)).toEqual(['d4xb4xb6xd6 [c4 b5 c6]']);
  });

  test('a man reaching the far row mid-capture ends the capture as a man, crowned after it', () => {
    // d6xd8, then on along the 8th row as a man: e8 beside it is taken, g8 far off is not.
    expect(moves(at('turkish', 'W', ['d6'], ['d7', 'e8', 'd3']))).toEqual(['d6xd8xf8 [d7 e8] =K']);
    expect(moves(at('turkish', 'W', ['d6'], ['d7', 'g8', 'd3']))).toEqual(['d6xd8 [d7] =K']);
    // Crowned at the end of the move: the new king flies on the next one.
    const before = at('turkish', 'W', ['d6'], ['d7', 'g8', 'd3']);
    const after = before.play(move(before, 'd6', 'd8'));
    expect(after.pieceAt(sq('turkish', 'd8'))).toMatchObject({ color: 'white', king: true });
  });

  test('the most pieces must be taken, a king counting as one', () => {
    const pos = at('turkish', 'W', ['b3', 'g3'], ['Kb4', 'g4', 'g6']);
    expect(moves(pos)).toEqual(['g3xg5xg7 [g4 g6]']);
  });

  test('taken pieces leave at once: a king crosses the square it just emptied', () => {
    // a4xb4 -> d4, xd6 -> d8, xc8 -> b8, then down the b-file over b4 (emptied) to take b2.
    const pos = at('turkish', 'W', ['Ka4'], ['b4', 'd6', 'c8', 'b2']);
    expect(moves(pos)).toEqual(['a4xd4xd8xb8xb1 [b4 d6 c8 b2]']);
  });
});

describe('canadian: 12x12', () => {
  test('squares: a1 is 67, l12 is 6; a king flies the long diagonal', () => {
    expect(sq('canadian', 'a1')).toBe(67);
    expect(sq('canadian', 'l12')).toBe(6);
    const pos = at('canadian', 'W', ['Ka1'], ['a11']);
    expect(pos.legalMoves()).toHaveLength(11);
    expect(pos.movesFrom(67).map((m) => m.to)).toContain(6);
  });

  test('a king takes into the far corner', () => {
    const pos = at('canadian', 'W', ['Ka1'], ['k11', 'a11']);
    expect(moves(pos)).toEqual(['a1xl12 [k11]']);
  });

  test('men are crowned on the twelfth row (white) and the first (black)', () => {
    const w = at('canadian', 'W', ['a11'], ['l2']);
    expect(moves(w)).toEqual(['a11-b12 =K']);
    const b = at('canadian', 'B', ['a11'], ['l2']);
    expect(moves(b)).toEqual(['l2-k1 =K']);
  });
});

describe('draw rules', () => {
  const game = (variant: VariantId, turn: 'W' | 'B', white: string[], black: string[]) =>
    startProgress(at(variant, turn, white, black));
  /**
   * Plays `plies` quiet moves, each the first that leaves the opponent no capture and repeats no
   * position, so that only the rule under test can end the game.
   */
  const quietLine = (g: Progress, plies: number): Progress[] => {
    const out: Progress[] = [];
    const seen = new Set([g.position.fen]);
    let cur = g;
    for (let i = 0; i < plies; i++) {
      const m = cur.position.legalMoves().find((mv) => {
        const next = cur.position.play(mv);
        return mv.captures.length === 0 && !next.hasCapture && !seen.has(next.fen);
      });
      if (m === undefined) throw new Error(`no quiet move in ${cur.position.fen}`);
      cur = advance(cur, m);
      seen.add(cur.position.fen);
      out.push(cur);
    }
    return out;
  };

  test('frisian: two kings against one are drawn after seven moves each', () => {
    const g = game('frisian', 'W', ['Kc1', 'Kg1'], ['Kh10']);
    expect(g.counters.endgame).toBe('7-move');
    const line = quietLine(g, 14);
    expect(line.slice(0, 13).map(outcome)).toEqual(Array(13).fill(null));
    expect(outcome(line[13])).toEqual({ winner: null, reason: 'draw-rule', rule: '7-move' });
  });

  test('frisian: one king each is drawn after two moves each', () => {
    const g = game('frisian', 'W', ['Kc1'], ['Kh10']);
    expect(g.counters.endgame).toBe('2-move');
    const line = quietLine(g, 4);
    expect(line.slice(0, 3).map(outcome)).toEqual([null, null, null]);
    expect(outcome(line[3])).toEqual({ winner: null, reason: 'draw-rule', rule: '2-move' });
  });

  test('turkish: one piece each is drawn at once', () => {
    expect(outcome(game('turkish', 'W', ['a2'], ['h7']))).toEqual({
      winner: null,
      reason: 'draw-rule',
      rule: 'one-each',
    });
    // Reached by a capture: two against one, the one takes.
    const g = game('turkish', 'B', ['d4', 'a2'], ['d5']);
    expect(outcome(g)).toBeNull();
    const after = advance(g, move(g.position, 'd5', 'd3'));
    expect(outcome(after)).toEqual({ winner: null, reason: 'draw-rule', rule: 'one-each' });
  });
});

describe('turkish: a man stepping sideways and back repeats the position', () => {
  test('threefold repetition ends a game of sideways steps (they were counted as irreversible)', () => {
    // d2 and h2 against d7 and a7: nobody can capture; only repetition can end it.
    let p = startProgress(unwrap(Position.fromFen('turkish', 'W:W52,56:B9,12')));
    const step = (path: number[]) => {
      const found = p.position.findMove({ path });
      if (!found.ok) throw new Error(found.error.message);
      p = advance(p, found.value);
    };
    for (let i = 0; i < 2; i++) {
      expect(outcome(p)).toBeNull();
      step([52, 51]);
      step([12, 11]);
      step([51, 52]);
      step([11, 12]);
    }
    expect(outcome(p)).toEqual({ winner: null, reason: 'draw-rule', rule: 'threefold-repetition' });
  });
});
