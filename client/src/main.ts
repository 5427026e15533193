/**
 * The browser client's entry, for every address the server gives it (client/index.html is the
 * shell of every page): the site started (header, session, settings), then the pages the address
 * asks for, their code loaded with import() so that a page carries no other page's code (the
 * lobby's first load not the analysis board's nor the profile's). Boot and routing only: each
 * page binds its own controls, draws itself and keeps its own address.
 */
import { languageReady } from './lib/i18n/index.js';
import { applyLooks } from './lib/looks.js';
import { say } from './lib/messages.js';
import { startPlay, type PlayPage } from './lib/play.js';
import {
  challengeRoute,
  gameRoute,
  leaderboardRoute,
  newTournamentRoute,
  rulesRoute,
  tokensRoute,
  tournamentRoute,
  tournamentsRoute,
  trainingRoute,
  tvRoute,
} from './lib/routes.js';
import { Router } from './lib/router.js';
import { settings } from './lib/settings.js';
import { shellEl } from './lib/shell.js';
import { startSite, type Site } from './lib/site.js';
import type { Mode } from './lib/study/study.js';
import type { TrainingRoute } from './pages/training/training-route.js';
import type { GamePage } from './pages/game/page.js';
import type { LobbyPage } from './pages/lobby/page.js';

const path = location.pathname;
const host = shellEl('page');

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

/** /leaderboard[/:variant[/:speed]] */
async function leaderboard(): Promise<void> {
  const site = quiet();
  const router = new Router<'leaderboard'>(host);
  site.follow(() => router.redraw());
  const { createLeaderboardPage } = await import('./pages/leaderboard/page.js');
  router.add('leaderboard', createLeaderboardPage(site));
  router.show('leaderboard');
}

/** /tv[/:variant]: a channel's featured game, live. */
async function tv(): Promise<void> {
  const site = quiet();
  const router = new Router<'tv'>(host);
  site.follow(() => router.redraw());
  const { createTvPage } = await import('./pages/tv/page.js');
  router.add('tv', createTvPage(site));
  router.show('tv');
}

/** /mod: the moderators' page. */
async function moderation(): Promise<void> {
  const site = quiet();
  const router = new Router<'mod'>(host);
  site.follow(() => router.redraw());
  const { createModPage } = await import('./pages/mod/page.js');
  router.add('mod', createModPage(site));
  router.show('mod');
}

/** /rules[/:variant]: the variants' rules. */
async function rules(): Promise<void> {
  const site = quiet();
  const router = new Router<'rules'>(host);
  site.follow(() => router.redraw());
  const { createRulesPage } = await import('./pages/rules/page.js');
  router.add('rules', await createRulesPage(site));
  router.show('rules');
}

/** /tournaments and /tournament/new: the list, the form that makes an arena. */
async function tournaments(form: boolean): Promise<void> {
  const site = quiet();
  const router = new Router<'tournaments'>(host);
  site.follow(() => router.redraw());
  await site.ready;
  const page = form
    ? (await import('./pages/newtournament/page.js')).createNewTournamentPage(site)
    : (await import('./pages/tournaments/page.js')).createTournamentsPage(site);
  router.add('tournaments', page);
  router.show('tournaments');
}

/** /training[/...] and /storm: puzzles, the streak, the storm. */
async function training(route: TrainingRoute): Promise<void> {
  const site = quiet();
  const router = new Router<'training'>(host);
  site.follow(() => router.redraw());
  const { createTrainingPage } = await import('./pages/training/page.js');
  router.add('training', createTrainingPage(site, route));
  router.show('training');
}

/** /analysis[/:variant] and /editor[/:variant]: two pages on one study, either shown. */
async function study(mode: Mode): Promise<void> {
  // The pages' code fetched first, while the site starts.
  const modules = Promise.all([
    import('./lib/study/study.js'),
    import('./pages/analysis/page.js'),
    import('./pages/editor/page.js'),
  ]);
  const site = quiet();
  // Their boards and shared controls have the same ids: one of them in the document at a time.
  const router = new Router<Mode>(host, { detach: true });
  site.follow(() => router.redraw());
  const [{ Study }, analysis, editor] = await modules;
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

/**
 * /, /game/:id (and /?game=), /challenge/:id, /?page=tokens, /tournament/:id: the lobby's pages,
 * one socket for them all (an arena's games start there, shown by the game page). The lobby shows until the page asked for is ready, as its markup did before.
 */
async function lobby(): Promise<void> {
  let game: GamePage | null = null;
  let lobbyPage: LobbyPage | null = null;
  // The pages' code fetched first, while the site starts (a phone's round trips are long).
  const challengeId = challengeRoute();
  const tournamentId = tournamentRoute();
  const modules = Promise.all([
    import('./pages/lobby/page.js'),
    import('./pages/game/page.js'),
    challengeId ? import('./pages/challenge/page.js') : null,
    tokensRoute() ? import('./pages/tokens/page.js') : null,
    tournamentId ? import('./pages/tournament/page.js') : null,
  ]);
  const site = startSite({
    live: true,
    openGame: (id) => void site.session.attempt(() => game!.join(id)),
    // Home is the lobby, this tab's own (a game in progress goes on, listed there).
    home: () => game?.leave(),
  });
  const { session, myGames } = site;
  const router = new Router<PlayPage>(host);
  const play = startPlay(site, {
    show: (page) => router.show(page),
    game: (id) => game!.join(id),
    enterGame: (id) => game!.enter(id),
    lobby() {
      router.show('lobby');
      lobbyPage!.enter();
    },
  });
  site.follow(() => {
    router.redraw();
    play.redraw();
  });

  const [lobbyModule, gameModule, challengeModule, tokensModule, tournamentModule] = await modules;
  await site.ready;
  // The game's first: it hears the socket's game events from its first connection.
  game = gameModule.createGamePage(play);
  lobbyPage = lobbyModule.createLobbyPage(play);
  router.add('lobby', lobbyPage);
  if (challengeModule) router.add('challenge', challengeModule.createChallengePage(play));
  router.add('game', game);
  if (tokensModule) router.add('tokens', tokensModule.createTokensPage(play));
  if (tournamentModule && tournamentId) {
    router.add('tournament', tournamentModule.createTournamentPage(play, tournamentId));
    // Back from one of its games (the game page pushed its address over the event's).
    window.addEventListener('popstate', () => {
      if (tournamentRoute() === tournamentId) router.show('tournament');
    });
  }
  router.show(tokensModule ? 'tokens' : tournamentModule ? 'tournament' : 'lobby');
  // Someone known: the socket at once, to hear challenges and moves in my games (it reads my
  // challenges when it connects, and at each reconnection).
  if (session.identity) await session.attempt(() => session.connect());
  void myGames.refresh();
  // A challenge's link shows it; a link to a game (/game/<id>#<ply>, /?game=<id> from a
  // profile's list) shows the game; else the page stays. `/` is the lobby, never a game of
  // mine: one in progress is offered there ("Your games in progress"), not forced.
  const linked = gameRoute() ?? new URLSearchParams(location.search).get('game');
  if (challengeId) void session.attempt(() => play.challenges.openPage(challengeId));
  else if (linked) void session.attempt(() => game!.open(linked));
  else if (!tokensModule && !tournamentModule) lobbyPage.enter();
}

function route(): void {
  const puzzles = trainingRoute();
  const tool = /^\/(analysis|editor)(\/|$)/.exec(path)?.[1] as Mode | undefined;
  if (tool) void study(tool);
  else if (path.startsWith('/@/')) void profile();
  else if (leaderboardRoute()) void leaderboard();
  else if (/^\/mod\/?$/.test(path)) void moderation();
  else if (rulesRoute()) void rules();
  else if (tvRoute()) void tv();
  else if (puzzles) void training(puzzles);
  else if (tournamentsRoute() || newTournamentRoute()) void tournaments(newTournamentRoute());
  else void lobby();
}

// The looks at once (a dark page chosen on a light system must not flash light first).
applyLooks(settings());
// The words of the page's language first (English is in the bundle; another is one request),
// so that nothing is drawn in English and then again.
void languageReady().then(route);
