/**
 * The browser client's entry, for every address the server gives it (client/index.html is the
 * shell of every page): which page the address asks for, its code loaded with import() so that
 * a page carries no other page's code (the lobby's first load not the analysis board's).
 */
const path = location.pathname;

// Each starts itself, until they are pages of a router.
if (/^\/(analysis|editor)(\/|$)/.test(path)) void import('./pages/analysis/page.js');
else if (path.startsWith('/@/')) void import('./pages/profile/page.js');
else void import('./pages/lobby/page.js');
