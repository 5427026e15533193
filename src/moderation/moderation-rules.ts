/**
 * Moderation, pure: who may moderate, whom a moderator may act on, and what a report or an
 * action must say (zod, checked at the edge). Table tests: test/unit/moderation-rules.test.ts.
 */
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import {
  MOD_WHY_MAX,
  PLAYER_MARKS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type PlayerRole,
} from '../common/protocol.js';

/** A printable text, trimmed (reports and reasons are read by people). */
const printable = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(max, `at most ${max} characters`)
        .regex(/^[^\p{Cc}\p{Cs}\p{Co}]*$/u, 'must be printable'),
    );

/** The reason every action needs: the log says why. */
export const why = printable(MOD_WHY_MAX).pipe(z.string().min(1, 'why: say why'));

export const ReportBody = z
  .object({
    username: z.string().min(1).max(40),
    reason: z.enum(REPORT_REASONS),
    matchId: z.uuid({ message: 'must be a UUID' }).optional(),
    text: printable(REPORT_TEXT_MAX).default(''),
  })
  .strict();

export const MarkBody = z.object({ mark: z.enum(PLAYER_MARKS), why }).strict();
export const WhyBody = z.object({ why }).strict();
export const OptionalWhyBody = z.object({ why: printable(MOD_WHY_MAX).default('') }).strict();

/** Only a moderator moderates: FORBIDDEN for anyone else (the same answer for every route). */
export function checkModerator(role: PlayerRole | null): void {
  if (role !== 'mod') throw new DomainError('FORBIDDEN', 'moderators only');
}

/**
 * Whom a moderator may mark or close: not themselves, nor another moderator (revoke the role
 * first, from the command line): one moderator cannot silence another.
 */
export function checkTarget(modId: string, target: { id: string; role: PlayerRole | null }): void {
  if (target.id === modId) throw new DomainError('FORBIDDEN', 'not on yourself');
  if (target.role === 'mod') throw new DomainError('FORBIDDEN', 'not on another moderator');
}

/** A report is about someone else. */
export function checkReport(reporterId: string, targetId: string): void {
  if (reporterId === targetId)
    throw new DomainError('INVALID_PAYLOAD', 'username: you cannot report yourself');
}
