/**
 * Errors as the client meets them: WireError carries a code of the wire contract
 * (src/common/protocol.ts) and, where one code covers several refusals, its subcode. explain()
 * says them to a person in the page's language: a subcode by its own words (`refusal.<SUB>`),
 * else the code's (`error.<CODE>`). The server's message is English: it follows the code's words
 * only on an English page, where it says what exactly was wrong. A code or subcode added to the
 * contract without its words fails `npm run typecheck`.
 */
import type { ErrorCode, ErrorSubcode } from '../../../src/common/protocol.js';
import { language, t, type Key } from './i18n/index.js';
import { en } from './i18n/en.js';

export class WireError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly subcode?: ErrorSubcode,
    /** v1.19: when the refusal ends (epoch ms) and why (PLAYBANNED, MUTED). */
    readonly detail: { until?: number; reason?: string } = {},
  ) {
    super(message);
  }
}

// Every subcode of the contract has its words: the typecheck fails on one without.
const SUBCODES = en.refusal satisfies Record<ErrorSubcode, string>;

const text = (code: ErrorCode): string => t(`error.${code}` satisfies Key);

/** A code read off the wire; a missing one, or one this client does not know, is INTERNAL. */
export function toErrorCode(code: unknown): ErrorCode {
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) && Object.hasOwn(en.error, code)
    ? (code as ErrorCode)
    : 'INTERNAL';
}

const toSubcode = (s: unknown): ErrorSubcode | undefined =>
  typeof s === 'string' && Object.hasOwn(SUBCODES, s) ? (s as ErrorSubcode) : undefined;

/**
 * The error of an error answer (an ack's or an HTTP body's `error`); `missing`: the code when the
 * answer has none.
 */
export function wireError(error: unknown, missing: ErrorCode = 'INTERNAL'): WireError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return new WireError(
    e.code === undefined ? missing : toErrorCode(e.code),
    typeof e.message === 'string' ? e.message : 'error',
    toSubcode(e.subcode),
    {
      ...(typeof e.until === 'number' && { until: e.until }),
      ...(typeof e.reason === 'string' && { reason: e.reason }),
    },
  );
}

const DETAILED = new Set<ErrorCode>(['ILLEGAL_MOVE', 'NOT_FOUND', 'INVALID_PAYLOAD']);

/** What to tell a person about a failed action. */
export function explain(e: unknown): string {
  if (!(e instanceof WireError)) return t('error.unreachable');
  if (e.subcode) return t(`refusal.${e.subcode}` satisfies Key);
  // These say what exactly was wrong or missing: the server's (English) words follow in English.
  return DETAILED.has(e.code) && language() === 'en' && e.message !== 'error'
    ? t('error.detailed', { text: text(e.code), detail: e.message })
    : text(e.code);
}
