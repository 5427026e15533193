/**
 * The ONE mapping of domain errors to HTTP statuses and socket acks (docs/PROTOCOL.md, Errors).
 * Services throw DomainError; the HTTP filter and the socket ack wrapper both call toErrorBody().
 */
import type { RulesError } from '../rules/index.js';
import type { ErrorBody, ErrorCode, ErrorSubcode } from './protocol.js';

export type { ErrorBody, ErrorCode, ErrorSubcode };

export const ERROR_STATUS = {
  INVALID_PAYLOAD: 400,
  UNAUTHENTICATED: 401,
  NOT_A_PLAYER: 403,
  NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  NO_PIECE: 409,
  ILLEGAL_MOVE: 422,
  REFUSED: 422,
  AMBIGUOUS_MOVE: 422,
  MATCH_OVER: 409,
  ALREADY_QUEUED: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  ENGINE_BUSY: 503,
  USERNAME_TAKEN: 409,
  BAD_CREDENTIALS: 401,
  BAD_ORIGIN: 403,
  ACCOUNT_REQUIRED: 403,
  CHALLENGE_CLOSED: 409,
  TOO_MANY_CHALLENGES: 429,
  FORBIDDEN: 403,
  BLOCKED: 403,
  PLAYBANNED: 403,
  MUTED: 403,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Which refusal, where the code covers several: clients word it (the message is English). */
    readonly subcode?: ErrorSubcode,
    /** v1.19: when the refusal ends (epoch ms) and why, for PLAYBANNED and MUTED. */
    readonly detail?: { until?: number; reason?: string },
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A rules-engine error as the wire code it stands for. */
export function fromRulesError(e: RulesError): DomainError {
  switch (e.code) {
    case 'NO_PIECE':
    case 'ILLEGAL_MOVE':
    case 'AMBIGUOUS_MOVE':
      return new DomainError(e.code, e.message);
    default:
      return new DomainError('INVALID_PAYLOAD', e.message);
  }
}

/** Whether a client that says it speaks `protocol` ("1.13") knows v1.`minor`'s answers. */
function speaks(protocol: unknown, minor: number): boolean {
  const m = typeof protocol === 'string' ? /^1\.(\d+)$/.exec(protocol.trim()) : null;
  return m !== null && Number(m[1]) >= minor;
}

/**
 * An error body as the client's version of the contract says it: v1.13 answers REFUSED where
 * v1.12 said ILLEGAL_MOVE (with the same subcode); a client that has not said it speaks 1.13 or
 * later still gets ILLEGAL_MOVE, for one version (PROTOCOL.md, v1.13).
 */
export function asSpoken(body: ErrorBody, protocol: unknown): ErrorBody {
  if (body.error.code !== 'REFUSED' || speaks(protocol, 13)) return body;
  return { ...body, error: { ...body.error, code: 'ILLEGAL_MOVE' } };
}

/** Any thrown value as the wire error shape; never leaks stacks or SQL. */
export function toErrorBody(e: unknown): { status: number; body: ErrorBody } {
  if (e instanceof DomainError) {
    return {
      status: ERROR_STATUS[e.code],
      body: {
        ok: false,
        error: {
          code: e.code,
          message: e.message,
          ...(e.subcode && { subcode: e.subcode }),
          ...(e.detail?.until !== undefined && { until: e.detail.until }),
          ...(e.detail?.reason !== undefined && { reason: e.detail.reason }),
        },
      },
    };
  }
  const status = httpStatusOf(e);
  if (status === 413) return wrap('PAYLOAD_TOO_LARGE', 'payload too large');
  if (status === 404) return wrap('NOT_FOUND', 'no such route');
  if (status !== undefined && status >= 400 && status < 500) {
    return wrap('INVALID_PAYLOAD', 'malformed request');
  }
  return wrap('INTERNAL', 'internal error');
}

function wrap(code: ErrorCode, message: string) {
  return { status: ERROR_STATUS[code], body: { ok: false as const, error: { code, message } } };
}

function httpStatusOf(e: unknown): number | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const o = e as { getStatus?: () => number; status?: unknown; statusCode?: unknown };
  if (typeof o.getStatus === 'function') return o.getStatus();
  if (typeof o.status === 'number') return o.status;
  if (typeof o.statusCode === 'number') return o.statusCode;
  return undefined;
}
