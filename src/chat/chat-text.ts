/** What a chat line may hold, checked at the edge (socket and Bot API alike). */
import { z } from 'zod';
import { CHAT_MAX, CHAT_ROOMS } from '../common/protocol.js';

/**
 * Trimmed, 1 to CHAT_MAX characters (code points), no control or format characters (bidi
 * overrides could turn the line around) but those emoji are made of: the zero-width joiner and
 * the tag characters of subdivision flags.
 */
export const chatText = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, 'the line is empty')
      .refine((s) => [...s].length <= CHAT_MAX, `a line has at most ${CHAT_MAX} characters`)
      .refine(
        (s) => !/[\p{Cc}\p{Co}\p{Cs}]|(?![\u200d\u{e0020}-\u{e007f}])\p{Cf}/u.test(s),
        'a line must be printable',
      ),
  );

export const chatRoom = z.enum(CHAT_ROOMS);
