/**
 * Personal tokens this process has seen to be valid, by their hash. HTTP rate limiting gives
 * such a token its own allowance instead of its address's (many bots may share one address);
 * an unknown token counts against its address, so made-up tokens buy nothing, and every spelling
 * of one header (`bearer`, extra spaces) is the same token.
 */
import { hashSecret } from '../players/secrets.js';

const seen = new Set<string>();
/** Bounded: past this many, start over (a token is verified again on its next request). */
const MAX = 100_000;

/** The hash of the personal token in an Authorization header, or null. */
export function personalTokenHash(authorization: unknown): string | null {
  const m =
    typeof authorization === 'string' ? /^Bearer\s+(dam_\S{1,196})$/i.exec(authorization) : null;
  return m ? hashSecret(m[1]) : null;
}

export const verifiedTokens = {
  has: (hash: string): boolean => seen.has(hash),
  add(hash: string): void {
    if (seen.size >= MAX) seen.clear();
    seen.add(hash);
  },
  delete: (hash: string): boolean => seen.delete(hash),
};
