/** A worker thread's task: one Swiss round's Dutch pairing (CPU work, off the event loop). */
import { pairDutch } from './swiss/dutch.js';
import type { PairingInput, PairingResult } from './swiss/types.js';

export default function pair(input: PairingInput): PairingResult {
  return pairDutch(input);
}
