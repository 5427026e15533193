/**
 * The board editor's actions on the study's set-up: a piece put or taken off, the side to move,
 * the start position or an empty board, a FEN typed in, and the position, once the rules accept
 * it, taken to the analysis board. No DOM: the page is reached through `EditorUi`.
 */
import type { Color } from '../../../../src/rules/index.js';
import { t } from '../../lib/i18n/index.js';
import { rulesReason } from '../../lib/rules-text.js';
import { Editor, editorFromFen, type Tool } from '../../lib/study/setup.js';
import type { Study } from '../../lib/study/study.js';
import { AnalysisTree } from '../../lib/study/tree.js';

export interface EditorUi {
  redraw(): void;
  say(text: string): void;
  clearMessage(): void;
}

export class EditorCtrl {
  constructor(
    readonly study: Study,
    private readonly ui: EditorUi,
  ) {}

  get editor(): Editor {
    return this.study.editor;
  }

  /** A square clicked with `tool`: the piece put there, or taken off if it is there already. */
  put(sq: number, tool: Tool): void {
    this.editor.apply(sq, tool);
    this.ui.redraw();
  }

  setTurn(turn: Color): void {
    this.editor.turn = turn;
    this.ui.redraw();
  }

  start(): void {
    this.study.editor = Editor.initial(this.study.variant);
    this.ui.redraw();
  }

  clear(): void {
    this.editor.clear();
    this.ui.redraw();
  }

  /** A FEN typed in: set up as it says (a step of its own), or why it cannot be read. */
  loadFen(fen: string): void {
    const e = editorFromFen(this.study.variant, fen);
    if (!e.ok) return this.ui.say(t('analysis.badFen', { reason: rulesReason(e.error) }));
    this.study.editor = e.value;
    this.study.step();
    this.ui.clearMessage();
    this.ui.redraw();
  }

  /** The position, if the rules accept it, as the tree to analyse (false: it is not playable). */
  analyse(): boolean {
    const check = this.editor.check();
    if (check.ok) this.study.loadTree(AnalysisTree.from(check.value));
    return check.ok;
  }
}
