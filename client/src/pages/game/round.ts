/**
 * The round: a match as the game page holds it (lichess's word), as data, and the changes server
 * events and picks make to it. No DOM and no network: ctrl.ts does the I/O around these and the
 * view draws the result.
 */
import {
  moveToText,
  opponent,
  Position,
  unwrap,
  type Color,
  type Move,
} from '../../../../src/rules/index.js';
import {
  FIRST_MOVE_MS,
  type BerserkEvent,
  type Clock,
  type DrawEvent,
  type MatchEnd,
  type MatchState,
  type MoveEvent,
  type PresenceEvent,
  type RematchEvent,
  type TakebackEvent,
} from '../../../../src/common/protocol.js';
import { t } from '../../lib/i18n/index.js';
import { DAY_MS } from '../../lib/terms.js';

export interface Round {
  state: MatchState;
  /** My colour, or null when watching. */
  me: Color | null;
  position: Position;
  /** The moves played, as text, and as moves (the same length). */
  moves: string[];
  played: Move[];
  /** The clocks after each move (as its record has them; null: none), the same length. */
  clocks: (Clock | null)[];
  /**
   * Stepping through the game: the ply whose position is shown (0: the start), or null to follow
   * the game as it is now.
   */
  cursor: number | null;
  selected: number | null;
  /** The legal moves of the selected piece. */
  targets: Move[];
  /** When state.clock was received (performance.now()): the clocks run on from there. */
  clockAt: number;
  /** The players away, each with the time (ms since epoch) from which a win may be claimed. */
  away: Partial<Record<Color, number>>;
  rematchBy: Color | null;
  /** "Resign this game?" is asked (the first click on Resign). */
  confirmResign: boolean;
  /** A move queued while the opponent thinks: played the instant the turn comes, if legal. */
  premove: Move | null;
}

/** My colour in a match, or null when watching. */
export function colorIn(state: MatchState, playerId: string | undefined): Color | null {
  if (playerId === undefined) return null;
  return state.white.id === playerId ? 'white' : state.black.id === playerId ? 'black' : null;
}

/** A game as the server sent it; its history is replayed to write the moves as text. */
export function newRound(
  state: MatchState,
  me: Color | null,
  history: readonly MoveEvent[],
): Round {
  let pos = unwrap(Position.fromFen(state.variant, state.initialFen));
  const moves: string[] = [];
  const played: Move[] = [];
  const clocks: (Clock | null)[] = [];
  for (const e of history) {
    const m = pos.findMove({ path: e.path });
    if (!m.ok) break;
    moves.push(moveToText(pos, m.value));
    played.push(m.value);
    clocks.push(e.clock ?? null);
    pos = pos.play(m.value);
  }
  return {
    state,
    me,
    position: unwrap(Position.fromFen(state.variant, state.fen)),
    moves,
    played,
    clocks,
    cursor: null,
    selected: null,
    targets: [],
    clockAt: performance.now(),
    away: {},
    // A page loaded after an offer still shows it (v1.10).
    rematchBy: state.rematchOffer ?? null,
    confirmResign: false,
    premove: null,
  };
}

/** A side went berserk (an arena game): its mark, and both clocks as the server has them now. */
export function applyBerserk(game: Round, e: BerserkEvent): void {
  const berserk = { white: false, black: false, ...game.state.berserk, [e.by]: true };
  const clock = game.state.clock && { ...game.state.clock, ...e.clocks };
  game.state = { ...game.state, berserk, clock };
  game.clockAt = performance.now();
}

/** A move event of this game not applied yet (a replay after a reconnect is not). */
export const isNext = (game: Round, e: MoveEvent): boolean =>
  game.state.id === e.matchId && e.ply > game.state.ply;

/** Before a move is animated: its text in the list, and nothing selected. */
export function writeMove(game: Round, e: MoveEvent): void {
  const move = game.position.findMove({ path: e.path });
  if (move.ok) {
    game.moves.push(moveToText(game.position, move.value));
    game.played.push(move.value);
    game.clocks.push(e.clock);
  }
  deselect(game);
}

/**
 * After: the position, turn and clocks the server sent; an offer by the other side lapses. A
 * correspondence move gives the other side its days again (the event carries no deadline: it
 * is reckoned from now, close enough for "2 days left").
 */
export function applyMove(game: Round, e: MoveEvent): void {
  game.position = unwrap(Position.fromFen(game.state.variant, e.fen));
  const c = game.state.correspondence;
  const correspondence = c && {
    days: c.days,
    deadline: e.turn ? Date.now() + c.days * DAY_MS : null,
  };
  game.state = {
    ...game.state,
    ply: e.ply,
    fen: e.fen,
    turn: e.turn,
    clock: e.clock,
    correspondence,
    firstMoveDeadline: firstMoveDeadline(game.state, e),
  };
  if (game.state.drawOffer && game.state.drawOffer !== e.by) game.state.drawOffer = null;
  // Any move lapses a takeback request (the server's rule too).
  game.state.takebackOffer = null;
  game.state.takebackDeclined = null;
  game.clockAt = performance.now();
}

/**
 * After a move, until when the side to move must make its first move (v1.14): in a timed game
 * before each side has moved, reckoned from now (the event does not restate it), else null.
 */
function firstMoveDeadline(state: MatchState, e: MoveEvent): number | null {
  const speed = state.speed;
  if (!state.timeControl || e.turn === null || e.ply >= 2 || !(speed in FIRST_MOVE_MS)) return null;
  return Date.now() + FIRST_MOVE_MS[speed as keyof typeof FIRST_MOVE_MS];
}

/**
 * A takeback asked, answered or done. Done, the game is as the server sent it: the moves after
 * its ply are cut from the list (they were the same moves up to there). 'declined' when it was
 * my request that was declined, 'done' when a move was taken back ('doneBoth': one of each side).
 */
export function applyTakeback(
  game: Round,
  e: TakebackEvent,
): 'declined' | 'done' | 'doneBoth' | null {
  if (e.action === 'accept' && e.match) {
    const state = e.match;
    const undone = game.state.ply - state.ply;
    game.state = state;
    game.moves = game.moves.slice(0, state.ply);
    game.played = game.played.slice(0, state.ply);
    game.clocks = game.clocks.slice(0, state.ply);
    game.position = unwrap(Position.fromFen(state.variant, state.fen));
    game.cursor = null;
    game.premove = null;
    game.clockAt = performance.now();
    deselect(game);
    return undone === 2 ? 'doneBoth' : 'done';
  }
  // A "decline" by the side whose request stood is a withdrawal, not an answer.
  const withdrawn = e.action === 'decline' && game.state.takebackOffer === e.by;
  game.state.takebackOffer = e.action === 'offer' ? e.by : null;
  // A request declined by the opponent (not withdrawn): not asked again in this position.
  const declined = e.action === 'decline' && !withdrawn;
  if (declined) game.state.takebackDeclined = opponent(e.by);
  // 'declined': it was my request (a spectator asked nothing).
  return declined && game.me !== null && e.by !== game.me ? 'declined' : null;
}

/**
 * The opponent's takeback request in words: its last move, or (asked on its turn, so two plies
 * go back) its last move and my answer to it.
 */
export function takebackAsked(game: Round): string {
  const asker = game.state.takebackOffer;
  return asker !== null && game.state.turn === asker
    ? t('takeback.opponentAsksBoth')
    : t('takeback.opponentAsks');
}

/** Whether I may ask for a takeback now: allowed here, none standing, a move of mine to undo. */
export function canAskTakeback(game: Round): boolean {
  const { state, me } = game;
  if (!me || state.status !== 'active' || !state.takebacks || state.takebackOffer !== null)
    return false;
  // Declined: once per position (asking again and again would pester the opponent).
  if (state.takebackDeclined === me) return false;
  // Against the computer: on my turn only (never while it thinks).
  if (state.computer && state.turn !== me) return false;
  return state.ply >= (state.turn === me ? 2 : 1);
}

export function applyEnd(game: Round, e: MatchEnd): void {
  game.state = { ...e.match };
  game.premove = null;
  game.clockAt = performance.now();
}

/** A draw offer made or answered; true when it was my offer, declined. */
export function applyDraw(game: Round, d: DrawEvent): boolean {
  game.state.drawOffer = d.action === 'offer' ? d.by : null;
  return d.action === 'decline' && game.me !== null && d.by !== game.me;
}

/** A rematch offer made or answered; true when it was my offer, declined. */
export function applyRematch(game: Round, r: RematchEvent): boolean {
  game.rematchBy = r.action === 'offer' ? r.by : null;
  if (r.action === 'accept' && r.newMatchId)
    game.state = { ...game.state, rematchId: r.newMatchId };
  return r.action === 'decline' && game.me !== null && r.by !== game.me;
}

export function applyPresence(game: Round, p: PresenceEvent): void {
  if (p.online) delete game.away[p.color];
  // Counted on this browser's clock (claimInMs): a clock that is off must not delay the claim.
  else game.away[p.color] = Date.now() + (p.claimInMs ?? (p.claimAt ?? Date.now()) - Date.now());
}

/** The square picked and its legal moves (none: nothing selected). */
export function select(game: Round, square: number, moves: Move[]): void {
  game.selected = moves.length ? square : null;
  game.targets = moves;
}

export function deselect(game: Round): void {
  game.selected = null;
  game.targets = [];
}

// ------------------------------------------------------------------------ stepping through

/** The ply shown: the cursor, or the last one when following the game. */
export const shownPly = (game: Round): number => game.cursor ?? game.played.length;

/** Shows ply `ply` (clamped to the game; the last one follows the game again). */
export function goTo(game: Round, ply: number): void {
  const last = game.played.length;
  const p = Math.max(0, Math.min(last, Math.round(ply)));
  game.cursor = p === last ? null : p;
  deselect(game);
}

/** The position at the ply shown, replayed from the start. */
export function shownPosition(game: Round): Position {
  if (game.cursor === null) return game.position;
  let pos = unwrap(Position.fromFen(game.state.variant, game.state.initialFen));
  for (const m of game.played.slice(0, game.cursor)) pos = pos.play(m);
  return pos;
}

/** Pieces each side has lost by the ply shown (men and kings, against the start). */
export function captured(game: Round, pos: Position): Record<Color, number> {
  const start = unwrap(Position.fromFen(game.state.variant, game.state.initialFen));
  const lost = (c: Color) => {
    const a = start.count(c);
    const b = pos.count(c);
    return a.men + a.kings - (b.men + b.kings);
  };
  return { white: lost('white'), black: lost('black') };
}

/**
 * A piece's moves for a premove: as if it were my turn now (the position with the turn given to
 * me). The move is checked again, against the real position, when the turn comes.
 */
export function premoveTargets(game: Round, square: number): Move[] {
  const fen = game.position.fen.replace(/^[WB]/, game.me === 'white' ? 'W' : 'B');
  const mine = Position.fromFen(game.state.variant, fen);
  return mine.ok ? mine.value.legalMoves().filter((m) => m.from === square) : [];
}

/** The queued premove as a move legal now (same path), or null: it is dropped. */
export function premoveNow(game: Round): Move | null {
  const p = game.premove;
  if (!p) return null;
  const same = (m: Move) =>
    m.path.length === p.path.length && m.path.every((s, i) => s === p.path[i]);
  return game.position.legalMoves().find(same) ?? null;
}
