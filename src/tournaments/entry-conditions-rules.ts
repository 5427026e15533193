/**
 * A tournament's entry conditions (arena and Swiss alike), lichess's simplest ones: a minimum
 * number of rated games, a minimum and a maximum rating, all in the tournament's variant and
 * speed (the rating that tournament would change). Checked when a player joins.
 */
import { z } from 'zod';
import { DomainError } from '../common/errors.js';

export const MIN_CONDITION_RATING = 600;
export const MAX_CONDITION_RATING = 3000;

export const EntryConditions = z
  .object({
    minRatedGames: z.number().int().min(1).max(1000).optional(),
    minRating: z.number().int().min(MIN_CONDITION_RATING).max(MAX_CONDITION_RATING).optional(),
    maxRating: z.number().int().min(MIN_CONDITION_RATING).max(MAX_CONDITION_RATING).optional(),
  })
  .strict()
  .refine(
    (c) => c.minRating === undefined || c.maxRating === undefined || c.minRating < c.maxRating,
    {
      path: ['maxRating'],
      message: 'must be above minRating',
    },
  );

export type EntryConditions = z.infer<typeof EntryConditions>;

/** A player's record in the tournament's variant and speed. */
export interface EntrantRecord {
  readonly ratedGames: number;
  readonly rating: number;
  /** A provisional rating says little: it does not meet a minimum rating (lichess's rule). */
  readonly provisional: boolean;
}

export type EntryRefusal = 'MIN_RATED_GAMES' | 'MIN_RATING' | 'MAX_RATING';

/** Why the player may not join (empty: they may). */
export function entryRefusals(
  conditions: EntryConditions | undefined | null,
  record: EntrantRecord,
): { reason: EntryRefusal; message: string }[] {
  const out: { reason: EntryRefusal; message: string }[] = [];
  if (!conditions) return out;
  const { minRatedGames, minRating, maxRating } = conditions;
  if (minRatedGames !== undefined && record.ratedGames < minRatedGames)
    out.push({
      reason: 'MIN_RATED_GAMES',
      message: `${minRatedGames} rated games needed (${record.ratedGames} played)`,
    });
  if (minRating !== undefined && (record.provisional || record.rating < minRating))
    out.push({
      reason: 'MIN_RATING',
      message: record.provisional
        ? `an established rating of ${minRating} or more is needed (yours is provisional)`
        : `a rating of ${minRating} or more is needed (${record.rating})`,
    });
  if (maxRating !== undefined && record.rating > maxRating)
    out.push({
      reason: 'MAX_RATING',
      message: `a rating of ${maxRating} or less is needed (${record.rating})`,
    });
  return out;
}

/** Throws FORBIDDEN with the first reason when the player may not join. */
export function checkEntry(
  conditions: EntryConditions | undefined | null,
  record: EntrantRecord,
): void {
  const [first] = entryRefusals(conditions, record);
  if (first) throw new DomainError('FORBIDDEN', first.message);
}
