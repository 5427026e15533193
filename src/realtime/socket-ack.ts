import { Logger } from '@nestjs/common';
import { DomainError, type ErrorBody, toErrorBody } from '../common/errors.js';

const log = new Logger('Socket');

/**
 * Runs a socket handler and always produces its ack: `{ ok: true, ...result }` or the error
 * shape. Handlers never throw into socket.io, so no ack is left unanswered.
 */
export async function ack<T extends object>(
  fn: () => Promise<T> | T,
): Promise<({ ok: true } & T) | ErrorBody> {
  inflight++;
  try {
    return { ok: true, ...(await fn()) };
  } catch (e) {
    const { status, body } = toErrorBody(e);
    if (status >= 500 && !(e instanceof DomainError)) log.error(e);
    return body;
  } finally {
    inflight--;
  }
}

/** Handlers running now: a graceful shutdown waits for them before closing the database. */
let inflight = 0;

export async function drain(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}
