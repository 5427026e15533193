import { every } from '../common/every.js';
import type { TokensService } from '../tokens/tokens.service.js';
import type { NdjsonStream } from './ndjson.js';

/** How often an open stream asks whether its token still stands. */
export const TOKEN_RECHECK_MS = 60_000;

/**
 * Ends `out` once its token is revoked, even if the revocation's signal never reached this
 * process (it came while the stream was opening, or while the listener was reconnecting): the
 * token is read once now, after the stream is registered for the signal, then every minute.
 */
export function watchToken(out: NdjsonStream, tokenId: string, tokens: TokensService): void {
  const check = () =>
    tokens.isLive(tokenId).then(
      (live) => live || out.close(),
      () => undefined, // the database away: the next check asks again
    );
  const loop = every(TOKEN_RECHECK_MS, check);
  out.onClosed(() => loop.stop());
  void check();
}
