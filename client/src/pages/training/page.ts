/**
 * The training page: puzzles (/training, /training/<variant>, /training/daily, /training/<id>),
 * the streak (/training/streak) and the storm (/storm). A puzzle's address is its link
 * (/training/<id>), kept as it changes; the variant picked is remembered as the lobby's is.
 */
import { explain } from '../../lib/errors.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { rememberedVariant, rememberVariant } from '../lobby/quick-tiles.js';
import { TrainingCtrl } from './ctrl.js';
import type { TrainingRoute } from './training-route.js';
import { TrainingView } from './view.js';

export function createTrainingPage(site: Site, route: TrainingRoute): Page {
  const ctrl: TrainingCtrl = new TrainingCtrl(route, rememberedVariant(), {
    redraw: () => view.draw(),
    say,
    animate: (move): Promise<void> => view.board.animate(move.path, move.captures),
    choosePath: (moves, choose) => view.paths.show(moves, choose),
    hidePaths: () => view.paths.hide(),
    address: (path) => {
      if (location.pathname !== path) history.replaceState(null, '', path);
    },
    identity: () => site.session.identity,
    account: () => site.session.account,
  });
  const view: TrainingView = new TrainingView(ctrl, {
    again() {
      const start = ctrl.mode === 'storm' ? ctrl.newStorm() : ctrl.newStreak();
      void start.catch((e: unknown) => say(explain(e)));
    },
    pickVariant(variant) {
      rememberVariant(variant);
      void ctrl.pickVariant(variant);
    },
  });
  // The storm's clock, and its end when the time is up.
  setInterval(() => {
    if (!ctrl.storm) return;
    view.tick();
    ctrl.tick();
  }, 100);
  site.header.setTitle(null);
  void site.ready.then(() => ctrl.open(route));
  return { root: view.root, redraw: () => view.draw() };
}
