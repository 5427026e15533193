/** The moderators' page (/mod): reports, a player's record and marks, the log. */
import { explain } from '../../lib/errors.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { ModCtrl } from './ctrl.js';
import { ModView } from './view.js';

export function createModPage(site: Site): Page {
  const fail = (e: unknown) => say(explain(e));
  const ctrl = new ModCtrl(() => view.redraw());
  const view = new ModView(ctrl, fail);
  site.header.setTitle(null);
  void site.ready.then(() => ctrl.load()).catch(fail);
  return { root: view.root, redraw: () => view.redraw() };
}
