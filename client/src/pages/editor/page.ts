/**
 * The board editor (/editor/<variant>, `?fen=` a position): a position set up and checked by the
 * rules, then analysed on the analysis board (the study they share) or played.
 */
import { displayed } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { clearMessage, say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import type { Mode, Study } from '../../lib/study/study.js';
import { EditorCtrl } from './ctrl.js';
import { EditorView } from './view.js';

export function createEditorPage(site: Site, study: Study, show: (mode: Mode) => void): Page {
  const ctrl = new EditorCtrl(study, { redraw, say, clearMessage });
  const view = new EditorView(ctrl, {
    redraw,
    tab(mode) {
      if (mode === 'editor') {
        // Set up again as the position analysed (a step of its own), as the other tab does.
        study.editShown();
        return redraw();
      }
      study.step();
      show('analysis');
    },
    analyse() {
      if (ctrl.analyse()) show('analysis');
    },
  });

  function redraw(): void {
    // Away (the analysis board shown): drawn, and its address written, when it comes back.
    if (!displayed(view.root)) return;
    view.draw();
    document.title = t('title.editor');
    study.remember('editor');
  }

  return {
    root: view.root,
    redraw,
    shown: () => site.header.setTitle(() => t('header.boardEditor')),
  };
}
