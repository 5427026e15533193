/**
 * The new arena form (/tournament/new): an account's terms sent to POST /api/tournament; made,
 * the arena's page; refused, the server's reason shown on the form.
 */
import { displayed } from '../../lib/dom.js';
import { explain } from '../../lib/errors.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { createArena } from '../../lib/tournaments-api.js';
import { arenaTerms } from './form-rules.js';
import { NewTournamentView } from './view.js';

export function createNewTournamentPage(site: Site): Page {
  const redraw = () => {
    if (displayed(view.root)) view.draw();
  };
  const view = new NewTournamentView(
    () => site.session.account,
    (fields) => {
      view.busy = true;
      view.error = null;
      redraw();
      createArena(arenaTerms(fields, Date.now())).then(
        (made) => location.assign(`/tournament/${made.id}`),
        (e: unknown) => {
          view.busy = false;
          view.error = explain(e);
          redraw();
        },
      );
    },
  );
  site.header.setTitle(null);
  site.session.onChange(redraw);
  return { root: view.root, redraw };
}
