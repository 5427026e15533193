/**
 * The browser client's entry, for every address the server gives it (client/index.html is the
 * shell of every page): the site (header, session, settings) started, then the pages the address
 * asks for, their code loaded with import() so that a page carries no other page's code (the
 * lobby's first load not the analysis board's).
 */
import { say } from './lib/messages.js';
import { Router } from './lib/router.js';
import { startSite, type Site } from './lib/site.js';
import type { Mode } from './lib/study/study.js';

const path = location.pathname;
const host = document.getElementById('page')!;

/** A site without a socket: "My games" opens a game at its address. */
const quiet = (): Site =>
  startSite({ live: false, openGame: (id) => location.assign(`/game/${id}`) });

/** /@/:username */
async function profile(): Promise<void> {
  const site = quiet();
  const router = new Router<'profile'>(host);
  site.follow(() => router.redraw());
  const { createProfilePage } = await import('./pages/profile/page.js');
  router.add('profile', createProfilePage(site, path));
  router.show('profile');
}

/** /analysis[/:variant] and /editor[/:variant]: two pages on one study, either shown. */
async function study(mode: Mode): Promise<void> {
  const site = quiet();
  const router = new Router<Mode>(host);
  site.follow(() => router.redraw());
  const [{ Study }, analysis, editor] = await Promise.all([
    import('./lib/study/study.js'),
    import('./pages/analysis/page.js'),
    import('./pages/editor/page.js'),
  ]);
  const study = Study.open(mode, new URL(location.href), say);
  const show = (m: Mode) => router.show(m);
  router.add('analysis', analysis.createAnalysisPage(site, study, show));
  router.add('editor', editor.createEditorPage(site, study, show));
  // Back and Forward: the step's tree and set-up, on the page it showed.
  window.addEventListener('popstate', (e) => {
    const m = study.restore(e.state);
    if (!m) return location.reload();
    if (router.shown === m) router.redraw();
    else router.show(m);
  });
  router.show(mode);
}

const tool = /^\/(analysis|editor)(\/|$)/.exec(path)?.[1] as Mode | undefined;
if (tool) void study(tool);
else if (path.startsWith('/@/')) void profile();
// The lobby's pages start themselves, until they are pages like these.
else void import('./pages/lobby/page.js');
