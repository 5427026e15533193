import type { PairingInput, PairingResult } from './types.js';

/**
 * A round paired keeping blocked pairs apart (`input.forbidden`, as if they had met) while a
 * pairing exists that way; when none does (a small event, late rounds), paired as if nobody had
 * blocked anybody: a block must never end an event for everyone. `pair` is the Dutch pairing
 * (in a worker, on the server).
 */
export async function pairKeepingApart(
  input: PairingInput,
  pair: (input: PairingInput) => PairingResult | Promise<PairingResult>,
): Promise<PairingResult> {
  const kept = await pair(input);
  if (kept.ok || !input.forbidden?.length) return kept;
  return pair({ ...input, forbidden: undefined });
}
