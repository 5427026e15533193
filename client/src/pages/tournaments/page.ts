/**
 * The tournaments list (/tournaments): read at once and every few seconds (events start, end
 * and fill up), its countdowns running each second.
 */
import { displayed } from '../../lib/dom.js';
import { explain } from '../../lib/errors.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { TournamentsCtrl } from './ctrl.js';
import { TournamentsView } from './view.js';

const REFRESH_MS = 10_000;

export function createTournamentsPage(site: Site): Page {
  const redraw = () => {
    if (displayed(view.root)) view.draw();
  };
  const ctrl = new TournamentsCtrl(redraw);
  const view = new TournamentsView(ctrl, () => site.session.account);
  site.header.setTitle(null);
  site.session.onChange(redraw);
  const read = () => void ctrl.refresh().catch((e: unknown) => say(explain(e)));
  read();
  setInterval(read, REFRESH_MS);
  setInterval(() => {
    if (displayed(view.root)) view.tick();
  }, 1000);
  return { root: view.root, redraw };
}
