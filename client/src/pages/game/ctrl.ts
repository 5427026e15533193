/**
 * The game page's controller (as lichess's ui/round ctrl.ts): the game on screen, what server
 * events and clicks do to it (game.ts has the changes themselves), the serial event queue. No
 * DOM and no socket.io here: the page is reached through `Ui`, the server through the session's
 * typed Wire. The server decides every move; the client finds a piece's legal
 * moves with the bundled rules library (src/rules, the server's own), so a click asks nothing.
 */
import type { Move } from '../../../../src/rules/index.js';
import type {
  ChatLine,
  ClientEvent,
  ClientPayload,
  MatchState,
  MoveEvent,
} from '../../../../src/common/protocol.js';
import { matchHistory } from '../../lib/api.js';
import {
  applyBerserk,
  applyDraw,
  applyEnd,
  applyMove,
  applyPresence,
  applyRematch,
  applyTakeback,
  colorIn,
  takebackAsked,
  deselect,
  goTo,
  isNext,
  newRound,
  premoveNow,
  premoveTargets,
  select,
  writeMove,
  type Round,
} from './round.js';
import { WireError } from '../../lib/errors.js';
import { t } from '../../lib/i18n/index.js';
import type { Session } from '../../lib/session.js';
import type { Sound } from '../../lib/sounds.js';
import type { Wire } from '../../lib/socket.js';
import type { Waiting } from '../../lib/waiting.js';

/** What the controller asks of the page. */
export interface Ui {
  /** Draws `game` again. */
  redraw(): void;
  say(text: string): void;
  /** News rather than an error (a takeback done, an offer made to me). */
  inform(text: string): void;
  animate(path: readonly number[], captures: readonly number[]): Promise<void>;
  /** Several capture paths lead to the picked square: the player picks one. */
  choosePath(moves: Move[], choose: (m: Move) => void): void;
  hidePaths(): void;
  /** A game is shown (its page, its address). */
  showGame(): void;
  /** Back to the lobby. */
  showLobby(): void;
  sound(s: Sound): void;
  /** Whether premoves are on (a setting, on by default). */
  premoves(): boolean;
  /** A chat line heard (of any game: the chat keeps those of the game shown). */
  chatLine(line: ChatLine): void;
  /** A game is shown (again): its chat is read. */
  gameShown(game: Round): void;
}

export class Ctrl {
  game: Round | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly session: Session,
    /** Who in this tab waits for a game to start (the queue, an accept, a challenge made here). */
    private readonly waiting: Waiting,
    private readonly ui: Ui,
  ) {
    session.onOpen((w) => this.listen(w));
  }

  /**
   * Game events and (re)loads of a game are handled one after another, in arrival order: a move
   * that arrives while a game is being shown (its history fetched) is applied after it, not lost.
   */
  private serially(fn: () => void | Promise<void>): Promise<void> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined); // a failed step reports to its caller; the rest go on
    return run;
  }

  private listen(w: Wire): void {
    // After a reconnect (server restart, network), take the game up again where the server has it.
    w.onConnect(() => {
      const game = this.game;
      if (game) void this.session.attempt(() => this.join(game.state.id));
    });
    w.on('match:start', (s) => {
      // Whether this tab waits for it is known now (an accept's answer, a queue left, may follow).
      const wanted = this.waiting.wants(s);
      void this.serially(() => this.started(s, wanted));
    });
    w.on('match:move', (e) => void this.serially(() => this.onMove(e)));
    w.on('match:end', (e) =>
      this.later(e.matchId, (g) => {
        if (g.state.status === 'active') this.ui.sound('end');
        applyEnd(g, e);
      }),
    );
    // In arrival order with the game's (re)load: an offer or presence notice that comes while
    // the game is being shown is applied to it, not lost.
    w.on('match:draw', (d) =>
      this.later(d.matchId, (g) => {
        if (applyDraw(g, d)) this.ui.inform(t('game.drawDeclined'));
        // An offer to me is said at the top too: on a phone the buttons are below the board.
        else if (d.action === 'offer' && g.me !== null && d.by !== g.me)
          this.ui.inform(t('game.opponentOffersDraw'));
      }),
    );
    w.on('match:presence', (p) => this.later(p.matchId, (g) => applyPresence(g, p)));
    w.on('match:takeback', (e) => {
      // The server says the game again (this room missed part of it): load it again, whole.
      if (e.restated) {
        if (this.game?.state.id === e.matchId) void this.join(e.matchId).catch(() => undefined);
        return;
      }
      this.later(e.matchId, (g) => {
        const what = applyTakeback(g, e);
        if (what === 'declined') this.ui.inform(t('takeback.declined'));
        else if (e.action === 'offer' && g.me !== null && e.by !== g.me)
          this.ui.inform(takebackAsked(g));
        if (what === 'done' || what === 'doneBoth') {
          this.ui.hidePaths();
          this.ui.inform(t(`takeback.${what}`));
        }
      });
    });
    w.on('chat:line', (line) => this.ui.chatLine(line));
    w.on('match:berserk', (e) => this.later(e.matchId, (g) => applyBerserk(g, e)));
    w.on('match:rematch', (r) =>
      this.later(r.matchId, (g) => {
        if (applyRematch(g, r)) this.ui.inform(t('game.rematchDeclined'));
      }),
    );
  }

  /** update(), after the events and loads before it. */
  private later(matchId: string, apply: (game: Round) => void): void {
    void this.serially(() => this.update(matchId, apply));
  }

  /** Applies an event to the game shown if it is about that game, and draws it again. */
  private update(matchId: string, apply: (game: Round) => void): void {
    if (this.game?.state.id !== matchId) return;
    apply(this.game);
    this.ui.redraw();
  }

  /** Back to the lobby: a game still on goes on (the lobby lists it, to return to). */
  leave(): void {
    const going = this.game?.me && this.game.state.status === 'active';
    if (going) this.ui.inform(t('myGames.goesOn'));
    this.game = null;
    this.ui.showLobby();
  }

  // ------------------------------------------------------------------------------ game

  async join(matchId: string): Promise<void> {
    const w = await this.session.connect();
    const { match } = await w.call('match:join', { matchId });
    await this.serially(() => this.show(match));
  }

  /**
   * An accepted challenge's game: its match:start (sent before the accept's answer) shows it;
   * should it not have come, the game is joined.
   */
  async enter(matchId: string): Promise<void> {
    await this.serially(() => undefined);
    if (this.game?.state.id !== matchId) await this.join(matchId);
  }

  /** A game action (resign, draw, abort, claim, rematch) on the game shown, if any. */
  async act<E extends ClientEvent>(
    event: E,
    payload: (matchId: string) => ClientPayload<E>,
  ): Promise<void> {
    if (this.game) await this.session.wire?.call(event, payload(this.game.state.id));
  }

  /**
   * A game of mine started (every tab of mine hears it, however long after it was asked for: a
   * correspondence challenge may be accepted days later). This tab shows it if it waits for it
   * (`wanted`) or shows nothing else: no game, or one that has ended (a rematch). Otherwise the
   * game on screen stays, and "My games" lists the new one.
   */
  private async started(s: MatchState, wanted: boolean): Promise<void> {
    const busy = this.game?.state.status === 'active' && this.game.state.id !== s.id;
    if (busy && !wanted) return this.ui.inform(t('myGames.newGame'));
    this.waiting.started();
    await this.show(s);
  }

  private async show(s: MatchState): Promise<void> {
    const me = colorIn(s, this.session.identity?.id);
    // The same game again (a reconnect): the ply being looked at stays.
    const again = this.game?.state.id === s.id;
    const cursor = again ? this.game!.cursor : null;
    this.game = newRound(s, me, await matchHistory(s.id));
    if (!again && me && s.status === 'active' && s.ply === 0) this.ui.sound('start');
    if (cursor !== null) goTo(this.game, cursor);
    this.ui.showGame();
    this.ui.gameShown(this.game);
    this.ui.redraw();
  }

  private async onMove(e: MoveEvent): Promise<void> {
    const game = this.game;
    if (!game || !isNext(game, e)) return;
    writeMove(game, e);
    this.ui.hidePaths();
    this.ui.sound(e.captures.length ? 'capture' : 'move');
    await this.ui.animate(e.path, e.captures);
    if (this.game !== game) return; // the player left this game while the move was animated
    applyMove(game, e);
    this.ui.redraw();
    // My turn now, with a premove queued: played at once if still legal, else dropped.
    if (game.premove && game.state.turn === game.me && game.state.status === 'active') {
      const move = premoveNow(game);
      game.premove = null;
      this.ui.redraw();
      if (move) await this.session.attempt(() => this.send(move));
      else this.ui.say(t('move.premoveDropped'));
    }
  }

  // ------------------------------------------------------------------------------ moving

  /** A square clicked: play to it, choose among paths to it, or select the piece on it. */
  pick(square: number): void {
    if (!this.game || !this.session.wire) return;
    if (!this.session.wire.connected) return this.ui.say(t('move.notConnected'));
    const { state, me } = this.game;
    if (state.status !== 'active') return this.ui.say(t('move.over'));
    if (!me) return this.ui.say(t('move.watching'));
    // A premove queued: any click cancels it.
    if (this.cancelPremove()) return;
    const mine = state.turn === me;
    // On my turn a move is sent; on the opponent's, it is queued as the premove.
    const play = (m: Move) =>
      mine ? void this.session.attempt(() => this.send(m)) : this.queuePremove(m);
    const target = this.game.targets.filter((m) => m.to === square);
    if (target.length === 1) return play(target[0]);
    if (target.length > 1) return this.ui.choosePath(target, play);
    const piece = this.game.position.pieceAt(square);
    if (piece?.color !== me) {
      deselect(this.game);
      this.ui.redraw();
      if (piece) this.ui.say(t('move.notYourPiece'));
      return;
    }
    if (!mine) {
      if (!this.ui.premoves()) return this.ui.say(t('move.opponentsTurn'));
      select(this.game, square, premoveTargets(this.game, square));
      return this.ui.redraw();
    }
    // The rules library the server checks moves with: a click costs no round trip.
    const moves = this.game.position.movesFrom(square);
    if (moves.length === 0) {
      this.ui.say(this.game.position.hasCapture ? t('move.captureElsewhere') : t('move.noLegal'));
    }
    select(this.game, square, moves);
    this.ui.redraw();
  }

  /** Drops the queued premove, saying so (any click does); false when none was queued. */
  cancelPremove(): boolean {
    if (!this.game?.premove) return false;
    this.game.premove = null;
    deselect(this.game);
    this.ui.redraw();
    this.ui.inform(t('move.premoveCancelled'));
    return true;
  }

  private queuePremove(m: Move): void {
    if (!this.game) return;
    this.ui.hidePaths();
    deselect(this.game);
    this.game.premove = m;
    this.ui.redraw();
  }

  private async send(m: Move): Promise<void> {
    if (!this.game || !this.session.wire) return;
    this.ui.hidePaths();
    // At the ply shown: a takeback that comes first makes the server refuse it, not move it.
    const { id, ply } = this.game.state;
    try {
      await this.session.wire.call('match:move', { matchId: id, path: m.path, ply });
    } catch (e) {
      // The game moved on meanwhile (a takeback came first): the move is simply not made.
      if (e instanceof WireError && e.code === 'NOT_YOUR_TURN' && this.game?.state.ply !== ply)
        return;
      throw e;
    }
  }
}
