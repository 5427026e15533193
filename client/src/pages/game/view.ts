/**
 * The game page's view: it binds the page's controls (the board, the steps through the game,
 * the game's actions, its switches, the chat) to the page's actions, and draws the whole page
 * from the game, its chat and its analysis (draw()).
 */
import { CHAT_MAX, type ClientEvent, type ClientPayload } from '../../../../src/common/protocol.js';
import { BoardView } from '../../lib/board/board.js';
import { PathChooser } from '../../lib/board/paths.js';
import { offline } from '../../lib/connection.js';
import { byId, displayed, type El } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import type { Session } from '../../lib/session.js';
import { UNNAMED } from '../../lib/session.js';
import { changeSetting, settings } from '../../lib/settings.js';
import type { ChatCtrl } from './chat.js';
import { drawChat } from './chat-view.js';
import type { Ctrl } from './ctrl.js';
import { drawGame, tickClaim, tickFirstMove } from './draw.js';
import { shownPly } from './round.js';
import markup from './game.html?raw';
import { GAME_IDS } from './ids.js';
import type { Review } from './review.js';
import { plyAt } from './review-rules.js';
import { drawReview, GRAPH_W } from './review-view.js';
import { tick } from './clock.js';
import { showTurn } from '../../lib/turn-signal.js';

/** What the page's controls ask the page to do. */
export interface GameActions {
  /** Shows ply `ply` of the game (Infinity: now). */
  step(ply: number): void;
  /** A square picked on the board. */
  pick(square: number): void;
  /** A game action (resign, draw, takeback, abort, claim, rematch) on the game shown. */
  act<E extends ClientEvent>(event: E, payload: (matchId: string) => ClientPayload<E>): void;
  /** "Resign this game?" asked (or put away). */
  confirmResign(on: boolean): void;
  toRematch(): void;
  leave(): void;
  analyse(): void;
  /** A chat line said (`name`: a visitor's, with its first line); `refused` if it is. */
  say(text: string, name: string | undefined, refused: () => void): void;
  /** Anything to tell the player (a line cut to its length). */
  tell(text: string): void;
}

/** What the page draws: the game, its chat, its engine analysis, who I am. */
export interface GameState {
  ctrl: Ctrl;
  chat: ChatCtrl;
  review: Review;
  session: Session;
}

export class GameView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof GAME_IDS> = byId(this.root, GAME_IDS);
  readonly board = new BoardView(this.el('board'));
  readonly paths = new PathChooser(this.el('paths'), (path) => this.board.preview(path));
  /** The board turned round (the flip button, `f`): kept for this page's load, game after game. */
  private flipped = false;

  constructor(
    private readonly state: GameState,
    private readonly actions: GameActions,
  ) {
    this.board.onPick((sq) => actions.pick(sq));
    // Any click cancels a queued premove; the board's (and the path chooser's) go through pick.
    // Seen on the way down, before the board redraws (and detaches) the square clicked.
    document.addEventListener(
      'click',
      (e) => {
        if (!(e.target instanceof Element && e.target.closest('#board, #paths')))
          state.ctrl.cancelPremove();
      },
      { capture: true },
    );
    this.bindSteps();
    this.bindActions();
    this.bindChat();
    for (const [id, key] of [
      ['numbers', 'squareNumbers'],
      ['premoves', 'premoves'],
    ] as const) {
      const box = this.el(id);
      box.addEventListener('change', () => changeSetting(key, box.checked));
    }
  }

  /** The buttons under the board, the move list's plies, the arrow keys. */
  private bindSteps(): void {
    const { el, actions } = this;
    const shown = () => (this.state.ctrl.game ? shownPly(this.state.ctrl.game) : 0);
    el('replay-first').addEventListener('click', () => actions.step(0));
    el('replay-prev').addEventListener('click', () => actions.step(shown() - 1));
    el('replay-next').addEventListener('click', () => actions.step(shown() + 1));
    el('replay-last').addEventListener('click', () => actions.step(Infinity));
    el('flip').addEventListener('click', () => this.flip());
    // A ply of the move list, a marked move of the analysis: that position.
    for (const list of [el('moves'), el('review-marks')])
      list.addEventListener('click', (e) => {
        const ply = (e.target as Element).closest<HTMLElement>('[data-ply]')?.dataset.ply;
        if (ply) actions.step(Number(ply));
      });
    // A point of the analysis graph: the position nearest to it.
    const graph = el('eval-graph');
    graph.addEventListener('click', (e) => {
      const m = graph.getScreenCTM();
      if (!m) return;
      const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      actions.step(plyAt(at.x, GRAPH_W, Number(graph.dataset.total)));
    });
    document.addEventListener('keydown', (e) => {
      if (!displayed(this.root) || !this.state.ctrl.game || e.altKey || e.ctrlKey || e.metaKey)
        return;
      if ((e.target as Element).closest('input, select, textarea')) return;
      if (e.key === 'f' && !e.shiftKey) {
        e.preventDefault();
        return this.flip();
      }
      const to = { ArrowLeft: shown() - 1, ArrowRight: shown() + 1, Home: 0, End: Infinity }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      actions.step(to);
    });
  }

  private bindActions(): void {
    const { el, actions } = this;
    const act = <E extends ClientEvent>(
      id: keyof typeof GAME_IDS,
      event: E,
      payload: (matchId: string) => ClientPayload<E>,
    ) => el(id).addEventListener('click', () => actions.act(event, payload));
    // Resign asks first ("Resign this game?"): a slip of the pointer must not end a game.
    el('resign').addEventListener('click', () => actions.confirmResign(true));
    el('resign-cancel').addEventListener('click', () => actions.confirmResign(false));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.state.ctrl.game?.confirmResign) actions.confirmResign(false);
    });
    act('resign-confirm', 'match:resign', (matchId) => ({ matchId }));
    act('decline-rematch', 'match:rematch', (matchId) => ({ matchId, action: 'decline' }));
    el('to-rematch').addEventListener('click', () => actions.toRematch());
    act('offer-draw', 'match:draw', (matchId) => ({ matchId, action: 'offer' }));
    act('accept-draw', 'match:draw', (matchId) => ({ matchId, action: 'accept' }));
    act('decline-draw', 'match:draw', (matchId) => ({ matchId, action: 'decline' }));
    act('takeback', 'match:takeback', (matchId) => ({ matchId, action: 'offer' }));
    act('accept-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'accept' }));
    act('decline-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'decline' }));
    act('cancel-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'decline' }));
    act('berserk', 'match:berserk', (matchId) => ({ matchId }));
    act('abort', 'match:abort', (matchId) => ({ matchId }));
    act('claim', 'match:claim', (matchId) => ({ matchId }));
    act('rematch', 'match:rematch', (matchId) => ({ matchId, action: 'offer' }));
    act('accept-rematch', 'match:rematch', (matchId) => ({ matchId, action: 'accept' }));
    el('leave').addEventListener('click', () => actions.leave());
    el('analyse').addEventListener('click', () => actions.analyse());
  }

  /** The game's chat: a line said (kept in the field if refused), the opponent muted. */
  private bindChat(): void {
    const { el, actions } = this;
    const input = el('chat-input');
    const nameInput = el('chat-name');
    // At most CHAT_MAX code points, as the server counts (maxlength counts UTF-16 halves): said.
    input.addEventListener('input', (e) => {
      if ((e as InputEvent).isComposing) return; // an IME's word is cut once it is chosen
      const chars = [...input.value];
      if (chars.length <= CHAT_MAX) return;
      input.value = chars.slice(0, CHAT_MAX).join('');
      actions.tell(t('chat.cut'));
    });
    nameInput.addEventListener('input', () => nameInput.setCustomValidity(''));
    el('chat-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      // A guest who never gave a name gives one with its first line (not "guest" unasked).
      const name = nameInput.hidden ? undefined : nameInput.value.trim();
      if (name === '') {
        nameInput.setCustomValidity(t('lobby.nameEmpty'));
        nameInput.reportValidity();
        return;
      }
      // Cleared at once, so the next line can be typed; given back if this one is refused.
      input.value = '';
      actions.say(text, name, () => {
        if (input.value === '') input.value = text;
      });
    });
    el('chat-mute').addEventListener('change', () =>
      this.state.chat.setMuted(el('chat-mute').checked),
    );
    // The opponent reported, with this game (v1.19).
    el('chat-report').addEventListener('click', () => {
      const game = this.state.ctrl.game;
      const me = this.state.session.identity?.id;
      if (!game || !me) return;
      const { white, black, id } = game.state;
      // Loaded when asked for: the lobby's first load does not carry it.
      void import('../../lib/report-dialog.js').then((m) =>
        m.openReportDialog(white.id === me ? black.name : white.name, id),
      );
    });
  }

  draw(): void {
    const { el } = this;
    const { ctrl, chat, review, session } = this.state;
    const game = ctrl.game;
    // "• Your turn - Damas", with the icon's dot: seen from another tab.
    const myTurn =
      game !== null &&
      game.me !== null &&
      game.state.status === 'active' &&
      game.state.turn === game.me;
    showTurn(myTurn);
    this.drawSwitches();
    // The connection lost: a click would be lost silently ("Back to lobby" stays).
    for (const part of [el('board'), el('game-actions')]) (part as HTMLElement).inert = offline();
    this.paths.redraw();
    if (game) drawGame(el, game, this.board, this.flipped);
    if (game && chat.matchId === game.state.id)
      drawChat(el, {
        lines: chat.lines,
        me: session.identity?.id,
        player: chat.player,
        muted: chat.muted,
        off: game.state.computer !== null,
        askName: !session.account && (session.identity?.name ?? UNNAMED) === UNNAMED,
        canReport: session.account,
      });
    drawReview(el, game, game && review.matchId === game.state.id ? review.analysis : null);
  }

  /** The board turned round: the other side at the bottom, its player's name and clock too. */
  private flip(): void {
    this.flipped = !this.flipped;
    this.draw();
  }

  /** The game's switches: settings, shown here too (and kept so while the page is away). */
  drawSwitches(): void {
    const s = settings();
    this.el('numbers').checked = s.squareNumbers;
    this.el('premoves').checked = s.premoves;
  }

  /** The clocks run on, and the claim's countdown (every tenth of a second). */
  tick(): void {
    tick(this.state.ctrl.game);
    tickClaim(this.el, this.state.ctrl.game);
    tickFirstMove(this.el, this.state.ctrl.game);
  }
}
