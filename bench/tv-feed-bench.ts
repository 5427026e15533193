/**
 * `npx tsx bench/tv-feed-bench.ts [--feeds 500] [--moves 20]`: TV's fan-out. One process (PGlite),
 * `--feeds` NDJSON feeds of the best channel open at once, then
 * a featured game played move by move over REST: for each move, the time from its answer until
 * the last feed has its `fen` line. Each move's REST answer is timed as the peer. Needs
 * `npm run build`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configWith } from '../src/config.js';
import { Position } from '../src/rules/index.js';
import { http, newPlayer } from '../test/e2e/harness.js';
import { openNdjson } from '../test/e2e/ndjson.js';

// The built app (`npm run build`): tsx does not emit the decorators' metadata Nest injects by.
const { startApp } = (await import(
  new URL('../dist/app.js', import.meta.url).href
)) as typeof import('../src/app.js');

const args = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : d;
};
const FEEDS = arg('feeds', 500);
const MOVES = arg('moves', 20);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const dir = mkdtempSync(join(tmpdir(), 'damas-tv-bench-'));
const app = await startApp(
  configWith({
    port: 0,
    dataDir: dir,
    testApi: true,
    puzzleDir: '',
    httpLimit: { capacity: 1e9, perSecond: 1e9 },
  }),
  { logger: false },
);
const server = {
  url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`,
};
try {
  const [w, b] = [await newPlayer(server, 'wes'), await newPlayer(server, 'bel')];
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'international',
    whiteId: w.id,
    blackId: b.id,
    clock: { initial: 600_000, increment: 0 },
  });
  const id = made.body.id as string;
  const feeds = await Promise.all(
    Array.from({ length: FEEDS }, () => openNdjson(`${server.url}/api/tv/feed`)),
  );
  await Promise.all(feeds.map((f) => f.next((l) => l.t === 'featured' && l.d.id === id, 60_000)));
  let pos = Position.initial('international');
  const fanout: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    const m = pos.legalMoves()[0];
    const t0 = performance.now();
    const r = await http(
      server,
      'POST',
      `/api/matches/${id}/moves`,
      { path: m.path },
      (pos.turn === 'white' ? w : b).token,
    );
    const t1 = performance.now();
    if (r.status !== 201) throw new Error(r.text);
    pos = pos.play(m);
    const fen = pos.fen;
    await Promise.all(feeds.map((f) => f.next((l) => l.t === 'fen' && l.d.fen === fen, 60_000)));
    fanout.push(performance.now() - t1);
    rest.push(t1 - t0);
  }
  for (const f of feeds) f.close();
  const line = (name: string, xs: number[]) =>
    `${name}: p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`${FEEDS} feeds, ${MOVES} moves, PGlite`);
  console.log(line('move answered -> the last feed has its fen line', fanout));
  console.log(line('peer: the move (REST) answered', rest));
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
