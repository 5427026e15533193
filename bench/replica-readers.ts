/**
 * The readers of `npm run bench:replica`: a process of its own (not the load generator's, whose
 * move timings they would distort) running a closed loop of `concurrency` guest readers over
 * HTTP. Each reader, again and again, picks a random seeded account pN and reads what a visitor
 * of its page reads: the profile, the first page of its games, a later page by the cursor, its
 * english blitz rating history, the english blitz leaderboard. No credentials: every read is a
 * guest's, so the server may send it to the standby.
 *
 * Started with a JSON job in argv[2]; reads from the start (warming the server and the
 * database). IPC: "measure" starts the window, "stop" ends it: the process prints one JSON line
 * (reads per second in the window, latency overall and per kind, non-200 answers) and exits.
 */
import { latency, type Latency } from '../src/testing/latency.js';

export interface ReadersJob {
  url: string;
  /** Seeded accounts p1..pN. */
  players: number;
  concurrency: number;
}

export type ReadKind = 'profile' | 'games' | 'games-later' | 'rating-history' | 'leaderboard';

export interface ReadersResult {
  concurrency: number;
  reads: number;
  seconds: number;
  readsPerSecond: number;
  latency: Latency;
  byKind: Record<ReadKind, Latency>;
  /** Reads in the window answered with something else than 200, by status (or "FAILED"). */
  errors: Record<string, number>;
  /** Reads over the whole run (warm-up included) answered 200. */
  okTotal: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ReadersJob;
const samples: Record<ReadKind, number[]> = {
  profile: [],
  games: [],
  'games-later': [],
  'rating-history': [],
  leaderboard: [],
};
const errors: Record<string, number> = {};
let measuring = false;
let stopping = false;
let okTotal = 0;

/** One read: its time (ms) in the window's samples; the body when it answered 200. */
async function read(kind: ReadKind, path: string): Promise<unknown> {
  const t0 = performance.now();
  let status = 'FAILED';
  let body: unknown = null;
  try {
    const r = await fetch(`${job.url}${path}`);
    status = String(r.status);
    body = r.ok ? await r.json() : await r.arrayBuffer();
  } catch {
    // counted below; a server gone must not make this a busy loop
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - t0;
  if (status === '200') okTotal++;
  if (measuring) {
    if (status === '200') samples[kind].push(ms);
    else errors[status] = (errors[status] ?? 0) + 1;
  }
  return status === '200' ? body : null;
}

async function reader(seed: number): Promise<void> {
  let s = seed;
  const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  while (!stopping) {
    const name = `p${1 + Math.floor(rand() * job.players)}`;
    await read('profile', `/api/users/${name}`);
    const page = (await read('games', `/api/users/${name}/games`)) as { next: string | null };
    if (page?.next)
      await read('games-later', `/api/users/${name}/games?cursor=${encodeURIComponent(page.next)}`);
    await read('rating-history', `/api/users/${name}/rating-history?variant=english&speed=blitz`);
    await read('leaderboard', '/api/leaderboard/english/blitz');
  }
}

let t0 = 0;
const loops = Array.from({ length: job.concurrency }, (_, i) => reader(i + 1));
process.on('message', (msg: string) => {
  if (msg === 'measure') {
    measuring = true;
    t0 = performance.now();
    return;
  }
  if (msg !== 'stop') return;
  const seconds = (performance.now() - t0) / 1000;
  measuring = false;
  stopping = true;
  const all = Object.values(samples).flat();
  const result: ReadersResult = {
    concurrency: job.concurrency,
    reads: all.length,
    seconds: Math.round(seconds * 100) / 100,
    readsPerSecond: Math.round(all.length / seconds),
    latency: latency(all),
    byKind: Object.fromEntries(
      Object.entries(samples).map(([k, xs]) => [k, latency(xs)]),
    ) as Record<ReadKind, Latency>,
    errors,
    okTotal,
  };
  void Promise.all(loops).then(() =>
    // A pipe is written asynchronously: exit only once the line is out.
    process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0)),
  );
});
// The runner gone (killed, crashed): no reader outlives it.
process.on('disconnect', () => process.exit(1));
process.send?.({ ready: true });
