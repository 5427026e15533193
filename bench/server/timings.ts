/** The server's own view of a measured window (its test API): event-loop delay, move batches. */
export interface Timings {
  loop: { p50: number; p99: number; max: number };
  batches: { n: number; moves: number; p50: number; p95: number; p99: number; max: number };
}

/** Reads and resets the server's timings (POST /api/test/timings, DAMAS_TEST_API=1). */
export async function timings(url: string): Promise<Timings> {
  const r = await fetch(`${url}/api/test/timings`, { method: 'POST' });
  if (!r.ok) throw new Error(`timings: HTTP ${r.status}`);
  return (await r.json()) as Timings;
}
