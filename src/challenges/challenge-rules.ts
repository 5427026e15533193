/**
 * Challenges as values: the terms a challenger may ask for (checked at the edge), who may answer
 * one and how, when it expires, and its wire shape. No database, no sockets: the service applies
 * these inside its transactions.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { DomainError, fromRulesError } from '../common/errors.js';
import {
  CORRESPONDENCE_DAYS,
  DECLINE_REASONS,
  type Challenge as ChallengeView,
  type ChallengeTerms,
  type DeclineReason,
} from '../common/protocol.js';
import { timeControl, uuid } from '../common/validation.js';
import type { Challenge } from '../persistence/entities/index.js';
import { titleOf, type NameBook } from '../players/name-book.js';
import { speedOfColumns } from '../ratings/speed.js';
import {
  DEFAULT_VARIANT,
  Position,
  startPosition,
  VARIANT_IDS,
  type Color,
  type VariantId,
} from '../rules/index.js';

/** How long a challenge waits for an answer: live games soon go stale, correspondence does not. */
export const LIVE_EXPIRY_MS = 20 * 60_000;
/**
 * A live seek made from a socket holds a lease its process renews while the socket stays: if the
 * process dies (no disconnect handler runs), its seeks expire within the lease.
 */
export const SEEK_LEASE_MS = 60_000;
export const CORRESPONDENCE_EXPIRY_MS = 7 * 86_400_000;
/** Open challenges (links, direct, seeks) a player may have at once. */
export const MAX_OPEN = 20;

export const Terms = z
  .object({
    variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
    clock: timeControl.nullable().optional(),
    days: z
      .number()
      .int()
      .refine((d) => (CORRESPONDENCE_DAYS as readonly number[]).includes(d), {
        message: `must be one of ${CORRESPONDENCE_DAYS.join(', ')}`,
      })
      .nullable()
      .optional(),
    color: z.enum(['white', 'black', 'random']).default('random'),
    rated: z.boolean().default(false),
    fen: z.string().min(1).max(200).optional(),
    to: z.string().min(1).max(32).optional(),
    public: z.boolean().default(false),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.clock && t.days)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'a clock or days, not both' });
    if (t.rated && t.fen !== undefined)
      ctx.addIssue({ code: 'custom', path: ['fen'], message: 'a start position is casual only' });
    if (t.to !== undefined && t.public)
      ctx.addIssue({
        code: 'custom',
        path: ['public'],
        message: 'a direct challenge is not a seek',
      });
    // The position is checked here, at the edge, so a bad one is INVALID_PAYLOAD before anything.
    const start = t.fen === undefined ? null : startPosition(t.variant, t.fen);
    if (start && !start.ok)
      ctx.addIssue({ code: 'custom', path: ['fen'], message: start.error.message });
  }) satisfies z.ZodType<ChallengeTerms, unknown>;

export type CheckedTerms = z.infer<typeof Terms>;

export const ChallengeId = z.object({ challengeId: uuid }).strict();
export const Decline = z
  .object({ challengeId: uuid, reason: z.enum(DECLINE_REASONS).optional() })
  .strict();
export const RestDecline = z.object({ reason: z.enum(DECLINE_REASONS).optional() }).strict();

/** The start position, normalised (the same position always reads the same). */
export function startFen(variant: VariantId, fen: string | undefined): string | null {
  if (fen === undefined) return null;
  const parsed = Position.fromFen(variant, fen);
  if (!parsed.ok) throw fromRulesError(parsed.error);
  return parsed.value.fen;
}

export const expiryOf = (days: number | null): number =>
  days === null ? LIVE_EXPIRY_MS : CORRESPONDENCE_EXPIRY_MS;

/** Whether the challenge can still be answered at `now`. */
export function checkOpen(c: Challenge, now: Date): void {
  if (c.status !== 'open' || c.expiresAt <= now)
    throw new DomainError(
      'CHALLENGE_CLOSED',
      `the challenge is ${c.status === 'open' ? 'expired' : c.status}`,
    );
}

/** `playerId` may accept: not the challenger, and the one challenged if it is direct. */
export function checkAcceptor(c: Challenge, playerId: string): void {
  if (c.challengerId === playerId)
    throw new DomainError('NOT_A_PLAYER', 'you cannot accept your own challenge');
  if (c.destId !== null && c.destId !== playerId)
    throw new DomainError('NOT_A_PLAYER', 'this challenge is for another player');
}

/**
 * `playerId` may decline: the one challenged, or, for a link, whoever opened it (the challenger
 * hears it). A lobby seek is not declined, only left.
 */
export function checkDecliner(c: Challenge, playerId: string): void {
  if (c.challengerId === playerId)
    throw new DomainError('NOT_A_PLAYER', 'your own challenge is cancelled, not declined');
  if (c.destId !== null && c.destId !== playerId)
    throw new DomainError('NOT_A_PLAYER', 'this challenge is for another player');
  if (c.public)
    throw new DomainError('REFUSED', 'a lobby seek cannot be declined', 'SEEK_NOT_DECLINABLE');
}

export function checkCanceller(c: Challenge, playerId: string): void {
  if (c.challengerId !== playerId)
    throw new DomainError('NOT_A_PLAYER', 'only the challenger can cancel a challenge');
}

/** The players' colours once accepted: the challenger's choice, or a coin toss. */
export function colours(c: Challenge, acceptorId: string): { whiteId: string; blackId: string } {
  const challenger: Color =
    c.color === 'random' ? (randomInt(2) === 0 ? 'white' : 'black') : c.color;
  return challenger === 'white'
    ? { whiteId: c.challengerId, blackId: acceptorId }
    : { whiteId: acceptorId, blackId: c.challengerId };
}

export function challengeView(c: Challenge, names: NameBook): ChallengeView {
  const challenger: ChallengeView['challenger'] = {
    id: c.challengerId,
    name: names.get(c.challengerId) ?? '?',
    ...titleOf(names, c.challengerId),
  };
  if (c.challengerRating !== null) {
    challenger.rating = c.challengerRating;
    challenger.provisional = c.challengerProvisional ?? false;
  }
  return {
    id: c.id,
    url: `/challenge/${c.id}`,
    status: c.status,
    challenger,
    dest:
      c.destId === null
        ? null
        : { id: c.destId, name: names.get(c.destId) ?? '?', ...titleOf(names, c.destId) },
    variant: c.variant,
    clock:
      c.clockInitial === null
        ? null
        : { initial: c.clockInitial, increment: c.clockIncrement ?? 0 },
    days: c.days,
    speed: speedOfColumns(c.clockInitial, c.clockIncrement, c.days),
    color: c.color,
    rated: c.rated,
    fen: c.fen,
    public: c.public,
    declineReason: c.declineReason as DeclineReason | null,
    matchId: c.matchId,
    createdAt: c.createdAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
  };
}
