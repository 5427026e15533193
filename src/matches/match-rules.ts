/**
 * The rules of a match around the game's rules, as pure functions of the match row (no
 * database, no sockets): whose move it is, the clock, what a move or an ending changes in the
 * row, when an abort, a claim or an offer may be made. The services apply them; the unit tests
 * (test/unit/match-rules.test.ts) check them with tables.
 */
import { randomUUID } from 'node:crypto';
import type { RatingAtStart } from '../ratings/glicko2.js';
import { speedOf } from '../ratings/speed.js';
import { DomainError, fromRulesError } from '../common/errors.js';
import { FIRST_MOVE_MS, type OfferAction, type TimeControl } from '../common/protocol.js';
import type { Match, MoveRow, Piece } from '../persistence/entities/index.js';
import {
  advance,
  getVariant,
  opponent,
  outcome,
  Position,
  startProgress,
  type Color,
  type Progress,
  type GameResult,
  type Move,
  type MoveRequest,
  type VariantId,
} from '../rules/index.js';

/** A move's row as this process writes it (the database gives its id and time). */
export type MoveFields = Omit<MoveRow, 'id' | 'createdAt'>;

export interface MatchSpec {
  /** Its id, if named before it starts (a rematch's accept says it first); else a new one. */
  id?: string;
  variant: VariantId;
  whiteId: string;
  blackId: string;
  clock: TimeControl | null;
  /** Correspondence: days per move (then `clock` is null). */
  days?: number | null;
  /** A start position other than the variant's (a challenge's, the computer's, the test API). */
  fen?: string;
  /** The side the computer plays (its player id is that side's), and its level. */
  computer?: { color: Color; level: number } | null;
  /** A rated game: both players' ratings as it starts. */
  rated?: { white: RatingAtStart; black: RatingAtStart } | null;
  /** Whether takebacks may be asked (default true; MatchStarter sets it from both settings). */
  takebacks?: boolean;
  /** The tournament the game is played in (its end scores there). */
  tournamentId?: string | null;
}

/** A move request's squares on this board (1-32, 1-50, 1-64 or 1-72): else INVALID_PAYLOAD. */
export function checkSquares(variant: VariantId, req: MoveRequest): void {
  const squares = getVariant(variant).geometry.squares;
  const asked = req.path ?? [req.from ?? 0, req.to ?? 0];
  if (asked.some((s) => s > squares))
    throw new DomainError('INVALID_PAYLOAD', `squares must be 1-${squares} on this board`);
}

/** A new match as values (not yet stored): its row and its pieces' rows. */
export function newMatch(spec: MatchSpec, now: Date): { match: Match; pieces: Piece[] } {
  const variant = getVariant(spec.variant);
  let position = Position.initial(variant);
  if (spec.fen !== undefined) {
    const parsed = Position.fromFen(variant, spec.fen);
    if (!parsed.ok) throw fromRulesError(parsed.error);
    position = parsed.value;
  }
  const clock = spec.clock;
  const days = spec.days ?? null;
  const match: Match = {
    id: spec.id ?? randomUUID(),
    variant: variant.id,
    whiteId: spec.whiteId,
    blackId: spec.blackId,
    status: 'active',
    turn: position.turn,
    ply: 0,
    fen: position.fen,
    initialFen: position.fen,
    counters: startProgress(position).counters,
    resultWinner: null,
    resultReason: null,
    resultRule: null,
    clockInitial: clock?.initial ?? null,
    clockIncrement: clock?.increment ?? null,
    whiteMs: clock?.initial ?? null,
    blackMs: clock?.initial ?? null,
    days,
    turnStartedAt: clock || days ? now : null,
    // A timed game: White has its first-move time (the clocks start once each side has moved).
    deadlineAt: clock
      ? new Date(now.getTime() + firstMoveMs(clock))
      : days
        ? new Date(now.getTime() + days * DAY_MS)
        : null,
    whiteAbsentSince: null,
    blackAbsentSince: null,
    rematchOfferBy: null,
    rematchId: null,
    drawOfferBy: null,
    takebackOfferBy: null,
    takebackDeclinedBy: null,
    takebackDeclinedPly: null,
    computerColor: spec.computer?.color ?? null,
    computerLevel: spec.computer?.level ?? null,
    computerClaimPly: null,
    computerClaimUntil: null,
    rated: Boolean(spec.rated),
    takebacks: spec.takebacks ?? true,
    tournamentId: spec.tournamentId ?? null,
    whiteBerserk: false,
    blackBerserk: false,
    explored: false,
    whiteRating: spec.rated?.white.rating ?? null,
    whiteProvisional: spec.rated?.white.provisional ?? null,
    whiteRatingDiff: null,
    blackRating: spec.rated?.black.rating ?? null,
    blackProvisional: spec.rated?.black.provisional ?? null,
    blackRatingDiff: null,
    whiteRatingAfter: null,
    blackRatingAfter: null,
    version: 1,
    createdAt: now,
    endedAt: null,
  };
  return { match, pieces: newPieces(match.id, position) };
}

export function positionOf(match: Pick<Match, 'id' | 'variant' | 'fen'>): Position {
  const parsed = Position.fromFen(match.variant, match.fen);
  if (!parsed.ok) throw new Error(`match ${match.id} holds a bad FEN: ${parsed.error.message}`);
  return parsed.value;
}

export function sideOf(match: Pick<Match, 'whiteId' | 'blackId'>, playerId: string): Color {
  if (match.whiteId === playerId) return 'white';
  if (match.blackId === playerId) return 'black';
  throw new DomainError('NOT_A_PLAYER', 'you do not play in this match');
}

/** The player's side in a game still going on (checked in that order). */
export function activeSide(match: Match, playerId: string): Color {
  const side = sideOf(match, playerId);
  if (match.status !== 'active') throw new DomainError('MATCH_OVER', 'the match has ended');
  return side;
}

export type Clocks = { white: number; black: number };

export const DAY_MS = 86_400_000;

/**
 * A timed game's clocks start once each side has made its first move (lichess's rule): until
 * then no time is spent, and a side that does not make its first move within this time, by the
 * game's speed, has the game aborted (no result, no rating change).
 */
export function firstMoveMs(clock: TimeControl): number {
  const speed = speedOf(clock);
  return speed === 'bullet' || speed === 'blitz' || speed === 'rapid'
    ? FIRST_MOVE_MS[speed]
    : FIRST_MOVE_MS.classical;
}

/** Whether a timed game's clock runs at `ply`: from the third move, each side having moved. */
export const clockRunsAt = (ply: number): boolean => ply >= 2;

/** When the side to move at `ply` must have moved, in a timed game: its clock, or the first-move time. */
function timedDeadline(
  match: Pick<Match, 'clockInitial' | 'clockIncrement'>,
  ply: number,
  left: number,
  now: Date,
): Date {
  const clock = { initial: match.clockInitial ?? 0, increment: match.clockIncrement ?? 0 };
  return new Date(now.getTime() + (clockRunsAt(ply) ? left : firstMoveMs(clock)));
}

/**
 * Fischer clock for the side about to move: time since its turn started is taken off, the
 * increment added. 'flag' when it had already run out; null for untimed matches.
 */
export function runClock(match: Match, side: Color, now: Date): Clocks | 'flag' | null {
  // Correspondence: no clock, a deadline per move.
  if (match.days !== null)
    return match.deadlineAt !== null && match.deadlineAt <= now ? 'flag' : null;
  if (match.whiteMs === null || match.blackMs === null || match.turnStartedAt === null) return null;
  // Each side's first move is off the clock; its deadline is the first-move time.
  if (!clockRunsAt(match.ply)) {
    if (match.deadlineAt !== null && match.deadlineAt <= now) return 'flag';
    return { white: match.whiteMs, black: match.blackMs };
  }
  const elapsed = now.getTime() - match.turnStartedAt.getTime();
  const left = (side === 'white' ? match.whiteMs : match.blackMs) - elapsed;
  if (left <= 0) return 'flag';
  // A side that went berserk plays without increment.
  const berserk = side === 'white' ? match.whiteBerserk : match.blackBerserk;
  const mine = left + (berserk ? 0 : (match.clockIncrement ?? 0));
  return side === 'white'
    ? { white: mine, black: match.blackMs }
    : { white: match.whiteMs, black: mine };
}

/** A move found legal for the side to move, with what it leads to. */
export interface MovePlan {
  side: Color;
  move: Move;
  progress: Progress;
  result: GameResult | null;
  clocks: Clocks | null;
  now: Date;
  row: MoveFields;
}

/**
 * A move request on a match as read: who moves, whose turn, the clock, the rules. Throws the
 * request's DomainError (in PROTOCOL.md's precedence); 'flag' when the mover's time had run out.
 */
export function planMove(
  match: Match,
  before: Position,
  playerId: string,
  req: MoveRequest & { ply?: number },
  now: Date,
): MovePlan | 'flag' {
  checkSquares(match.variant, req);
  const side = activeSide(match, playerId);
  if (match.turn !== side) throw new DomainError('NOT_YOUR_TURN', `${match.turn} is to move`);
  const clocks = runClock(match, side, now);
  if (clocks === 'flag') return 'flag';
  // Made at another ply than the game's now (a takeback came first): not this position's move.
  if (req.ply !== undefined && req.ply !== match.ply)
    throw new DomainError('NOT_YOUR_TURN', `the game is at ply ${match.ply}, not ${req.ply}`);
  const found = before.findMove(req);
  if (!found.ok) throw fromRulesError(found.error);
  const move = found.value;
  const progress = advance({ position: before, counters: match.counters }, move);
  const row: MoveFields = {
    matchId: match.id,
    ply: match.ply + 1,
    by: side,
    path: move.path as number[],
    captures: move.captures as number[],
    promoted: move.promoted,
    fen: progress.position.fen,
    whiteMs: clocks?.white ?? null,
    blackMs: clocks?.black ?? null,
  };
  return { side, move, progress, result: outcome(progress), clocks, now, row };
}

/** The match row after a planned move, its game's end aside (see ended()). */
export function afterMove(
  match: Match,
  { row, progress, clocks, now, result, side }: MovePlan,
): Match {
  const turn = result ? null : progress.position.turn;
  return {
    ...match,
    ply: row.ply,
    fen: row.fen,
    counters: progress.counters,
    turn,
    whiteMs: row.whiteMs,
    blackMs: row.blackMs,
    turnStartedAt: clocks || match.days !== null ? now : null,
    deadlineAt: !turn
      ? null
      : clocks
        ? timedDeadline(match, row.ply, turn === 'white' ? clocks.white : clocks.black, now)
        : match.days !== null
          ? new Date(now.getTime() + match.days * DAY_MS) // each move refills the days
          : null,
    // A standing offer by the opponent lapses when this side moves instead of answering it.
    drawOfferBy: match.drawOfferBy === side ? match.drawOfferBy : null,
    // A takeback asks for the position as it was asked on: any move lapses it.
    takebackOfferBy: null,
  };
}

/** The match row ended with `result` (every ending; see finisher.ts). */
export function ended(match: Match, result: GameResult, now: Date): Match {
  return {
    ...match,
    status: 'finished',
    turn: null,
    resultWinner: result.winner,
    resultReason: result.reason,
    resultRule: result.rule ?? null,
    drawOfferBy: null,
    takebackOfferBy: null,
    deadlineAt: null,
    endedAt: now,
  };
}

/** The side to move has run out of time: its clock shows 0 and it loses. */
export function timedOut(match: Match): { match: Match; result: GameResult } {
  const side = match.turn as Color;
  // A correspondence game has no clock to show at 0.
  const clock = match.whiteMs === null ? {} : side === 'white' ? { whiteMs: 0 } : { blackMs: 0 };
  return { match: { ...match, ...clock }, result: { winner: opponent(side), reason: 'timeout' } };
}

/** Whether the clock of the side to move had run out by `now` (the sweep's re-check). */
export const flagFell = (match: Match, now: Date): boolean =>
  match.status === 'active' && match.deadlineAt !== null && match.deadlineAt <= now;

/** Before each side has moved, either player may call the game off. */
export function checkAbort(match: Match): void {
  // A tournament game is called off only by its first-move time (the no-show is scored).
  if (match.tournamentId !== null)
    throw new DomainError('REFUSED', 'a tournament game cannot be called off', 'TOURNAMENT_GAME');
  if (match.ply >= 2)
    throw new DomainError('REFUSED', 'both sides have moved: resign instead', 'BOTH_MOVED');
}

/** The opponent of `side` has stayed away past the grace period. */
export function checkClaim(match: Match, side: Color, now: Date, graceMs: number): void {
  const since = side === 'white' ? match.blackAbsentSince : match.whiteAbsentSince;
  if (!since || now.getTime() - since.getTime() < graceMs) {
    throw new DomainError(
      'REFUSED',
      'your opponent has not been away for the grace period',
      'GRACE_NOT_OVER',
    );
  }
}

/**
 * Arena berserk (lichess): before its first move a side halves its own clock and gives up its
 * increment, for a bonus point if it wins (tournaments score it). Only timed arena games.
 * Returns the changes to the match row.
 */
export function berserk(
  match: Match,
  side: Color,
  berserkable: boolean,
): Pick<Match, 'whiteMs' | 'blackMs' | 'whiteBerserk' | 'blackBerserk'> {
  if (
    !berserkable ||
    match.clockInitial === null ||
    match.whiteMs === null ||
    match.blackMs === null
  )
    throw new DomainError('REFUSED', 'berserk is for arena games on a clock', 'NOT_BERSERKABLE');
  const already = side === 'white' ? match.whiteBerserk : match.blackBerserk;
  // The first mover's first move is ply 0, the other side's ply 1 (Black starts in English).
  const first = positionOf(match).turn === (match.ply % 2 === 0 ? side : opponent(side));
  const moved = match.ply > (first ? 0 : 1);
  if (match.status !== 'active' || moved || already)
    throw new DomainError('REFUSED', 'berserk only before your first move, once', 'BERSERK_LATE');
  const half = Math.floor(match.clockInitial / 2);
  return side === 'white'
    ? {
        whiteMs: half,
        blackMs: match.blackMs,
        whiteBerserk: true,
        blackBerserk: match.blackBerserk,
      }
    : {
        whiteMs: match.whiteMs,
        blackMs: half,
        whiteBerserk: match.whiteBerserk,
        blackBerserk: true,
      };
}

/**
 * A draw or rematch offer answered by `side`: 'agreed', or the offer that stands afterwards.
 * Offering while the opponent's offer stands is agreeing to it.
 */
export function answerOffer(
  standing: Color | null,
  side: Color,
  action: OfferAction,
  what: 'draw' | 'rematch' | 'takeback',
): 'agreed' | { offerBy: Color | null } {
  const offered = standing === opponent(side);
  if (action === 'accept' || (action === 'offer' && offered)) {
    if (!offered)
      throw new DomainError('REFUSED', `there is no ${what} offer to accept`, 'NO_OFFER');
    return 'agreed';
  }
  if (action === 'decline') {
    if (!offered)
      throw new DomainError('REFUSED', `there is no ${what} offer to decline`, 'NO_OFFER');
    return { offerBy: null };
  }
  if (standing === side)
    throw new DomainError('REFUSED', `your ${what} offer already stands`, 'OFFER_STANDS');
  return { offerBy: side };
}

/**
 * How many plies a takeback by `side` undoes: back to `side`'s last move, so that `side` is to
 * move again (1 while the opponent thinks, 2 once the opponent has answered). Throws when
 * `side` has no move to take back.
 */
export function takebackPlies(match: Pick<Match, 'ply' | 'turn'>, side: Color): number {
  const plies = match.turn === side ? 2 : 1;
  if (match.ply < plies)
    throw new DomainError('REFUSED', 'you have no move to take back', 'NOTHING_TO_TAKE_BACK');
  return plies;
}

/** `side` may ask for a takeback unless its request was declined in this very position. */
export function checkTakebackAsk(
  match: Pick<Match, 'ply' | 'takebackDeclinedBy' | 'takebackDeclinedPly'>,
  side: Color,
): void {
  if (match.takebackDeclinedBy === side && match.takebackDeclinedPly === match.ply)
    throw new DomainError(
      'REFUSED',
      'your takeback request was declined in this position: ask after the next move',
      'TAKEBACK_DECLINED',
    );
}

/**
 * The match row after a takeback to `progress` (the position `ply` plies in, replayed): `side` to
 * move, offers gone. The clocks are not wound back (time spent stays spent): the running side's
 * time is charged as for a move without increment, the increments the undone moves earned are
 * taken off (never below 1 s on that account), and the clock runs for `side` from `now`.
 * 'flag' when the running side's time had already run out.
 */
export function afterTakeback(
  match: Match,
  side: Color,
  ply: number,
  progress: Progress,
  now: Date,
): Match | 'flag' {
  const running = match.turn as Color;
  const clocks = runClock(match, running, now);
  if (clocks === 'flag') return 'flag';
  const inc = match.clockIncrement ?? 0;
  // The undone plies alternate from `side`'s. Each earned its mover the increment if it was made
  // on the clock (ply 3 on: the first moves are off it).
  const made: Clocks = { white: 0, black: 0 };
  for (let p = ply + 1; p <= match.ply; p++)
    if (clockRunsAt(p - 1)) made[(p - ply) % 2 === 1 ? side : opponent(side)]++;
  const back = (c: Color, ms: number) => Math.max(ms - inc * made[c], Math.min(ms, 1000));
  // runClock counted the running side's time as a move's, with the increment: not this one's.
  const runningInc = clockRunsAt(match.ply) ? inc : 0;
  const charged = clocks && {
    white: back('white', clocks.white - (running === 'white' ? runningInc : 0)),
    black: back('black', clocks.black - (running === 'black' ? runningInc : 0)),
  };
  const left = charged && (side === 'white' ? charged.white : charged.black);
  return {
    ...match,
    ply,
    fen: progress.position.fen,
    counters: progress.counters,
    turn: side,
    whiteMs: charged?.white ?? match.whiteMs,
    blackMs: charged?.black ?? match.blackMs,
    turnStartedAt: charged || match.days !== null ? now : null,
    deadlineAt:
      left !== null && left !== undefined
        ? timedDeadline(match, ply, left, now)
        : match.days !== null
          ? new Date(now.getTime() + match.days * DAY_MS)
          : null,
    drawOfferBy: null,
    takebackOfferBy: null,
    // A position reached again after a takeback is another chance to ask.
    takebackDeclinedBy: null,
    takebackDeclinedPly: null,
  };
}

/** Piece ids by square, as the process that paired a match knows them (0: empty). */
export type PieceIds = Uint8Array;

export function pieceIdsOf(variant: VariantId, pieces: readonly Piece[]): PieceIds {
  const ids = new Uint8Array(getVariant(variant).geometry.squares + 1);
  for (const p of pieces) ids[p.square] = p.id;
  return ids;
}

/** Piece ids after `move` (a copy: the cached entry may still be checked against). */
export function movePieceIds(ids: PieceIds, move: Move): PieceIds {
  const next = ids.slice();
  const id = next[move.from];
  for (const c of move.captures) next[c] = 0;
  next[move.from] = 0; // before the landing: a capture can end where it began
  next[move.to] = id;
  return next;
}

/** The pieces of `position` as rows with ids from 1 (a new match, or one taken back). */
export function newPieces(matchId: string, position: Position): Piece[] {
  return position.pieces().map((p, i) => ({
    matchId,
    id: i + 1,
    color: p.color,
    king: p.king,
    square: p.square,
  }));
}

/** The pieces of `position` as rows, with their ids. */
export function piecesOf(matchId: string, position: Position, ids: PieceIds): Piece[] {
  return position.pieces().map((p) => ({
    matchId,
    id: ids[p.square],
    color: p.color,
    king: p.king,
    square: p.square,
  }));
}
