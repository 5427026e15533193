/**
 * The rules (/rules, /rules/<variant>): every variant listed, each with its page. The address
 * follows the page shown (Back returns to the one before); the words come in the page's language,
 * fetched with the page.
 */
import { language } from '../../lib/i18n/index.js';
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { rulesPath, rulesVariantOf } from './catalog.js';
import { RulesCtrl } from './ctrl.js';
import { RulesView } from './view.js';

export async function createRulesPage(site: Site): Promise<Page> {
  const here = () => rulesVariantOf(location.pathname);
  const ctrl = new RulesCtrl(here(), () => view.redraw());
  const view = new RulesView(ctrl, (variant) => {
    history.pushState(null, '', rulesPath(variant));
    ctrl.show(variant);
    window.scrollTo(0, 0);
  });
  window.addEventListener('popstate', () => ctrl.show(here()));
  site.header.setTitle(null);
  await ctrl.speak(language());
  return {
    root: view.root,
    redraw() {
      view.redraw();
      // Another language: its words fetched, then drawn.
      void ctrl.speak(language());
    },
  };
}
