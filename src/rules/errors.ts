/**
 * Rules errors are values, not exceptions (chessops style): every fallible function returns a
 * RulesResult union (chessops' Result), so callers (REST, socket, CLI) map codes to their own error shape in one place.
 */
export type RulesErrorCode =
  | 'INVALID_FEN'
  | 'INVALID_VARIANT'
  | 'INVALID_MOVE_TEXT'
  | 'INVALID_PDN'
  | 'NO_PIECE'
  | 'ILLEGAL_MOVE'
  | 'AMBIGUOUS_MOVE';

export interface RulesError {
  readonly code: RulesErrorCode;
  readonly message: string;
}

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err = { readonly ok: false; readonly error: RulesError };
export type RulesResult<T> = Ok<T> | Err;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = (code: RulesErrorCode, message: string): Err => ({
  ok: false,
  error: { code, message },
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
