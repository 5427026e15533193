/**
 * The leaderboard (/leaderboard, /leaderboard/<variant>/<speed>): one pool's best settled
 * ratings. The address follows the pool picked (Back returns to the one before).
 */
import { explain } from '../../lib/errors.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { LeaderboardCtrl } from './ctrl.js';
import { poolOf, poolPath, type Pool } from './leaderboard-rules.js';
import { LeaderboardView } from './view.js';

export function createLeaderboardPage(site: Site): Page {
  const fail = (e: unknown) => say(explain(e));
  const here = (): Pool => poolOf(location.pathname, location.search);
  const ctrl = new LeaderboardCtrl(here(), () => view.redraw());
  const view = new LeaderboardView(ctrl, (pool) => {
    history.pushState(null, '', poolPath(pool));
    void ctrl.show(pool).catch(fail);
  });
  window.addEventListener('popstate', () => void ctrl.show(here()).catch(fail));
  site.header.setTitle(null);
  // The address says the pool in full (a bare /leaderboard too): to copy or bookmark.
  history.replaceState(null, '', poolPath(ctrl.pool));
  void ctrl.show(ctrl.pool).catch(fail);
  return { root: view.root, redraw: () => view.redraw() };
}
