import { z } from 'zod';
import { square, uuid } from '../common/validation.js';

const fields = {
  from: square.optional(),
  to: square.optional(),
  path: z.array(square).min(2).max(64).optional(),
  /** v1.11: the ply the move is made at (the game as the mover saw it); another ply refuses it. */
  ply: z.number().int().min(0).max(1_000_000).optional(),
};

/** Exactly one form: from + to, or the full path (2-64 squares). */
const oneForm = (b: { from?: number; to?: number; path?: number[] }) =>
  b.path !== undefined
    ? b.from === undefined && b.to === undefined
    : b.from !== undefined && b.to !== undefined;
const message = { message: 'send either from and to, or a path' };

/** REST body of POST /api/matches/:id/moves. */
export const RestMove = z.object(fields).strict().refine(oneForm, message);
/** Socket payload of match:move. */
export const SocketMove = z
  .object({ matchId: uuid, ...fields })
  .strict()
  .refine(oneForm, message);
