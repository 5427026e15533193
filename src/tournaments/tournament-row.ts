import type { TournamentRow } from '../persistence/entities/index.js';

/** A row's defaults (the creator and the schedule fill in the rest). */
export function blankRow(): TournamentRow {
  return {
    id: '',
    kind: 'arena',
    name: '',
    variant: 'russian',
    clockInitial: null,
    clockIncrement: null,
    days: null,
    rated: true,
    passwordHash: null,
    conditions: {},
    allowBots: false,
    berserkable: true,
    streaks: true,
    status: 'created',
    startsAt: new Date(0),
    endsAt: null,
    minutes: null,
    rounds: null,
    round: 0,
    roundInterval: null,
    nextRoundAt: null,
    lateJoinRound: null,
    tiebreaks: '',
    scheduleKey: null,
    createdBy: null,
    winnerId: null,
    players: 0,
    createdAt: new Date(),
    finishedAt: null,
  };
}
