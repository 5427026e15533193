/**
 * A Swiss round's Dutch pairing in a worker thread: a big event's pairing takes seconds of CPU,
 * which must not stall the server's event loop (moves, clocks, sockets). One thread, made when a
 * round is paired and let go when idle (rounds are minutes apart).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PairingInput, PairingResult } from './swiss/types.js';

/** The compiled worker next to this file, or (tests, tsx) the TypeScript one through tsx. */
function workerFile(): { filename: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./swiss-pairing.worker.js', import.meta.url));
  if (existsSync(js)) return { filename: js, execArgv: [] };
  const ts = fileURLToPath(new URL('./swiss-pairing.worker.ts', import.meta.url));
  return { filename: ts, execArgv: ['--import', 'tsx'] };
}

let pool: Piscina<PairingInput, PairingResult> | null = null;

export function pairInWorker(input: PairingInput): Promise<PairingResult> {
  pool ??= new Piscina({ ...workerFile(), minThreads: 0, maxThreads: 1, idleTimeout: 5_000 });
  return pool.run(input);
}

/** Lets the thread go (the app's shutdown). */
export async function closePairing(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
