/**
 * The analysis board (/analysis/<variant>; `?fen=` a position, `?game=<id>#<ply>` a game at a
 * ply): any legal move for either side into a move tree with side lines, the engine's lines
 * live, FEN and PDN in and out. Its tree is the study it shares with the board editor.
 */
import { displayed } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { clearMessage, say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import type { Mode, Study } from '../../lib/study/study.js';
import { AnalysisCtrl } from './ctrl.js';
import { AnalysisView } from './view.js';

export function createAnalysisPage(site: Site, study: Study, show: (mode: Mode) => void): Page {
  const ctrl = new AnalysisCtrl(study, {
    redraw,
    say,
    clearMessage,
    choosePath: (moves, choose) => view.paths.show(moves, choose),
    hidePaths: () => view.paths.hide(),
  });
  const view = new AnalysisView(ctrl, {
    redraw,
    tab(mode) {
      if (mode === 'analysis') return ctrl.go(() => undefined);
      study.editShown();
      show('editor');
    },
  });

  function redraw(): void {
    // Away (the editor shown): drawn, and its address written, when it comes back.
    if (!displayed(view.root)) return;
    ctrl.askEngine();
    ctrl.askExplorer();
    view.draw();
    document.title = t('title.analysis');
    study.remember('analysis');
  }

  const url = new URL(location.href);
  const game = url.searchParams.get('game');
  if (game) void ctrl.openMatch(game, Number(url.hash.slice(1)));
  return {
    root: view.root,
    redraw,
    shown: () => site.header.setTitle(() => t('header.analysisBoard')),
    hidden: () => ctrl.leave(),
  };
}
