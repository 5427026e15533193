/**
 * The board editor drawn from the study's set-up, and its controls bound: the board (a click
 * puts the tool chosen), the side to move, the start position, an empty board, and what follows
 * (analyse it, or play it: the lobby's forms with the position).
 */
import type { Color } from '../../../../src/rules/index.js';
import { BoardView } from '../../lib/board/board.js';
import { byId, type El } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { rulesReason } from '../../lib/rules-text.js';
import { settings } from '../../lib/settings.js';
import { StudyControls, type StudyActions } from '../../lib/study/controls.js';
import type { Tool } from '../../lib/study/setup.js';
import type { EditorCtrl } from './ctrl.js';
import frame from '../../lib/study/frame.html?raw';
import { fillSlots } from '../../lib/study/frame.js';
import slots from './editor.html?raw';
import { EDITOR_IDS } from './ids.js';

export class EditorView {
  readonly root = pageRoot(fillSlots(frame, slots));
  readonly el: El<typeof EDITOR_IDS> = byId(this.root, EDITOR_IDS);
  private readonly board = new BoardView(this.el('board'), false);
  private readonly controls: StudyControls;

  constructor(
    private readonly ctrl: EditorCtrl,
    actions: Omit<StudyActions, 'loadFen'> & { analyse(): void },
  ) {
    const { el } = this;
    this.controls = new StudyControls(el, ctrl.study, 'editor', {
      ...actions,
      loadFen: (fen) => ctrl.loadFen(fen),
    });
    this.board.onPick((sq) => ctrl.put(sq, this.tool()));
    el('editor-turn').addEventListener('change', () =>
      ctrl.setTurn(el('editor-turn').value as Color),
    );
    el('editor-start').addEventListener('click', () => ctrl.start());
    el('editor-clear').addEventListener('click', () => ctrl.clear());
    el('editor-analyse').addEventListener('click', () => actions.analyse());
  }

  /** The tool chosen (a radio button of the markup's "Click a square to put"). */
  private tool(): Tool {
    return (this.root.querySelector<HTMLInputElement>('input[name="tool"]:checked')?.value ??
      'white-man') as Tool;
  }

  draw(): void {
    const { el, ctrl } = this;
    const { editor, study } = ctrl;
    const variant = study.variant;
    this.board.render({
      position: editor,
      flipped: study.flipped,
      numbers: study.numbers,
      coordinates: settings().coordinates,
      selected: null,
      targets: [],
    });
    this.controls.draw(editor.fen);
    el('editor-turn').value = editor.turn;
    const check = editor.check();
    el('editor-check').textContent = check.ok
      ? t(`editor.legal.${check.value.turn}`)
      : t('editor.notPlayable', { reason: rulesReason(check.error) });
    el('editor-check').classList.toggle('error', !check.ok);
    el('editor-analyse').disabled = !check.ok;
    for (const [id, anchor] of [
      ['editor-computer', 'computer'],
      ['editor-friend', 'friend'],
    ] as const) {
      const a = el(id);
      // The lobby's forms take the position: a level and a clock are chosen there.
      if (check.ok) a.href = `/?variant=${variant}&fen=${encodeURIComponent(editor.fen)}#${anchor}`;
      else a.removeAttribute('href');
      a.setAttribute('aria-disabled', String(!check.ok));
    }
  }
}
