/**
 * Rules errors are values, not exceptions (chessops style): every fallible function returns a
 * RulesResult union (chessops' Result), so callers (REST, socket, CLI) map codes to their own error shape in one place.
 */
import type { Color, VariantId } from './types.js';

export type RulesErrorCode =
  | 'INVALID_FEN'
  | 'INVALID_VARIANT'
  | 'INVALID_MOVE_TEXT'
  | 'INVALID_PDN'
  | 'NO_PIECE'
  | 'ILLEGAL_MOVE'
  | 'AMBIGUOUS_MOVE';

/**
 * What went wrong, for a person: a key and its values, which a client words in its own language
 * (the message is English: logs, the wire, tests). Given where a person meets the error: a FEN, a
 * set-up position, a PDN file.
 */
export type RulesReason =
  | { readonly key: 'fenShape' }
  | { readonly key: 'crowned'; readonly color: Color; readonly square: number }
  | { readonly key: 'noPieces'; readonly color: Color }
  | { readonly key: 'cannotMove' }
  | { readonly key: 'pdnLine'; readonly line: number }
  | {
      readonly key: 'pdnMove';
      readonly line: number;
      /** As a book numbers it: "2." or "2...". */
      readonly move: string;
      readonly text: string;
      readonly code: RulesErrorCode;
      /** The legal moves the text may mean (a capture written in part, or ambiguous), routes written out. */
      readonly legal?: readonly string[];
      /** Another variant whose rules read the game's moves further: the variant they fit. */
      readonly fits?: VariantId;
    }
  | { readonly key: 'pdnVariant' }
  | { readonly key: 'pdnFen' }
  | { readonly key: 'pdnTooLarge' }
  | { readonly key: 'pdnUnclosed' };

export interface RulesError {
  readonly code: RulesErrorCode;
  readonly message: string;
  readonly reason?: RulesReason;
}

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err = { readonly ok: false; readonly error: RulesError };
export type RulesResult<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = (code: RulesErrorCode, message: string, reason?: RulesReason): Err => ({
  ok: false,
  error: reason ? { code, message, reason } : { code, message },
});

/** For tests, scripts and trusted input: unwrap or throw a typed error object. */
export class RulesException extends Error {
  constructor(readonly error: RulesError) {
    super(`${error.code}: ${error.message}`);
    this.name = 'RulesException';
  }
}

export function unwrap<T>(o: RulesResult<T>): T {
  if (!o.ok) throw new RulesException(o.error);
  return o.value;
}
