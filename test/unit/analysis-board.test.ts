/**
 * The analysis board's state without a browser: the move tree as the page walks and edits it
 * (side lines, promote, delete, the engine's history), the board editor's set-up and its checks,
 * and scores as White sees them.
 */
import { EngineLines, scoreText, type EngineView } from '../../client/src/pages/analysis/engine.js';
import { Editor, editorFromFen } from '../../client/src/lib/study/setup.js';
import { AnalysisTree } from '../../client/src/lib/study/tree.js';
import { makePdnTree, Position, unwrap, type Move } from '../../src/rules/index.js';

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
