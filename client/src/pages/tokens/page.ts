/** An account's personal API tokens (/?page=tokens): read afresh; a guest is asked to sign up. */
import { displayed } from '../../lib/dom.js';
import type { Page } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { TokensCtrl } from './ctrl.js';
import { TokensView } from './view.js';

export function createTokensPage({ site }: Play): Page {
  const { session } = site;
  const redraw = () => {
    if (displayed(view.root)) view.draw();
  };
  const ctrl = new TokensCtrl({ redraw, created: () => view.created() });
  const view = new TokensView(ctrl, () => session.account);
  const read = () => {
    if (session.account) void ctrl.refresh();
  };
  // Signed up (or in) right here: the form, and the account's list.
  session.onChange(() => {
    if (!displayed(view.root)) return;
    redraw();
    read();
  });
  return { root: view.root, redraw, shown: read };
}
