import { z } from 'zod';
import type { ClientPayload } from '../common/protocol.js';
import { timeControl } from '../common/validation.js';
import { COMPUTER_LEVELS } from '../persistence/computer-players.js';
import { DEFAULT_VARIANT, startPosition, VARIANT_IDS } from '../rules/index.js';

/** A game against the computer as asked (`computer:play`, POST /api/challenge/ai). */
export const ComputerPlay = z
  .object({
    variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
    clock: timeControl.nullable().optional(),
    level: z.number().int().min(1).max(COMPUTER_LEVELS),
    color: z.enum(['white', 'black', 'random']).default('random'),
    fen: z.string().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    // Checked at the edge: a position that does not read, or a game already over, is refused.
    const start = t.fen === undefined ? null : startPosition(t.variant, t.fen);
    if (start && !start.ok)
      ctx.addIssue({ code: 'custom', path: ['fen'], message: start.error.message });
  }) satisfies z.ZodType<ClientPayload<'computer:play'>, unknown>;
