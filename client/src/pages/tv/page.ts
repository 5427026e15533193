/**
 * TV (/tv, /tv/<variant>): a channel's featured game, live, following the channel to its next
 * game when one ends. The address follows the channel picked (Back returns to the one before).
 */
import type { Page } from '../../lib/page.js';
import type { Site } from '../../lib/site.js';
import { TvCtrl } from './ctrl.js';
import { channelOf, channelPath } from './tv-route.js';
import { TvView } from './view.js';

/** How often the running clock is drawn. */
const TICK_MS = 250;

export function createTvPage(site: Site): Page {
  const ctrl = new TvCtrl(channelOf(location.pathname), () => view.redraw());
  const view = new TvView(ctrl, (key) => {
    history.pushState(null, '', channelPath(key));
    ctrl.show(key);
  });
  window.addEventListener('popstate', () => ctrl.show(channelOf(location.pathname)));
  site.header.setTitle(null);
  let ticking: ReturnType<typeof setInterval> | null = null;
  return {
    root: view.root,
    redraw: () => view.redraw(),
    shown() {
      ctrl.show(ctrl.channel);
      ticking ??= setInterval(() => view.tick(), TICK_MS);
    },
    hidden() {
      ctrl.stop();
      if (ticking) clearInterval(ticking);
      ticking = null;
    },
  };
}
