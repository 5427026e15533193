import { Logger } from '@nestjs/common';
import { DomainError, type ErrorBody, toErrorBody } from './errors.js';

const log = new Logger('Socket');

/**
 * Runs a socket handler and always produces its ack: `{ ok: true, ...result }` or the error
 * shape. Handlers never throw into socket.io, so no ack is left unanswered.
 */
export async function ack<T extends object>(
  fn: () => Promise<T> | T,
): Promise<({ ok: true } & T) | ErrorBody> {
  try {
    return { ok: true, ...(await fn()) };
  } catch (e) {
    const { status, body } = toErrorBody(e);
    if (status >= 500 && !(e instanceof DomainError)) log.error(e);
    return body;
  }
}
