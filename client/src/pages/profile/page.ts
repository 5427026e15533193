/** A player's profile (/@/:username): ratings, their history, the games. */
import { explain } from '../../lib/errors.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { ProfileCtrl } from './ctrl.js';
import { ProfileView } from './view.js';

export function createProfilePage(site: Site, path: string): Page {
  const username = decodeURIComponent(path.replace(/^\/@\//, '').replace(/\/$/, ''));
  const fail = (e: unknown) => say(explain(e));
  const ctrl = new ProfileCtrl(username, () => view.redraw());
  const view = new ProfileView(ctrl, fail);
  site.header.setTitle(null);
  void ctrl.load().catch(fail);
  void site.ready.then(() => ctrl.viewedBy(site.session.identity?.username ?? null)).catch(fail);
  return { root: view.root, redraw: () => view.redraw() };
}
