/**
 * A game (/game/<id>, #<ply> a ply of it; /?game=<id>): the board, the players and clocks, the
 * actions, the moves to step through, the chat, the engine's analysis after the end. The game
 * page keeps its address: the game's own link while it is shown, Back to the lobby and Forward
 * into the game again.
 */
import { displayed } from '../../lib/dom.js';
import { inform, say } from '../../lib/messages.js';
import { onConnectionChange } from '../../lib/connection.js';
import type { Page } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { gameRoute, tokensRoute, tournamentRoute } from '../../lib/routes.js';
import { onSettings, settings } from '../../lib/settings.js';
import { play } from '../../lib/sounds.js';
import { ChatCtrl } from './chat.js';
import { clockOf } from './clock.js';
import { Ctrl } from './ctrl.js';
import { WireError } from '../../lib/errors.js';
import { t } from '../../lib/i18n/index.js';
import { showTurn } from '../../lib/turn-signal.js';
import { goTo } from './round.js';
import { Review } from './review.js';
import { GameView } from './view.js';

export interface GamePage extends Page {
  /** A game, joined then shown. */
  join(matchId: string): Promise<void>;
  /** An accepted challenge's game: shown by its match:start, else joined. */
  enter(matchId: string): Promise<void>;
  /** Back to the lobby: a game still on goes on. */
  leave(): void;
  /** A game's link (/game/<id>#<ply>, /?game=<id>): the game, at the ply asked for. */
  open(matchId: string): Promise<void>;
}

export function createGamePage({ site, waiting, nav }: Play): GamePage {
  const { session } = site;
  const review = new Review(() => redraw());
  const ctrl = new Ctrl(session, waiting, {
    redraw,
    say,
    inform,
    // Stepping through an earlier position: a new move is not animated over it.
    animate: (path, captures): Promise<void> =>
      stepping() ? Promise.resolve() : view.board.animate(path, captures),
    choosePath: (moves, choose) => view.paths.show(moves, choose),
    hidePaths: () => view.paths.hide(),
    showGame,
    showLobby: () => nav.lobby(),
    sound: play,
    premoves: () => settings().premoves,
    chatLine: (line) => chat.heard(line),
    gameShown: (game) => void chat.open(game),
  });
  const chat = new ChatCtrl(session, () => redraw());
  const view = new GameView(
    { ctrl, chat, review, session },
    {
      step,
      pick(sq) {
        // Stepping through: a player's click in a game still on comes back to the game as it
        // is; elsewhere (a finished or watched game) a click changes nothing.
        const g = ctrl.game;
        if (g && g.cursor !== null) {
          if (g.me && g.state.status === 'active') step(Infinity);
          return;
        }
        ctrl.pick(sq);
      },
      act: (event, payload) => void session.attempt(() => ctrl.act(event, payload)),
      confirmResign(on) {
        if (ctrl.game) ctrl.game.confirmResign = on;
        redraw();
        view.el(on ? 'resign-cancel' : 'resign').focus();
      },
      toRematch() {
        const id = ctrl.game?.state.rematchId;
        if (id) void session.attempt(() => ctrl.join(id));
      },
      leave: () => ctrl.leave(),
      analyse() {
        const id = ctrl.game?.state.id;
        if (id) void session.attempt(() => review.request(id));
      },
      say: (text, name, refused) =>
        void session.attempt(async () => {
          try {
            await chat.say(text, name);
          } catch (e) {
            refused();
            throw e; // told, and a stale identity forgotten
          }
        }),
      tell: say,
    },
  );

  function redraw(): void {
    const game = ctrl.game;
    // A finished game: its engine analysis, if someone asked for one.
    if (game?.state.status === 'finished') review.show(game.state.id);
    else review.hide();
    if (displayed(view.root)) view.draw();
  }

  /** Whether an earlier position of the game is shown (stepping through it). */
  function stepping(): boolean {
    const game: { cursor: number | null } | null = ctrl.game;
    return game !== null && game.cursor !== null;
  }

  /** Shows ply `ply` of the game on screen; on its permanent link, the address says which. */
  function step(ply: number): void {
    const game = ctrl.game;
    if (!game) return;
    goTo(game, ply);
    view.paths.hide(); // a capture chooser offers moves of the game as it is, not of the ply shown
    if (gameRoute() === game.state.id)
      history.replaceState(null, '', game.cursor === null ? location.pathname : `#${game.cursor}`);
    redraw();
  }

  /**
   * The game shown; the address is its own link (/game/<id>): to copy, bookmark or reload. A
   * challenge's page that became its game is replaced by it (a reload resumes the game, not the
   * challenge). From the lobby (or an arena's page) it is a new step, so Back returns there.
   */
  function showGame(): void {
    nav.show('game');
    const id = ctrl.game?.state.id;
    const path = id ? `/game/${id}` : '/';
    // From the lobby or an arena's page: a new step (Back returns there).
    const from = (location.pathname === '/' && location.search === '') || tournamentRoute();
    if (from && path !== '/') history.pushState(null, '', path);
    else if (location.pathname !== path || tokensRoute()) history.replaceState(null, '', path);
  }

  /** /game/<id>#<ply>: that position (no ply: the game as it is now). */
  function stepToHash(): void {
    const game = ctrl.game;
    if (!game || gameRoute() !== game.state.id) return;
    const ply = Number(location.hash.slice(1));
    if (!location.hash) step(Infinity);
    else if (Number.isInteger(ply)) step(ply);
  }
  // Only the ply changed in the address (typed, a link on the page): the game steps there.
  window.addEventListener('hashchange', stepToHash);

  // Back from a game to the lobby, Forward into it again.
  window.addEventListener('popstate', () => {
    const id = gameRoute();
    if (location.pathname === '/' && ctrl.game) ctrl.leave();
    else if (id && ctrl.game?.state.id !== id) void session.attempt(() => ctrl.join(id));
  });
  onSettings((s) => {
    view.drawSwitches();
    // Premoves switched off: the one queued goes.
    if (s.premoves || !ctrl.game?.premove) return;
    ctrl.game.premove = null;
    redraw();
  });
  onConnectionChange(redraw);

  /** My clock running low: once a game, a sound (the clock turns red by itself). */
  let warnedFor: string | null = null;
  function lowTimeWarning(): void {
    const g = ctrl.game;
    if (!g?.me || g.state.status !== 'active' || warnedFor === g.state.id) return;
    if (!clockOf(g, g.me).low) return;
    warnedFor = g.state.id;
    play('low-time');
  }
  setInterval(() => {
    view.tick();
    lowTimeWarning();
  }, 100);

  return {
    root: view.root,
    redraw,
    // The tab's title and icon no longer speak of a game.
    hidden: () => showTurn(false),
    join: (matchId) => ctrl.join(matchId),
    enter: (matchId) => ctrl.enter(matchId),
    leave: () => ctrl.leave(),
    async open(matchId) {
      try {
        await ctrl.join(matchId);
      } catch (e) {
        // A link to no game: said in words, and the lobby (not the server's "no match <id>").
        if (!(e instanceof WireError) || !['NOT_FOUND', 'INVALID_PAYLOAD'].includes(e.code))
          throw e;
        nav.lobby();
        say(t('table.noGame'));
        return;
      }
      stepToHash();
    },
  };
}
