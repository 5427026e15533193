/**
 * The terms of a new arena as a player asks for them, checked at the edge: a known variant, a
 * live clock (bullet to classical: an arena has no correspondence), 20 minutes to 3 hours, long
 * enough for two games at that clock, a start not in the past (a minute's grace for the form's
 * round trip) nor more than 30 days ahead, rated or casual, an optional password and entry
 * conditions. A refusal is INVALID_PAYLOAD (src/common/validation.ts), as for every payload.
 */
import { z } from 'zod';
import { parsePayload, timeControl } from '../../common/validation.js';
import { DEFAULT_VARIANT, VARIANT_IDS } from '../../rules/index.js';
import { EntryConditions } from '../entry-conditions-rules.js';
import { ARENA_MAX_MINUTES, ARENA_MIN_MINUTES } from './arena-schedule-rules.js';

/** A start this far in the past is still taken (the form was filled a moment ago). */
export const START_GRACE_MS = 60_000;
export const MAX_START_AHEAD_MS = 30 * 86_400_000;
/** With no start given, the arena starts this long after it is made (lichess: 5 minutes). */
export const DEFAULT_WAIT_MS = 5 * 60_000;

/**
 * A game's length on the clock, both sides: twice the initial time plus 40 increments (the speed
 * estimate of ratings/speed.ts, for two players).
 */
export function gameEstimateMs(clock: { initial: number; increment: number }): number {
  return 2 * (clock.initial + 40 * clock.increment);
}

/** The arena must last at least this many estimated games (else nobody plays twice). */
export const MIN_GAMES_IN_ARENA = 2;

const startsAt = z.union([
  z.date(),
  z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
]);

/** The schema of an arena's terms at `now` (the start is checked against it). */
export function arenaTermsSchema(now: Date) {
  return z
    .object({
      name: z.string().trim().min(2).max(40).optional(),
      variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
      clock: timeControl,
      minutes: z.number().int().min(ARENA_MIN_MINUTES).max(ARENA_MAX_MINUTES),
      startsAt: startsAt.optional(),
      rated: z.boolean().default(true),
      /** Players may halve their clock for a point more (arena-scoring-rules). */
      berserkable: z.boolean().default(true),
      /** Win streaks count double (arena-scoring-rules `streaks`). */
      streaks: z.boolean().default(true),
      password: z.string().min(1).max(64).optional(),
      /** Bots (Bot API accounts) may join. */
      allowBots: z.boolean().default(false),
      conditions: EntryConditions.optional(),
    })
    .strict()
    .superRefine((t, ctx) => {
      if (t.minutes * 60_000 < MIN_GAMES_IN_ARENA * gameEstimateMs(t.clock))
        ctx.addIssue({
          code: 'custom',
          path: ['minutes'],
          message: `too short for ${MIN_GAMES_IN_ARENA} games at this clock`,
        });
      if (t.startsAt === undefined) return;
      const t0 = t.startsAt.getTime();
      if (Number.isNaN(t0))
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'not a date' });
      else if (t0 < now.getTime() - START_GRACE_MS)
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'in the past' });
      else if (t0 > now.getTime() + MAX_START_AHEAD_MS)
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'more than 30 days ahead' });
    })
    .transform((t) => ({
      ...t,
      startsAt: t.startsAt ?? new Date(now.getTime() + DEFAULT_WAIT_MS),
    }));
}

export type ArenaTerms = z.infer<ReturnType<typeof arenaTermsSchema>>;

/** The terms, checked and with defaults; else throws INVALID_PAYLOAD naming the first problem. */
export function checkArenaTerms(input: unknown, now: Date): ArenaTerms {
  return parsePayload(arenaTermsSchema(now), input);
}

/** Every problem (a form shows them all): `path` is the field, '' for the whole. */
export function arenaTermsProblems(input: unknown, now: Date): { path: string; message: string }[] {
  const r = arenaTermsSchema(now).safeParse(input);
  return r.success
    ? []
    : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The end of an arena with these terms. */
export function arenaEndsAt(terms: Pick<ArenaTerms, 'startsAt' | 'minutes'>): Date {
  return new Date(terms.startsAt.getTime() + terms.minutes * 60_000);
}
