/** Entity rows -> the wire shapes of PROTOCOL.md (MatchState, MoveEvent, GameResult, Clock). */
import type { Match, Piece } from '../persistence/entities/index.js';
import { titleOf, type NameBook } from '../players/name-book.js';
import { clockRunsAt, type MoveFields } from './match-rules.js';
import { speedOfColumns } from '../ratings/speed.js';
import type { Color, GameResult } from '../rules/index.js';
import type {
  Clock,
  MatchPlayer,
  MatchState,
  MatchSummary,
  MoveEvent,
  MyGames,
} from '../common/protocol.js';

export type { Clock, MatchState, MatchSummary, MoveEvent, MyGames };

export function resultOf(m: Match): GameResult | null {
  if (m.resultReason === null) return null;
  const r: GameResult = { winner: m.resultWinner, reason: m.resultReason };
  return m.resultRule ? { ...r, rule: m.resultRule } : r;
}

/** Clocks as of `now`: the running side's time keeps going down between moves. */
export function clockOf(
  m: Pick<Match, 'whiteMs' | 'blackMs' | 'status' | 'turn' | 'turnStartedAt' | 'ply'>,
  now = Date.now(),
): Clock | null {
  if (m.whiteMs === null || m.blackMs === null) return null;
  // The clocks start once each side has moved.
  const running = m.status === 'active' && clockRunsAt(m.ply) ? m.turn : null;
  const spent = running && m.turnStartedAt ? Math.max(0, now - m.turnStartedAt.getTime()) : 0;
  return {
    white: running === 'white' ? Math.max(0, m.whiteMs - spent) : m.whiteMs,
    black: running === 'black' ? Math.max(0, m.blackMs - spent) : m.blackMs,
    running,
  };
}

function side(
  id: string,
  names: NameBook,
  rating: number | null,
  provisional: boolean | null,
  diff: number | null,
): MatchPlayer {
  const p: MatchPlayer = { id, name: names.get(id) ?? '?', ...titleOf(names, id) };
  if (rating !== null) {
    p.rating = rating;
    p.provisional = provisional ?? false;
  }
  if (diff !== null) p.ratingDiff = diff;
  return p;
}

/** The lobby row of a match: what MatchState shows without the board. */
export function matchSummary(m: Match, names: NameBook): MatchSummary {
  return {
    id: m.id,
    variant: m.variant,
    status: m.status,
    white: side(m.whiteId, names, m.whiteRating, m.whiteProvisional, m.whiteRatingDiff),
    black: side(m.blackId, names, m.blackRating, m.blackProvisional, m.blackRatingDiff),
    rated: m.rated,
    turn: m.status === 'active' ? m.turn : null,
    ply: m.ply,
    clock: clockOf(m),
    result: resultOf(m),
    computer:
      m.computerColor !== null && m.computerLevel !== null
        ? { color: m.computerColor, level: m.computerLevel }
        : null,
    correspondence:
      m.days === null
        ? null
        : {
            days: m.days,
            deadline: m.status === 'active' && m.deadlineAt ? m.deadlineAt.getTime() : null,
          },
    timeControl:
      m.clockInitial === null
        ? null
        : { initial: m.clockInitial, increment: m.clockIncrement ?? 0 },
    speed: speedOfColumns(m.clockInitial, m.clockIncrement, m.days),
    createdAt: m.createdAt.toISOString(),
  };
}

export function matchState(m: Match, pieces: readonly Piece[], names: NameBook): MatchState {
  return {
    ...matchSummary(m, names),
    fen: m.fen,
    initialFen: m.initialFen,
    pieces: [...pieces]
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ id: p.id, color: p.color, king: p.king, square: p.square })),
    drawOffer: m.drawOfferBy,
    takebackOffer: m.status === 'active' ? m.takebackOfferBy : null,
    takebackDeclined:
      m.status === 'active' && m.takebackDeclinedPly === m.ply ? m.takebackDeclinedBy : null,
    takebacks: m.takebacks,
    rematchOffer: m.status === 'finished' && m.rematchId === null ? m.rematchOfferBy : null,
    rematchId: m.rematchId,
    endedAt: m.endedAt ? m.endedAt.toISOString() : null,
    firstMoveDeadline:
      m.status === 'active' && m.clockInitial !== null && !clockRunsAt(m.ply) && m.deadlineAt
        ? m.deadlineAt.getTime()
        : null,
    tournamentId: m.tournamentId,
    berserk: { white: m.whiteBerserk, black: m.blackBerserk },
  };
}

/** A Move row as the server fills it (the database adds its id and time). */
export function moveEvent(row: MoveFields, turn: Color | null, running: boolean): MoveEvent {
  return {
    matchId: row.matchId,
    ply: row.ply,
    by: row.by,
    from: row.path[0],
    to: row.path[row.path.length - 1],
    path: row.path,
    captures: row.captures,
    promoted: row.promoted,
    fen: row.fen,
    turn,
    clock:
      row.whiteMs === null || row.blackMs === null
        ? null
        : {
            white: row.whiteMs,
            black: row.blackMs,
            // The clocks start once each side has moved.
            running: running && clockRunsAt(row.ply) ? turn : null,
          },
  };
}
