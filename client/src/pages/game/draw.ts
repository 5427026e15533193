/**
 * The game drawn: board, players and clocks, status, result banner, the actions the game allows
 * now, the move list, where the stepping is. It reads a Round and writes the page; it changes no
 * state.
 */
import type { MatchPlayer } from '../../../../src/common/protocol.js';
import type { Color } from '../../../../src/rules/index.js';
import {
  canAskTakeback,
  captured,
  shownPly,
  shownPosition,
  takebackAsked,
  type Round,
} from './round.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { settings } from '../../lib/settings.js';
import { ratingChangeParts, ratingText } from '../../lib/terms.js';
import type { BoardView } from '../../lib/board/board.js';
import { tick } from './clock.js';
import type { El } from '../../lib/dom.js';
import { playerName, sideName } from '../../lib/player-name.js';
import type { GAME_IDS } from './ids.js';
import { resultText, statusText, termsText } from './status.js';

type GameEl = El<typeof GAME_IDS>;

/**
 * The colour at the bottom: mine (White when watching), or the other one once the board is
 * flipped (the flip button, `f`).
 */
export const bottomColor = (me: Color | null, flipped: boolean): Color =>
  (me === 'black') !== flipped ? 'black' : 'white';

export function drawGame(el: GameEl, game: Round, board: BoardView, flipped = false): void {
  const { state, me } = game;
  const position = shownPosition(game);
  const bottom = bottomColor(me, flipped);
  board.render({
    position,
    flipped: bottom === 'black',
    numbers: settings().squareNumbers,
    coordinates: settings().coordinates,
    // Stepping through: no selection (those would be moves of the game as it is now).
    selected: game.cursor === null ? game.selected : null,
    targets: game.cursor === null ? game.targets.map((m) => m.to) : [],
    lastMove: game.played[shownPly(game) - 1]?.path,
    premove: game.cursor === null ? game.premove?.path : undefined,
  });
  drawReplay(el, game, position);
  drawPlayers(el, game, bottom);
  el('flip').setAttribute('aria-pressed', String(flipped));
  tick(game);
  const over = state.status === 'finished';
  el('game-terms').textContent = termsText(state);
  el('game-rules').href = `/rules/${state.variant}`;
  el('game-rules').setAttribute(
    'aria-label',
    t('rulesLink.of', { variant: variantName(state.variant) }),
  );
  el('status').textContent = statusText(state, me);
  tickFirstMove(el, game);
  const banner = el('banner');
  banner.hidden = !over || !state.result;
  if (state.result) banner.textContent = resultText(state.result, me) + ratingChange(game);
  drawActions(el, game, over);
  drawMoves(el, game);
}

/** The move list, two plies a line, each ply a button that shows its position. */
function drawMoves(el: GameEl, game: Round): void {
  const shown = shownPly(game);
  // Rebuilt on every redraw: the focused ply keeps the focus (as the board's squares do).
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.ply;
  const buttons = game.moves.map((text, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ply';
    b.textContent = text;
    b.dataset.ply = String(i + 1); // the position after this move
    if (i + 1 === shown && game.cursor !== null) b.setAttribute('aria-current', 'step');
    return b;
  });
  el('moves').replaceChildren(
    ...pairs(buttons).map((p) => {
      const li = document.createElement('li');
      li.append(p[0], ...(p[1] ? [' ', p[1]] : []));
      return li;
    }),
  );
  if (focused) buttons.find((b) => b.dataset.ply === focused)?.focus();
  // The newest move in view (or the one stepped to), scrolling the list only, never the page.
  const list = el('moves');
  const at = game.cursor === null ? buttons[buttons.length - 1] : buttons[shown - 1];
  const row = at?.parentElement;
  if (!row) {
    list.scrollTop = 0; // the start position: the first moves
    return;
  }
  if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop;
  else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
}

/** Where the stepping is ("ply 3 of 12", or live) and the pieces each side has lost there. */
function drawReplay(el: GameEl, game: Round, position: ReturnType<typeof shownPosition>): void {
  const total = game.played.length;
  const ply = shownPly(game);
  el('replay-where').textContent =
    game.cursor === null
      ? total === 0
        ? t('game.startPosition')
        : t(game.state.status === 'finished' ? 'game.afterPlyEnd' : 'game.afterPlyNow', {
            ply: total,
          })
      : ply === 0
        ? t('game.startOf', { count: total })
        : t('game.afterPlyOf', { ply, total, move: game.moves[ply - 1] });
  el('game-link').href = `/game/${game.state.id}${game.cursor === null ? '' : `#${game.cursor}`}`;
  // The analysis board at the position shown: after the end, so it is never help during play.
  const board = el('analysis-link');
  board.hidden = game.state.status !== 'finished';
  board.href = `/analysis/${game.state.variant}?game=${game.state.id}#${ply}`;
  const lost = captured(game, position);
  el('replay-captured').textContent = t('game.captured', lost);
  for (const [id, off] of [
    ['replay-first', ply === 0],
    ['replay-prev', ply === 0],
    ['replay-next', game.cursor === null],
    ['replay-last', game.cursor === null],
  ] as const)
    // aria-disabled, not disabled: a focused button keeps the focus at either end.
    el(id).setAttribute('aria-disabled', String(off));
}

/** `bottom`'s player at the bottom; each name with its clock, and "away". */
function drawPlayers(el: GameEl, game: Round, bottom: Color): void {
  const top: Color = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of [
    ['top-player', top],
    ['bottom-player', bottom],
  ] as const) {
    const p = sideName(game.state, color);
    // Rated games are between accounts: the name links to the profile.
    const who = document.createElement('span');
    who.append(playerName(p, { link: game.state.rated }), ' ', t(`game.side.${color}`));
    who.append(...ratingParts(p));
    if (game.away[color] !== undefined) who.append(' ', span('away', t('game.away')));
    // Went berserk (an arena game): half the clock, no increment.
    if (game.state.berserk?.[color]) {
      const mark = span('berserk-mark', '⚔');
      mark.title = t('tournaments.berserked');
      mark.dataset.berserk = color;
      who.append(' ', mark);
    }
    const clock = span('clock', '');
    clock.dataset.clock = color;
    el(id).replaceChildren(who, clock);
  }
}

function span(className: string, text: string): HTMLSpanElement {
  const s = document.createElement('span');
  s.className = className;
  s.textContent = text;
  return s;
}

/** After a rated game: what it did to my rating, "1500 → 1258 (−242)". */
function ratingChange({ state, me }: Round): string {
  const p = me === null ? null : state[me];
  if (p?.ratingDiff === undefined || p.rating === undefined) return '';
  return ` ${t('ratingChange.yours', ratingChangeParts(p.rating, p.ratingDiff))}`;
}

/** " 1523?" before the end, " 1523 +12" after it; nothing in casual games. */
function ratingParts(p: MatchPlayer): (string | Node)[] {
  if (p.rating === undefined) return [];
  const parts: (string | Node)[] = [' ', span('rating', ratingText(p))];
  if (p.ratingDiff !== undefined) {
    const d = p.ratingDiff;
    parts.push(
      ' ',
      span(`rating-diff ${d >= 0 ? 'up' : 'down'}`, `${d >= 0 ? '+' : '−'}${Math.abs(d)}`),
    );
  }
  return parts;
}

function drawActions(el: GameEl, game: Round, over: boolean): void {
  const { state, me, away, rematchBy } = game;
  const playing = me !== null && !over;
  const opponent: Color | null = me === 'white' ? 'black' : me === 'black' ? 'white' : null;
  const showIf = (e: HTMLElement, on: boolean) => (e.hidden = !on);
  showIf(el('resign'), playing && !game.confirmResign);
  showIf(el('resign-ask'), playing && game.confirmResign);
  showIf(el('offer-draw'), playing && state.drawOffer !== me && state.drawOffer === null);
  showIf(el('accept-draw'), playing && state.drawOffer === opponent);
  showIf(el('decline-draw'), playing && state.drawOffer === opponent);
  showIf(el('takeback'), canAskTakeback(game));
  showIf(el('accept-takeback'), playing && state.takebackOffer === opponent);
  showIf(el('decline-takeback'), playing && state.takebackOffer === opponent);
  showIf(el('cancel-takeback'), playing && state.takebackOffer === me);
  showIf(el('berserk'), canBerserk(game));
  showIf(el('abort'), playing && state.ply < 2);
  showIf(el('claim'), playing && opponent !== null && away[opponent] !== undefined);
  // A rematch already played (v1.10 rematchId): the way to it, not another offer.
  const played = state.rematchId !== null && state.rematchId !== undefined;
  // No rematch in a tournament: its next game is paired by the event.
  const rematchable = me !== null && over && !state.tournamentId;
  showIf(el('rematch'), rematchable && rematchBy === null && !played);
  showIf(el('to-rematch'), me !== null && over && played);
  showIf(el('accept-rematch'), me !== null && over && rematchBy === opponent);
  showIf(el('decline-rematch'), me !== null && over && rematchBy === opponent);
  const notes = offerNotes(game, over, opponent);
  el('offer-note').replaceChildren(
    ...notes.map((n) => {
      const line = document.createElement('span');
      line.className = 'note-line';
      line.textContent = n;
      return line;
    }),
  );
  el('offer-note').hidden = notes.length === 0;
  // A tournament's game over: the way back to its page.
  const tournament = state.tournamentId;
  showIf(el('to-tournament'), over && Boolean(tournament));
  if (tournament) el('to-tournament').href = `/tournament/${tournament}`;
  // Takebacks off in a game between people: said, so nobody looks for the button.
  el('takebacks-off').hidden = !playing || state.takebacks || state.computer !== null;
  // Premoves are a player's: a spectator has no use for the switch.
  el('premoves-row').hidden = me === null;
  tickClaim(el, game);
}

/**
 * Berserk (arena games with a clock): before my first move, once. The server decides whether the
 * event allows it (a refusal says so).
 */
function canBerserk({ state, me }: Round): boolean {
  if (me === null || state.status !== 'active' || !state.tournamentId || !state.timeControl)
    return false;
  if (state.berserk?.[me]) return false;
  return me === 'white' ? state.ply === 0 : state.ply <= 1;
}

/** What stands between the players: an offer made, by whom. */
function offerNotes(game: Round, over: boolean, opponent: Color | null): string[] {
  const { state, me, rematchBy } = game;
  if (me === null) return [];
  if (over) {
    if (rematchBy === opponent) return [t('game.opponentOffersRematch')];
    if (rematchBy === me) return [t('game.youOfferedRematch')];
    return [];
  }
  // A draw offer and a takeback request may stand at once: each is said.
  const notes: string[] = [];
  if (state.drawOffer === opponent) notes.push(t('game.opponentOffersDraw'));
  if (state.drawOffer === me) notes.push(t('game.youOfferedDraw'));
  if (state.takebackOffer === opponent) notes.push(takebackAsked(game));
  // Asked on my own turn: my move and the opponent's reply go back.
  if (state.takebackOffer === me)
    notes.push(t(state.turn === me ? 'takeback.youAskedBoth' : 'takeback.youAsked'));
  return notes;
}

/**
 * Before each side has moved in a timed game (v1.14): "White must move within 18 s, or the game
 * is aborted" (to its player: "Your first move: …"), counting down with the clocks.
 */
export function tickFirstMove(el: GameEl, game: Round | null): void {
  const line = el('first-move');
  const state = game?.state;
  const at = state?.status === 'active' ? state.firstMoveDeadline : null;
  if (!game || !state?.turn || at === null || at === undefined) {
    line.hidden = true;
    return;
  }
  const s = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const text =
    game.me === state.turn
      ? t('table.firstMoveYou', { s })
      : t(`table.firstMove.${state.turn}`, { s });
  if (line.textContent !== text) line.textContent = text;
  line.hidden = false;
}

/**
 * "Claim the win" while the opponent is away: disabled, counting down, until the grace period
 * is over (the server refuses it before). Run with the clocks, every tenth of a second.
 */
export function tickClaim(el: GameEl, game: Round | null): void {
  const claim = el('claim');
  if (!game || claim.hidden) return;
  const opponent = game.me === 'white' ? 'black' : 'white';
  const at = game.away[opponent];
  if (at === undefined) return;
  const left = Math.ceil((at - Date.now()) / 1000);
  const text = left > 0 ? t('game.claimIn', { s: left }) : t('game.claim');
  if (claim.textContent !== text) claim.textContent = text;
  claim.disabled = left > 0;
}

/** Two plies a line: "22-18  11-15". */
const pairs = <T>(xs: T[]) =>
  xs.reduce<T[][]>((a, x, i) => (i % 2 ? a[a.length - 1].push(x) : a.push([x]), a), []);
