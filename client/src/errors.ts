/**
 * Errors as the client meets them: WireError carries a code of the wire contract
 * (src/common/protocol.ts), and explain() says each code to a person, in the page's language
 * (the server's own message, English, follows only where it says what exactly was wrong). Each
 * code's words are `error.<CODE>` in i18n/en.ts: a code added to the contract without them fails
 * `npm run typecheck`.
 */
import type { ErrorCode } from '../../src/common/protocol.js';
import { t, type Key } from './i18n/index.js';
import { en } from './i18n/en.js';

export class WireError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const text = (code: ErrorCode): string => t(`error.${code}` satisfies Key);

/** A code read off the wire; a missing one, or one this client does not know, is INTERNAL. */
export function toErrorCode(code: unknown): ErrorCode {
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) && Object.hasOwn(en.error, code)
    ? (code as ErrorCode)
    : 'INTERNAL';
}

const DETAILED = new Set<ErrorCode>(['ILLEGAL_MOVE', 'NOT_FOUND', 'INVALID_PAYLOAD']);

/** What to tell a person about a failed action. */
export function explain(e: unknown): string {
  if (!(e instanceof WireError)) return t('error.unreachable');
  // These say what exactly was wrong or missing: the server's words follow.
  return DETAILED.has(e.code)
    ? t('error.detailed', { text: text(e.code), detail: e.message })
    : text(e.code);
}
