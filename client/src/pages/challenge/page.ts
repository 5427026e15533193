/**
 * A challenge's link (/challenge/<id>): shown once its challenge is read (or known not to be),
 * then kept up to date as it is watched; its accepted game takes its place.
 */
import type { Page } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { ChallengePageCtrl } from './ctrl.js';
import { ChallengeView } from './view.js';

export function createChallengePage({ site, challenges, nav }: Play): Page {
  const ctrl = new ChallengePageCtrl(challenges, site.session);
  const view = new ChallengeView(ctrl, (fn) => void site.session.attempt(fn));
  const redraw = () => view.draw();
  challenges.onChange(() => {
    if (ctrl.challenge === null && !ctrl.missing) return;
    nav.show('challenge');
    redraw();
  });
  return {
    root: view.root,
    redraw,
    // Gone into its game: the challenge is not this tab's page any more.
    hidden: () => challenges.leavePage(),
  };
}
