/**
 * An arena's page (/tournament/<id>), among the lobby's pages (one socket): read from the API,
 * watched live while a socket is open (read again every few seconds without one). Joined here;
 * my games start as every game does (`match:start`: the game page shows it, as lichess goes to
 * the game), and the game page leads back here once a game is over.
 */
import { displayed } from '../../lib/dom.js';
import type { Page } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { TournamentCtrl } from './ctrl.js';
import { TournamentView } from './view.js';

/** How often a page without a socket reads the event again. */
const POLL_MS = 5000;

export interface TournamentPageApi extends Page {
  readonly id: string;
}

export function createTournamentPage({ site }: Play, id: string): TournamentPageApi {
  const { session } = site;
  const redraw = () => {
    if (displayed(view.root)) view.draw();
  };
  const ctrl = new TournamentCtrl(id, session, redraw);
  const attempt = (fn: () => Promise<unknown>) => void session.attempt(fn);
  const view = new TournamentView(ctrl, {
    join: (password) => attempt(() => ctrl.join(password || undefined)),
    leave: (how) => attempt(() => ctrl.leave(how)),
    showPage: (page) => attempt(() => ctrl.showPage(page)),
  });
  session.onOpen((w) => {
    w.on('tournament:update', (u) => ctrl.update(u));
    // At each connection (a reconnect too): the page again, and its updates.
    w.onConnect(() => attempt(() => ctrl.watch(w)));
  });
  void ctrl.load().catch((e: unknown) => session.attempt(() => Promise.reject(e)));
  setInterval(() => {
    if (displayed(view.root)) view.tick();
  }, 1000);
  // No socket (a visitor with no identity): read again, until the end.
  setInterval(() => {
    if (!session.wire && ctrl.tournament?.status !== 'finished')
      void ctrl.load().catch(() => undefined);
  }, POLL_MS);
  return { id, root: view.root, redraw };
}
