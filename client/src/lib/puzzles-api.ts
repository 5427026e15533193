/**
 * The puzzles' REST side (docs/PROTOCOL.md, puzzles): a puzzle (the next, the daily, by id), a
 * round's result, a vote, a streak's puzzles, a storm run and its end, a player's dashboard. An
 * account speaks by its session cookie, a guest by its token (as chatHistory does).
 */
import type {
  DailyPuzzleView,
  PuzzleDashboard,
  PuzzleRoundAnswer,
  PuzzleView,
  PuzzleVoteAnswer,
  StormEnd,
  StormStart,
} from '../../../src/common/protocol.js';
import type { StormClaim } from '../../../src/puzzles/storm-rules.js';
import type { VariantId } from '../../../src/rules/index.js';
import type { Identity } from './api.js';
import { sendAs as send } from './send-as.js';

/** The day's puzzle: the same for everyone (the server picks its variant), so no variant is asked. */
export const dailyPuzzle = (who: Identity | null) =>
  send<DailyPuzzleView>('GET', '/api/puzzle/daily', who);

export const nextPuzzle = (variant: VariantId, who: Identity | null) =>
  send<PuzzleView>('GET', `/api/puzzle/next?variant=${variant}`, who);

export const puzzleById = (id: string, who: Identity | null) =>
  send<PuzzleView>('GET', `/api/puzzle/${encodeURIComponent(id)}`, who);

export const postRound = (id: string, win: boolean, who: Identity | null) =>
  send<PuzzleRoundAnswer>('POST', `/api/puzzle/${encodeURIComponent(id)}/round`, who, { win });

export const postVote = (id: string, up: boolean, who: Identity | null) =>
  send<PuzzleVoteAnswer>('POST', `/api/puzzle/${encodeURIComponent(id)}/vote`, who, { up });

export const streakPuzzles = (variant: VariantId, who: Identity | null) =>
  send<{ puzzles: PuzzleView[] }>('GET', `/api/puzzle/streak?variant=${variant}`, who);

export const startStorm = (variant: VariantId, who: Identity | null) =>
  send<StormStart>('POST', '/api/storm/start', who, { variant });

export const endStorm = (run: string, end: StormClaim, who: Identity | null) =>
  send<StormEnd>('POST', `/api/storm/${encodeURIComponent(run)}/end`, who, end);

export const playerPuzzles = (name: string, days = 30) =>
  send<PuzzleDashboard>(
    'GET',
    `/api/player/${encodeURIComponent(name)}/puzzles?days=${days}`,
    null,
  );
