/**
 * The puzzles' REST side (docs/PROTOCOL.md, puzzles): a puzzle (the next, the daily, by id), a
 * round's result, a vote, a streak's puzzles, a storm run and its end, a player's dashboard. An
 * account speaks by its session cookie, a guest by its token (as chatHistory does).
 */
import type { ErrorBody } from '../../../src/common/protocol.js';
import type { VariantId } from '../../../src/rules/index.js';
import type { Identity } from './api.js';
import { wireError } from './errors.js';
import type { PuzzleView } from '../pages/training/puzzle-rules.js';

async function send<T>(method: string, path: string, who: Identity | null, body?: unknown) {
  const res = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who?.token && !who.username ? { authorization: `Bearer ${who.token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as T & Partial<ErrorBody>;
  if (!res.ok) throw wireError(parsed.error);
  return parsed as T;
}

/** POST /api/puzzle/:id/round's answer: my rating's change when rated. */
export interface RoundResult {
  rated: boolean;
  player: { rating: number; rd: number; delta: number } | null;
  puzzle: { rating: number; plays: number };
}

/** A player's puzzles, per variant (GET /api/player/:name/puzzles). */
export interface PuzzleDashboard {
  days?: number;
  variants: {
    variant: VariantId;
    rating: number;
    provisional?: boolean;
    solved: number;
    failed: number;
    themes: { theme: string; solved: number; failed: number }[];
  }[];
}

export const dailyPuzzle = (who: Identity | null) =>
  send<PuzzleView>('GET', '/api/puzzle/daily', who);

export const nextPuzzle = (variant: VariantId, who: Identity | null) =>
  send<PuzzleView>('GET', `/api/puzzle/next?variant=${variant}`, who);

export const puzzleById = (id: string, who: Identity | null) =>
  send<PuzzleView>('GET', `/api/puzzle/${encodeURIComponent(id)}`, who);

export const postRound = (id: string, win: boolean, who: Identity | null) =>
  send<RoundResult>('POST', `/api/puzzle/${encodeURIComponent(id)}/round`, who, { win });

export const postVote = (id: string, up: boolean, who: Identity | null) =>
  send<unknown>('POST', `/api/puzzle/${encodeURIComponent(id)}/vote`, who, { up });

export const streakPuzzles = (variant: VariantId, who: Identity | null) =>
  send<{ puzzles: PuzzleView[] }>('GET', `/api/puzzle/streak?variant=${variant}`, who);

export const startStorm = (variant: VariantId, who: Identity | null) =>
  send<{ run: string; puzzles: PuzzleView[]; seconds: number }>('POST', '/api/storm/start', who, {
    variant,
  });

export interface StormEnd {
  score: number;
  moves: number;
  errors: number;
  combo: number;
  time: number;
}

export const endStorm = (run: string, end: StormEnd, who: Identity | null) =>
  send<{ score: number; best: number }>(
    'POST',
    `/api/storm/${encodeURIComponent(run)}/end`,
    who,
    end,
  );

export const playerPuzzles = (name: string, days = 30) =>
  send<PuzzleDashboard>(
    'GET',
    `/api/player/${encodeURIComponent(name)}/puzzles?days=${days}`,
    null,
  );
