/**
 * The browser client's entry, for every address the server gives it (client/index.html is the
 * shell of every page): the site (header, session, settings) started, then the page the address
 * asks for, its code loaded with import() so that a page carries no other page's code (the
 * lobby's first load not the analysis board's).
 */
import { Router } from './lib/router.js';
import { startSite } from './lib/site.js';

const path = location.pathname;

async function profile(): Promise<void> {
  const site = startSite({ live: false, openGame: (id) => location.assign(`/game/${id}`) });
  const router = new Router<'profile'>(document.getElementById('page')!);
  site.follow(() => router.redraw());
  const { createProfilePage } = await import('./pages/profile/page.js');
  router.add('profile', createProfilePage(site, path));
  router.show('profile');
}

// The analysis board and the lobby's pages start themselves, until they are pages like the profile.
if (/^\/(analysis|editor)(\/|$)/.test(path)) void import('./pages/analysis/page.js');
else if (path.startsWith('/@/')) void profile();
else void import('./pages/lobby/page.js');
