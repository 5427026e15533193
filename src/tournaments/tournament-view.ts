/** Tournament rows as the wire contract says them (PROTOCOL.md, Tournaments). */
import type { Standing, Tiebreak, Tournament } from '../common/protocol.js';
import type { TournamentRow } from '../persistence/entities/index.js';
import { FIRE_MARK } from './arena/arena-scoring-rules.js';
import type { EntryRow } from './tournament-store.js';

export function tournamentOf(
  t: TournamentRow,
  names: ReadonlyMap<string, string> = new Map(),
): Tournament {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    variant: t.variant,
    clock:
      t.clockInitial === null
        ? null
        : { initial: t.clockInitial, increment: t.clockIncrement ?? 0 },
    days: t.days,
    rated: t.rated,
    private: t.passwordHash !== null,
    conditions: t.conditions ?? {},
    allowBots: t.allowBots,
    berserkable: t.berserkable,
    streaks: t.streaks,
    status: t.status,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt ? t.endsAt.toISOString() : null,
    minutes: t.minutes,
    rounds: t.rounds,
    round: t.round,
    nextRoundAt: t.nextRoundAt ? t.nextRoundAt.toISOString() : null,
    roundInterval: t.roundInterval,
    lateJoinRound: t.lateJoinRound,
    tiebreaks: t.tiebreaks ? (t.tiebreaks.split(',') as Tiebreak[]) : [],
    scheduled: t.scheduleKey !== null,
    createdBy: t.createdBy ? (names.get(t.createdBy) ?? null) : null,
    players: t.players,
    winner: t.winnerId ? { id: t.winnerId, name: names.get(t.winnerId) ?? '?' } : null,
  };
}

/**
 * A stored line as a standing (`tiebreaks`: a Swiss event's values, in order; `streaks`: the
 * arena counts fire, else nobody is on fire).
 */
export function standingOf(
  r: EntryRow & { performance?: unknown },
  tiebreaks?: number[],
  streaks = true,
): Standing {
  const perf = r.performance === null || r.performance === undefined ? null : Number(r.performance);
  return {
    rank: Number(r.rank),
    playerId: r.player_id,
    name: r.name,
    rating: r.rating,
    score: r.score,
    sheet: r.sheet,
    fire: streaks && r.streak >= 2,
    games: r.games,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    performance: perf,
    status: r.status,
    matchId: r.match_id,
    ...(tiebreaks ? { tiebreaks } : {}),
  };
}

/** A sheet with one more game's points (fire games marked, as lichess paints them). */
export const sheetWith = (sheet: string, points: number, fire: boolean): string =>
  `${sheet}${sheet ? ' ' : ''}${points}${fire ? FIRE_MARK : ''}`;
