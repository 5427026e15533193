/**
 * Issue 31's variants in the engine: the goals' terminal scores (antidraughts, breakthrough),
 * frisian's king-move limit, 12x12 and all-squares boards, and the evaluation's new families.
 */
import { Engine, Evaluator, familyOf, playLevel, search } from '../../src/engine/index.js';
import { WHITE } from '../../src/rules/board.js';
import { unwrap } from '../../src/rules/errors.js';
import { advance, outcome, startProgress } from '../../src/rules/outcome.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { position } from '../rules/helpers.js';
import { legalTwin, randomPositions } from './helpers.js';

const fen = (v: VariantId, f: string) => unwrap(Position.fromFen(v, f));
const evaluate = (p: Position) => new Evaluator(p.variant).evaluate(p.board, WHITE);

describe('antidraughts: giving pieces away is the goal', () => {
  // c5-d6 gives a man away (e7xc5 is forced); a1-b2 and c5-b6 keep it.
  const white = ['c5', 'a1'];
  const black = ['e7', 'j10'];

  test('the engine gives the man away; international keeps it', () => {
    const anti = position('antidraughts', 'W', white, black);
    const intl = position('international', 'W', white, black);
    // Deeper, Black gives one back (27-31 36x27) and the lines even out: the first plies show it.
    for (const depth of [1, 2, 3]) {
      const mine = search(anti, { depth }).bestMove;
      expect(legalTwin(anti, mine)).toEqual(mine);
      expect(anti.play(mine!).hasCapture).toBe(true);
      const theirs = search(intl, { depth }).bestMove;
      expect(intl.play(theirs!).hasCapture).toBe(false);
    }
  });

  test('no piece left is a win for the side to move, at the root and in the tree', () => {
    const r = search(fen('antidraughts', 'W:W:B1,2'), { depth: 3 });
    expect(r.bestMove).toBeNull();
    expect(r.score).toEqual({ win: 0 });
    // White gives its last man away: a win in 2 plies (c5-d6, then e7xc5 is forced).
    const last = position('antidraughts', 'W', ['c5'], ['e7', 'j10']);
    expect(search(last, { depth: 4 }).score).toEqual({ win: 2 });
  });

  test('fewer pieces evaluate better', () => {
    const fewer = position('antidraughts', 'W', ['c5'], ['e7', 'j10']);
    const more = position('antidraughts', 'W', ['c5', 'a1', 'e1'], ['e7', 'j10']);
    expect(evaluate(fewer)).toBeGreaterThan(evaluate(more));
  });
});

describe('breakthrough: the first king wins', () => {
  test('the engine crowns when it can: a win in 1', () => {
    const p = position('breakthrough', 'W', ['a9', 'e1'], ['f4', 'j10']);
    const r = search(p, { depth: 5 });
    expect(r.bestMove?.promoted).toBe(true);
    expect(r.score).toEqual({ win: 1 });
  });

  test('it stops the other side crowning first when it cannot crown itself', () => {
    // Black's g3 crowns in two moves; White's men are far: White must take it or block.
    const p = position('breakthrough', 'W', ['f2', 'a5'], ['g3', 'j10']);
    const r = search(p, { depth: 6 });
    const after = p.play(r.bestMove!);
    expect(search(after, { depth: 4 }).score).not.toEqual({ win: 3 });
    expect('win' in search(after, { depth: 1 }).score).toBe(false);
  });

  test('a man with a free path outweighs a man more', () => {
    // c7 has no black piece in front of it; Black's three men are all far from crowning.
    const race = position('breakthrough', 'W', ['c7', 'a1'], ['j10', 'h10', 'j8']);
    expect(evaluate(race)).toBeGreaterThan(0);
    const blocked = position('breakthrough', 'W', ['c7', 'a1'], ['j10', 'h10', 'd10']);
    expect(evaluate(blocked)).toBeLessThan(0);
  });
});

describe("frisian: a king's quiet moves in a row", () => {
  test('the engine never makes a fourth quiet move with the same king while men remain', () => {
    const p = fen('frisian', 'W:WK28,46:B1,5:KW28/3');
    expect(p.legalMoves().some((m) => m.from === 28)).toBe(false);
    for (const depth of [1, 3, 6]) {
      const r = search(p, { depth });
      expect(r.bestMove?.from).toBe(46);
      expect(legalTwin(p, r.bestMove)).toEqual(r.bestMove);
    }
  });

  test('games with kings and men: every move is legal under the runs', () => {
    let game = startProgress(fen('frisian', 'W:WK28,46,47,48:BK23,1,2,3'));
    const engine = new Engine(game.position.variant, 1);
    for (let ply = 0; ply < 60 && outcome(game) === null; ply++) {
      const r = engine.search(game, { depth: 4 });
      const legal = game.position.findMove({ path: r.bestMove!.path });
      expect(legal.ok).toBe(true);
      game = advance(game, r.bestMove!);
    }
  });

  test('two kings against one and king against king evaluate 0', () => {
    expect(evaluate(fen('frisian', 'W:WK28,K33:BK3'))).toBe(0);
    expect(evaluate(fen('frisian', 'W:WK28:BK3'))).toBe(0);
    expect(evaluate(fen('frisian', 'W:WK28,K33,K39:BK3'))).not.toBe(0);
  });

  test('a king is worth more than a man and less than two', () => {
    // Material and advancement only (the simple kind): the full one adds the king's reach.
    const simple = (f: string) =>
      new Evaluator(getVariant('frisian'), 'simple').evaluate(fen('frisian', f).board, WHITE);
    expect(simple('W:WK28:B3')).toBeGreaterThan(0);
    expect(simple('W:WK28:B3,4')).toBeLessThan(0);
  });
});

describe('12x12 and all-squares boards', () => {
  test.each([['canadian'], ['turkish']] as [VariantId][])(
    '%s: searched to depth 6 from the start and from middle games, a legal move and PV',
    (variant) => {
      const positions = [Position.initial(variant), ...randomPositions(variant, 3, 30)];
      for (const pos of positions) {
        const r = search(pos, { depth: 6 });
        expect(r.depth).toBe(6);
        expect(legalTwin(pos, r.bestMove)).toEqual(r.bestMove);
        let p = pos;
        for (const m of r.pv) {
          expect(legalTwin(p, m)).toEqual(m);
          p = p.play(m);
        }
      }
    },
  );

  test('canadian: a capture of a piece on squares 65-72 is found and its PV replayed', () => {
    // White 71 takes 65 (index 64: the third capture word), then Black has nothing left.
    const p = fen('canadian', 'W:W71,72:B65');
    const r = search(p, { depth: 3 });
    expect(r.bestMove?.captures).toEqual([65]);
    expect(r.pv[0]).toEqual(r.bestMove);
    expect(r.score).toEqual({ win: 1 });
  });

  test('turkish: one piece each is drawn; a king is worth more than two men', () => {
    // All 64 squares, numbered row by row from a8: d4 = 36, e7 = 13, d1 = 60, a7 = 9, h7 = 16.
    expect(evaluate(fen('turkish', 'W:WK36:B13'))).toBe(0);
    expect(evaluate(fen('turkish', 'W:W36:B13'))).toBe(0);
    expect(evaluate(fen('turkish', 'W:WK60:B9,16'))).toBeGreaterThan(0);
  });

  test('turkish: a long king ending with no capture fades to 0 (then a repetition will do)', () => {
    const p = fen('turkish', 'W:WK21,K44:BK61');
    const after = (kingOnlyPlies: number) =>
      search(
        { position: p, counters: { kingOnlyPlies, endgame: null, endgamePlies: 0, seen: [p.fen] } },
        { depth: 3 },
      ).score;
    const fresh = after(0);
    expect('cp' in fresh && fresh.cp).toBeGreaterThan(200);
    expect(after(100)).toEqual({ cp: 0 });
  });

  test('families', () => {
    const fam = (v: VariantId) => familyOf(getVariant(v));
    expect(fam('canadian')).toBe('flying12');
    expect(fam('turkish')).toBe('turkish');
    expect(fam('frisian')).toBe('frisian');
    expect(fam('frysk')).toBe('frisian');
    expect(fam('thai')).toBe('thai');
    expect(fam('antidraughts')).toBe('anti');
    expect(fam('breakthrough')).toBe('breakthrough');
  });
});

describe('levels', () => {
  const NEW: VariantId[] = [
    'frisian',
    'frysk',
    'antidraughts',
    'breakthrough',
    'canadian',
    'thai',
    'turkish',
  ];
  test.each(NEW.map((v) => [v]))('%s: levels 1, 3, 5 and 8 play a legal move', (variant) => {
    const pos = randomPositions(variant, 1, 12)[0];
    const engine = new Engine(pos.variant, 1);
    for (const level of [1, 3, 5, 8]) {
      const r = playLevel(engine, pos, level, 7);
      expect(legalTwin(pos, r.bestMove)).toEqual(r.bestMove);
    }
  });
});
