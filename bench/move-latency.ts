/**
 * `npm run bench:move`: the latency of one move (emit -> ack, and emit -> the opponent's
 * match:move) on PGlite and on PostgreSQL (DATABASE_URL, default the local one). Server and the
 * two socket.io clients share this process; moves are played one at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  MatchState,
  ServerToClientEvents,
} from '../src/common/protocol.js';
import { configWith, type Config } from '../src/config.js';
import { Position, unwrap } from '../src/rules/index.js';

// The app runs compiled (npm run build): tsx emits no decorator metadata, which Nest's DI needs.
const { startApp } = (await import(
  new URL('../dist/app.js', import.meta.url).href
)) as typeof import('../src/app.js');

const PLIES = Number(process.env.PLIES ?? 300);

async function player(url: string, name: string) {
  const r = await fetch(`${url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await r.json()) as { id: string; token: string };
}

type WireSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function socket(url: string, token: string): Promise<WireSocket> {
  const s: WireSocket = io(url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function run(label: string, config: Config): Promise<void> {
  const app = await startApp(config, { logger: false });
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  const [a, b] = [await player(url, 'a'), await player(url, 'b')];
  const [sa, sb] = [await socket(url, a.token), await socket(url, b.token)];
  const ack: number[] = [];
  const seen: number[] = [];
  let seed = 7;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  while (ack.length < PLIES) {
    const started = new Promise<MatchState>((r) => sa.once('match:start', r));
    await sa.emitWithAck('queue:join', { variant: 'brazilian' });
    await sb.emitWithAck('queue:join', { variant: 'brazilian' });
    const m = await started;
    let pos = unwrap(Position.fromFen(m.variant, m.fen));
    for (;;) {
      const moves = pos.legalMoves();
      if (moves.length === 0 || ack.length >= PLIES) break;
      const move = moves[Math.floor(rand() * moves.length)];
      const path = move.path;
      const whiteIsA = m.white.id === a.id;
      const [mover, other] = (pos.turn === 'white') === whiteIsA ? [sa, sb] : [sb, sa];
      const t0 = performance.now();
      const arrived = new Promise<number>((r) =>
        other.once('match:move', () => r(performance.now())),
      );
      const res = await mover.emitWithAck('match:move', { matchId: m.id, path });
      ack.push(performance.now() - t0);
      seen.push((await arrived) - t0);
      if (!res.ok) throw new Error(JSON.stringify(res));
      pos = pos.play(move);
      if (res.move.turn === null) break;
    }
  }
  const f = (xs: number[]) =>
    `p50 ${pct(xs, 50).toFixed(2)} p95 ${pct(xs, 95).toFixed(2)} p99 ${pct(xs, 99).toFixed(2)} max ${Math.max(...xs).toFixed(2)} ms`;
  console.log(`${label.padEnd(9)} ${PLIES} moves  ack: ${f(ack)}  opponent: ${f(seen)}`);
  sa.close();
  sb.close();
  await app.close();
}

const dir = mkdtempSync(join(tmpdir(), 'damas-bench-'));
await run(
  'pglite',
  configWith({ port: 0, dataDir: dir, socketLimit: { capacity: 1e9, perSecond: 1e9 } }),
);
rmSync(dir, { recursive: true, force: true });
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const u = new URL(base);
u.searchParams.set('options', `-c search_path=${schema}`);
try {
  await run(
    'postgres',
    configWith({
      port: 0,
      databaseUrl: u.toString(),
      socketLimit: { capacity: 1e9, perSecond: 1e9 },
    }),
  );
} finally {
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
process.exit(0);
