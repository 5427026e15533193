/** Payload validation at the edge (REST bodies, socket payloads): zod schemas, one error code. */
import { z } from 'zod';
import { allVariants } from '../rules/index.js';
import { DomainError } from './errors.js';

export function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new DomainError('INVALID_PAYLOAD', `${where}${issue?.message ?? 'invalid payload'}`);
  }
  return r.data;
}

export const uuid = z.uuid({ message: 'must be a UUID' });
/** The highest square number of any board (canadian's 72); a match's own board is checked by the rules. */
export const MAX_SQUARE = Math.max(...allVariants().map((v) => v.geometry.squares));
/** A square number; its range is checked against the match's board by the rules. */
export const square = z.number().int().min(1).max(MAX_SQUARE);

/** A time control as clients send it: initial time and increment in ms. */
export const timeControl = z
  .object({
    initial: z
      .number()
      .int()
      .min(100)
      .max(3 * 3600_000),
    increment: z.number().int().min(0).max(600_000),
  })
  .strict();
