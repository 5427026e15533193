/**
 * The terms of a new Swiss event as a player asks for them, checked at the edge: 3 to 15 rounds,
 * a live clock or correspondence days (one of them), a start not in the past, the time between
 * rounds (a fixed interval, or 'auto': the next round as soon as every game of this one is over),
 * how late a player may still join, the tie-breaks in order, rated or casual, an optional password
 * and entry conditions. A refusal is INVALID_PAYLOAD, as for every payload.
 */
import { z } from 'zod';
import { CORRESPONDENCE_DAYS } from '../../common/protocol.js';
import { parsePayload, timeControl } from '../../common/validation.js';
import { DEFAULT_VARIANT, VARIANT_IDS } from '../../rules/index.js';
import { EntryConditions } from '../entry-conditions-rules.js';
import { DEFAULT_SWISS_TIEBREAKS, SWISS_TIEBREAKS } from './swiss-tiebreak-rules.js';

export const SWISS_MIN_ROUNDS = 3;
export const SWISS_MAX_ROUNDS = 15;
/** A start this far in the past is still taken (the form was filled a moment ago). */
export const SWISS_START_GRACE_MS = 60_000;
export const SWISS_MAX_START_AHEAD_MS = 60 * 86_400_000;
/** With no start given, the event starts this long after it is made (time to join). */
export const SWISS_DEFAULT_WAIT_MS = 10 * 60_000;
/** A fixed interval between rounds: from 5 seconds (live) to 7 days (correspondence). */
export const MIN_ROUND_INTERVAL_MS = 5_000;
export const MAX_ROUND_INTERVAL_MS = 7 * 86_400_000;

/** The next round once every game of this one is over (lichess's "auto"). */
export const AUTO_INTERVAL = 'auto';

const startsAt = z.union([
  z.date(),
  z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
]);

/** The schema of a Swiss event's terms at `now` (the start is checked against it). */
export function swissTermsSchema(now: Date) {
  return z
    .object({
      name: z.string().trim().min(2).max(40).optional(),
      variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
      clock: timeControl.optional(),
      days: z
        .number()
        .int()
        .refine((d) => (CORRESPONDENCE_DAYS as readonly number[]).includes(d), {
          message: `must be one of ${CORRESPONDENCE_DAYS.join(', ')}`,
        })
        .optional(),
      rounds: z.number().int().min(SWISS_MIN_ROUNDS).max(SWISS_MAX_ROUNDS),
      startsAt: startsAt.optional(),
      /** Milliseconds between a round's end and the next, or 'auto'. */
      roundInterval: z
        .union([
          z.literal(AUTO_INTERVAL),
          z.number().int().min(MIN_ROUND_INTERVAL_MS).max(MAX_ROUND_INTERVAL_MS),
        ])
        .default(AUTO_INTERVAL),
      /** The last round a player may join before (joining later, they miss it: 0 points). */
      lateJoinUntilRound: z.number().int().min(1).max(SWISS_MAX_ROUNDS).optional(),
      tiebreaks: z
        .array(z.enum(SWISS_TIEBREAKS))
        .max(SWISS_TIEBREAKS.length)
        .refine((t) => new Set(t).size === t.length, { message: 'each tie-break once' })
        .default([...DEFAULT_SWISS_TIEBREAKS]),
      rated: z.boolean().default(true),
      password: z.string().min(1).max(64).optional(),
      /** Bots (Bot API accounts) may join. */
      allowBots: z.boolean().default(false),
      conditions: EntryConditions.optional(),
    })
    .strict()
    .superRefine((t, ctx) => {
      if ((t.clock === undefined) === (t.days === undefined))
        ctx.addIssue({ code: 'custom', path: ['clock'], message: 'a clock or days, one of them' });
      if (t.lateJoinUntilRound !== undefined && t.lateJoinUntilRound > t.rounds)
        ctx.addIssue({
          code: 'custom',
          path: ['lateJoinUntilRound'],
          message: 'after the last round',
        });
      if (t.startsAt === undefined) return;
      const t0 = t.startsAt.getTime();
      if (Number.isNaN(t0))
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'not a date' });
      else if (t0 < now.getTime() - SWISS_START_GRACE_MS)
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'in the past' });
      else if (t0 > now.getTime() + SWISS_MAX_START_AHEAD_MS)
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'more than 60 days ahead' });
    })
    .transform((t) => ({
      ...t,
      startsAt: t.startsAt ?? new Date(now.getTime() + SWISS_DEFAULT_WAIT_MS),
      // lichess lets players join until half the rounds are played.
      lateJoinUntilRound: t.lateJoinUntilRound ?? Math.ceil(t.rounds / 2),
    }));
}

export type SwissTerms = z.infer<ReturnType<typeof swissTermsSchema>>;

/** The terms, checked and with defaults; else throws INVALID_PAYLOAD naming the first problem. */
export function checkSwissTerms(input: unknown, now: Date): SwissTerms {
  return parsePayload(swissTermsSchema(now), input);
}

/** Every problem (a form shows them all): `path` is the field, '' for the whole. */
export function swissTermsProblems(input: unknown, now: Date): { path: string; message: string }[] {
  const r = swissTermsSchema(now).safeParse(input);
  return r.success
    ? []
    : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Whether a player may still join before round `nextRound` (1 before the start). */
export function canJoinSwiss(
  terms: Pick<SwissTerms, 'lateJoinUntilRound' | 'rounds'>,
  nextRound: number,
): boolean {
  return nextRound <= Math.min(terms.lateJoinUntilRound, terms.rounds);
}

/** With 'auto', the next round starts this long after the last game of a round ends. */
export const AUTO_ROUND_DELAY_MS = 10_000;

/**
 * When the next round starts, counted from the end of the last game of the round before (a fixed
 * interval is a rest between rounds, so a long game does not eat it).
 */
export function nextRoundAt(roundInterval: SwissTerms['roundInterval'], roundOverAt: Date): Date {
  const wait = roundInterval === AUTO_INTERVAL ? AUTO_ROUND_DELAY_MS : roundInterval;
  return new Date(roundOverAt.getTime() + wait);
}
