/**
 * `npm run bench:analysis [-- --quick] [--check] [--pglite]`: issue 18's game analysis through a
 * real server process (`node dist/main.js`, default ENGINE_THREADS = cores - 1; PostgreSQL in a
 * fresh schema, or the embedded PGlite with --pglite).
 *
 * For brazilian (8x8) and international (10x10): a 100-ply game of random legal moves (seeded;
 * one that the rules do not end before ply 100) is played through the server and resigned, then
 * `POST /api/matches/:id/analysis` and `GET` every 50 ms until it is done. Measured: the time from
 * the POST to done (goals: 8x8 <= 10 s, 10x10 <= 20 s), positions per second, the engine's depth
 * per position and, as a peer in the same run, the pool's own nodes searched per s (the pool speed).
 * --quick: 20-ply games (CI: checks that it completes and marks every move). --check: exit 1 on
 * a missed goal (full size) or a failed run.
 */
import { advance, outcome, Position, startProgress, type VariantId } from '../src/rules/index.js';
import type { GameAnalysis } from '../src/common/protocol.js';
import { startProc, type Proc } from '../test/cluster/procs.js';
import { connect, createPlayers } from './server/clients.js';
import { freshDatabase } from './server/fresh-database.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
const embedded = args.includes('--pglite');
const PLIES = quick ? 20 : 100;
const GOALS: [VariantId, number][] = [
  ['brazilian', 10_000],
  ['international', 20_000],
];

/** A seeded random game the rules do not end before `plies` plies: its moves' paths. */
function randomGame(variant: VariantId, plies: number): number[][] {
  for (let seed = 1; ; seed++) {
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let game = startProgress(Position.initial(variant));
    const paths: number[][] = [];
    while (paths.length < plies && outcome(game) === null) {
      const moves = game.position.legalMoves();
      const m = moves[Math.floor(rand() * moves.length)];
      paths.push([...m.path]);
      game = advance(game, m);
    }
    if (paths.length === plies && outcome(game) === null) return paths;
  }
}

async function call(url: string, method: string, path: string, body?: unknown, token?: string) {
  const r = await fetch(url + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as Record<string, unknown>;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

const database = await freshDatabase('analysis', embedded);
let server: Proc | null = null;
let failed = false;
try {
  server = await startProc({ ...database.env, DAMAS_TEST_API: '1', RATE_HTTP: '1000000/1000000' });
  const url = server.url;
  const [white, black] = await createPlayers(url, 2);
  const rows: string[] = [];
  for (const [variant, goalMs] of GOALS) {
    const paths = randomGame(variant, PLIES);
    const match = await call(url, 'POST', '/api/test/matches', {
      variant,
      whiteId: white.id,
      blackId: black.id,
    });
    const id = match.id as string;
    for (const [i, path] of paths.entries())
      await call(url, 'POST', `/api/matches/${id}/moves`, { path }, (i % 2 ? black : white).token);
    const socket = await connect(url, white.token);
    await socket.emitWithAck('match:resign', { matchId: id });
    socket.close();
    const status = (await call(url, 'GET', '/api/engine/status')) as { threads?: number };
    const t0 = performance.now();
    await call(url, 'POST', `/api/matches/${id}/analysis`);
    let a: GameAnalysis;
    for (;;) {
      a = (await call(url, 'GET', `/api/matches/${id}/analysis`)) as unknown as GameAnalysis;
      if (a.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - t0;
    const marked = a.positions.filter((p) => p.move !== undefined && p.loss !== undefined).length;
    const ok = a.status === 'done' && a.positions.length === PLIES + 1 && marked === PLIES;
    if (!ok) failed = true;
    const depths = a.positions.map((p) => p.depth).sort((x, y) => x - y);
    const nodes = a.positions.reduce((n, p) => n + p.nodes, 0);
    const met = ms <= goalMs;
    if (!met && !quick) failed = true;
    const s = a.summary;
    rows.push(
      `| ${variant} | ${PLIES} | ${a.budget.nodes.toLocaleString('en-US')} | ${status.threads ?? '?'} | **${(ms / 1000).toFixed(2)} s** | ${((PLIES + 1) / (ms / 1000)).toFixed(1)} | ${depths[Math.floor(depths.length / 2)]} (${depths[0]}-${depths[depths.length - 1]}) | ${(((nodes / ms) * 1000) / 1e6).toFixed(2)} M | ${s ? `${s.white.inaccuracies}/${s.white.mistakes}/${s.white.blunders}, ${s.black.inaccuracies}/${s.black.mistakes}/${s.black.blunders}` : '-'} | ${quick ? '-' : met ? `met (<= ${goalMs / 1000} s)` : `MISS (goal ${goalMs / 1000} s)`} |`,
    );
    if (!ok)
      console.error(`${variant}: ${a.status}, ${a.positions.length} positions, ${marked} marked`);
  }
  console.log(
    `\nGame analysis, ${embedded ? 'PGlite' : 'PostgreSQL'}; ${PLIES}-ply random games, resigned\n`,
  );
  console.log(
    '| variant | plies | nodes per position | engine threads | POST -> done | positions / s | depth median (min-max) | nodes searched per s (the pool speed) | marks W, B (inacc/mist/blund) | goal |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await database.stop([server]);
}
if (check && failed) process.exit(1);
process.exit(0);
