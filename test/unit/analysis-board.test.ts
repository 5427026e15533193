/**
 * The analysis board's state without a browser: the move tree as the page walks and edits it
 * (side lines, promote, delete, the engine's history), the board editor's set-up and its checks,
 * scores as White sees them, and the browser engine's search deepening one depth at a time.
 */
import { deepen, type DepthNews } from '../../client/src/pages/analysis/deepen.js';
import { EngineLines, scoreText, type EngineView } from '../../client/src/pages/analysis/engine.js';
import { Editor, editorFromFen } from '../../client/src/lib/study/setup.js';
import { AnalysisTree } from '../../client/src/lib/study/tree.js';
import { makePdnTree, parseMoveText, Position, unwrap, type Move } from '../../src/rules/index.js';

const moveOf = (pos: Position, from: number, to: number): Move =>
  unwrap(pos.findMove({ from, to }));

describe('the move tree', () => {
  const start = Position.initial('brazilian');

  test('a move from an earlier position starts a side line; the same move follows the line', () => {
    const t = AnalysisTree.from(start);
    t.play(moveOf(t.position, 22, 18));
    t.play(moveOf(t.position, 11, 15));
    expect(t.path).toEqual([0, 0]);
    t.back();
    t.play(moveOf(t.position, 10, 14));
    expect(t.path).toEqual([0, 1]); // a side line
    t.back();
    t.play(moveOf(t.position, 11, 15));
    expect(t.path).toEqual([0, 0]); // the main line again, not a copy
    expect(t.tree.children[0].children.map((n) => n.text)).toEqual(['11-15', '10-14']);
    expect(t.history()).toEqual([start.fen, start.play(moveOf(start, 22, 18)).fen]);
  });

  test('promote makes the line shown the main line; delete removes a move and what follows', () => {
    const t = AnalysisTree.from(start);
    t.play(moveOf(t.position, 22, 18));
    t.play(moveOf(t.position, 11, 15));
    t.back();
    t.play(moveOf(t.position, 10, 14));
    t.play(t.position.legalMoves()[0]);
    expect(t.path).toEqual([0, 1, 0]);
    t.promote();
    expect(t.path).toEqual([0, 0, 0]);
    expect(t.tree.children[0].children.map((n) => n.text)).toEqual(['10-14', '11-15']);
    t.goTo([0, 0]);
    t.remove();
    expect(t.path).toEqual([0]);
    expect(t.tree.children[0].children.map((n) => n.text)).toEqual(['11-15']);
    expect(t.goTo([0, 5])).toBe(false);
    expect(t.path).toEqual([0]);
    t.last();
    expect(t.path).toEqual([0, 0]);
    t.first();
    expect(t.path).toEqual([]);
    // A move clicked in the list: found by the node itself.
    const deep = t.tree.children[0].children[0];
    expect(t.goToNode(deep)).toBe(true);
    expect(t.path).toEqual([0, 0]);
    expect(t.goToNode(AnalysisTree.from(start).tree)).toBe(false);
    expect(makePdnTree(t.tree)).toContain('1. 22-18 11-15 *');
  });
});

describe('the board editor', () => {
  test('pieces put and taken off, the side to move, the FEN and its checks', () => {
    const e = Editor.initial('english');
    e.clear();
    expect(e.check().ok).toBe(false);
    e.apply(14, 'white-king');
    e.apply(27, 'white-man');
    e.apply(5, 'black-man');
    e.apply(10, 'black-king');
    e.apply(10, 'black-king'); // the same piece again: off
    e.apply(10, 'black-man');
    e.turn = 'white';
    expect(e.fen).toBe('W:WK14,27:B5,10');
    expect(unwrap(e.check()).fen).toBe('W:WK14,27:B5,10');
    e.apply(5, 'empty');
    e.apply(10, 'empty');
    const refused = e.check();
    expect(refused.ok ? '' : refused.error.message).toBe(
      'black has no pieces: the game would be over',
    );
    e.apply(2, 'white-man');
    const crowned = e.check();
    expect(crowned.ok ? '' : crowned.error.message).toContain('would have been crowned');
  });

  test('a FEN typed in: read by the rules, or refused with their reason', () => {
    expect(unwrap(editorFromFen('brazilian', 'B:W21-22:BK1')).fen).toBe('B:W21,22:BK1');
    const bad = editorFromFen('brazilian', 'W:W33:B1');
    expect(bad.ok).toBe(false);
  });
});

describe('engine scores as White sees them', () => {
  test.each([
    [{ cp: 125 }, 'white', '+1.25'],
    [{ cp: 125 }, 'black', '-1.25'],
    [{ cp: 0 }, 'white', '0.00'],
    [{ win: 5 }, 'white', '#3'],
    [{ win: 5 }, 'black', '#-3'],
    [{ loss: 4 }, 'white', '#-2'],
    [{ loss: 0 }, 'black', '#0'],
  ] as const)('%j with %s to move is %s', (score, turn, text) => {
    expect(scoreText(score, turn)).toBe(text);
  });

  test('switched off, the lines say so and nothing is asked', () => {
    const views: EngineView[] = [];
    const lines = new EngineLines((v) => views.push(v));
    lines.on = false;
    lines.ask({ variant: 'brazilian', fen: 'W:W21:B1', turn: 'white', history: [] });
    expect(views).toEqual([{ status: 'off' }]);
  });
});

describe("the analysis board's engine, deepening", () => {
  const all = (fen: string, multipv: number, maxDepth: number): DepthNews[] => [
    ...deepen({ variant: 'brazilian', fen, history: [], multipv }, maxDepth),
  ];

  test('each depth in turn, each with its lines in PDN and the nodes so far', () => {
    const start = Position.initial('brazilian');
    const news = all(start.fen, 2, 6);
    expect(news.map((n) => n.depth)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(news.map((n) => n.final)).toEqual([false, false, false, false, false, true]);
    for (const n of news) {
      expect(n.lines).toHaveLength(2);
      expect(n.lines[0].move).not.toEqual(n.lines[1].move);
      // The line is legal from the position, in PDN, as deep as the depth.
      let pos = start;
      for (const text of n.lines[0].pv) pos = pos.play(unwrap(parseMoveText(pos, text)));
      expect(n.lines[0].pv.length).toBeGreaterThanOrEqual(Math.min(n.depth, 2));
      expect(n.nps).toBeGreaterThan(0);
    }
    const nodes = news.map((n) => n.nodes);
    expect(nodes).toEqual([...nodes].sort((a, b) => a - b));
  });

  test.each([
    // White takes the last black man: won at once.
    ['W:W22:B18', 1, '#1', '22x15'],
    // 27-24 forces 18-22, then 26x17 wins: a win in 3 plies, proven at depth 3.
    ['W:W26,27:B18', 3, '#2', '27-24 18-22 26x17'],
  ])('%s: a proven win ends the deepening at depth %d (%s)', (fen, depth, score, pv) => {
    const news = all(fen, 1, 40);
    const last = news[news.length - 1];
    expect(last).toMatchObject({ depth, final: true });
    expect(news.filter((n) => n.final)).toHaveLength(1);
    expect(scoreText(last.lines[0].score, 'white')).toBe(score);
    expect(last.lines[0].pv.join(' ')).toBe(pv);
  });

  test('no legal move: one answer, final, with no line', () => {
    const news = all('B:W8,11:B4', 1, 10);
    expect(news).toEqual([expect.objectContaining({ final: true, lines: [] })]);
  });
});
