/**
 * `npm run bench:lobby [-- --quick] [--check] [--pglite]`: issue 16's lobby figures through a real
 * server process (`node dist/main.js`, PostgreSQL in a fresh schema by default, the embedded
 * PGlite with --pglite).
 *   1. W watching sockets subscribe to the lobby; S seekers make one seek each, paced, until S
 *      seeks are open. Per seek, the time from its `challenge:create` leaving the seeker to its
 *      `lobby:seek` reaching each watcher (target: p99 < 100 ms at 1,000 seeks and 1,000 watchers).
 *   2. With the lobby full and watched, takers accept seeks one after another, each taken seek made
 *      again by its seeker (the lobby stays full): the `challenge:accept` ack time (target: p99 <
 *      50 ms), and the `lobby:unseek` delivery to the watchers.
 * The watchers run in this process, beside the seekers and takers, so every time is read on one
 * clock. A browser decodes its own frames in its own process; here one process decodes a frame per
 * watcher per update, so the watchers are lean: raw WebSocket clients speaking socket.io's wire
 * format (engine.io 4 / socket.io 5) that read an event's name and the id they need without
 * parsing the rest (`--socketio-watchers`: socket.io-client ones, whose decoding here, a
 * thousand in a row, adds up to tens of ms). The pace keeps this process's event loop out of
 * the figures (it reports its own delay). --quick: 200 and 200 (a CI smoke). --two: two server
 * processes on the PostgreSQL, watchers on both, seeks made on one and accepted on the other
 * (every update crosses processes by NOTIFY for half the watchers).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { latency, loopDelay } from '../src/testing/latency.js';
import { startProc, type Proc } from '../test/cluster/procs.js';
import { freshDatabase } from './server/fresh-database.js';
import { connect, createPlayers, pool, type WireSocket } from './server/clients.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
const embedded = args.includes('--pglite');
const fullClients = args.includes('--socketio-watchers');
/** Two server processes on one PostgreSQL: watchers on both, seeks made on one, taken on the other. */
const two = args.includes('--two');
if (two && embedded) throw new Error('--two needs PostgreSQL (the embedded PGlite is one process)');
const WATCHERS = quick ? 200 : 1_000;
const SEEKS = quick ? 200 : 1_000;
const ACCEPTS = quick ? 100 : 500;
/** One seek made every PACE_MS (and one accept): the watchers' process keeps up. */
const PACE_MS = quick ? 20 : 50;
const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const fmt = (x: number, d = 2) => x.toFixed(d);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await freshDatabase('lobby', embedded, base);
const env: Record<string, string> = {
  ...database.env,
  RATE_HTTP: '1000000/1000000',
  RATE_SOCKET: '1000000/1000000',
  RATE_CONNECT: '1000000/1000000',
  RATE_CHALLENGE: '1000000/1000000',
};

const servers: Proc[] = [];
let failed = 0;
const outcome = { lost: true }; // until every delivery is counted
const sockets: WireSocket[] = [];
const closers: (() => void)[] = [];

/**
 * A lobby watcher on a bare WebSocket: engine.io's open packet (0) answered by socket.io's
 * CONNECT with the token (40{...}), pings (2) by pongs (3), then `lobby:subscribe` with ack id 0;
 * resolves once subscribed. Of each event it reads the name and one id by position.
 */
function leanWatcher(
  url: string,
  token: string,
  onSeek: (challengerId: string) => void,
  onUnseek: (id: string) => void,
): Promise<() => void> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const CHALLENGER = '"challenger":{"id":"';
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const s = data.toString();
      if (s.startsWith('42["lobby:seek"')) {
        const at = s.indexOf(CHALLENGER) + CHALLENGER.length;
        onSeek(s.slice(at, at + 36));
      } else if (s.startsWith('42["lobby:unseek"')) {
        const at = s.indexOf('"id":"') + 6;
        onUnseek(s.slice(at, at + 36));
      } else if (s === '2') ws.send('3');
      else if (s[0] === '0') ws.send(`40${JSON.stringify({ token })}`);
      else if (s.startsWith('40')) ws.send('420["lobby:subscribe",{}]');
      else if (s.startsWith('430')) {
        if (!s.includes('"ok":true')) reject(new Error(`lobby:subscribe: ${s}`));
        resolve(() => ws.close());
      } else if (s.startsWith('44')) reject(new Error(`refused: ${s}`));
    });
  });
}
try {
  servers.push(await startProc(env));
  if (two) servers.push(await startProc(env));
  const url = servers[0].url;
  // With --two: seekers on the first process, takers on the second, watchers alternating.
  const urlOf = (role: 'seek' | 'take' | 'watch', i = 0) =>
    servers[role === 'seek' ? 0 : role === 'take' ? servers.length - 1 : i % servers.length].url;
  const open = async (token: string, at = url) => {
    const s = await connect(at, token);
    sockets.push(s);
    return s;
  };
  const [watchPlayers, seekPlayers, takePlayers] = [
    await createPlayers(url, WATCHERS),
    await createPlayers(url, SEEKS),
    await createPlayers(url, ACCEPTS),
  ];
  const seekers = await pool(seekPlayers, 32, (p) => open(p.token, urlOf('seek')));
  const takers = await pool(takePlayers, 32, (p) => open(p.token, urlOf('take')));

  // Per seeker: when its current seek (or the accept that takes it) left; per seek, arrivals.
  const sentAt = new Map<string, number>();
  const seekDelivery: number[] = [];
  const unseekAt = new Map<string, number>();
  const unseekDelivery: number[] = [];
  let arrivals = 0;
  const onSeek = (challengerId: string) => {
    const t = sentAt.get(challengerId);
    if (t !== undefined) seekDelivery.push(performance.now() - t);
    arrivals++;
  };
  const onUnseek = (id: string) => {
    const t = unseekAt.get(id);
    if (t !== undefined) unseekDelivery.push(performance.now() - t);
  };
  if (fullClients) {
    const watchers = await pool(watchPlayers, 32, (p, i) => open(p.token, urlOf('watch', i)));
    for (const w of watchers) {
      w.on('lobby:seek', (seek) => onSeek(seek.challenger.id));
      w.on('lobby:unseek', ({ id }) => onUnseek(id));
      const ack = await w.emitWithAck('lobby:subscribe', {});
      if (!ack.ok) throw new Error(`lobby:subscribe: ${JSON.stringify(ack)}`);
    }
  } else {
    const lean = await pool(watchPlayers, 32, (p, i) =>
      leanWatcher(urlOf('watch', i), p.token, onSeek, onUnseek),
    );
    closers.push(...lean);
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const seekOf = new Map<number, string>(); // seeker index -> its open seek
  const terms = { public: true, clock: { initial: 180_000, increment: 2_000 } } as const;
  const seek = async (i: number) => {
    sentAt.set(seekPlayers[i].id, performance.now());
    const ack = await seekers[i].emitWithAck('challenge:create', terms);
    if (!ack.ok) throw new Error(`challenge:create: ${JSON.stringify(ack)}`);
    seekOf.set(i, ack.challenge.id);
  };

  // 1. The lobby fills, watched.
  const t0 = Date.now();
  for (let i = 0; i < SEEKS; i++) {
    const next = sleep(PACE_MS);
    await seek(i);
    await next;
  }
  const until = Date.now() + 10_000;
  while (arrivals < SEEKS * WATCHERS && Date.now() < until) await sleep(50);
  const fill = latency(seekDelivery);
  console.log(
    `${SEEKS} seeks made in ${fmt((Date.now() - t0) / 1000, 1)} s to ${WATCHERS} watchers: ${seekDelivery.length.toLocaleString('en-US')} deliveries of ${(SEEKS * WATCHERS).toLocaleString('en-US')}`,
  );
  const listed = (await (await fetch(`${url}/api/lobby/seeks`)).json()) as unknown[];
  console.log(`the lobby lists ${listed.length} seeks`);

  // 2. Accepts with the lobby full and watched; each taken seek is made again.
  seekDelivery.length = 0;
  const accepts: number[] = [];
  for (let k = 0; k < ACCEPTS; k++) {
    const next = sleep(PACE_MS);
    const i = (k * 7919) % SEEKS;
    const id = seekOf.get(i) as string;
    const t = performance.now();
    unseekAt.set(id, t);
    const ack = await takers[k].emitWithAck('challenge:accept', { challengeId: id });
    accepts.push(performance.now() - t);
    if (!ack.ok) throw new Error(`challenge:accept: ${JSON.stringify(ack)}`);
    await seek(i);
    await next;
  }
  await sleep(1_000);
  loop.disable();
  const accept = latency(accepts);
  const unseek = latency(unseekDelivery);
  const remade = latency(seekDelivery);
  const own = loopDelay(loop, 10);

  console.log(
    `\n${embedded ? 'PGlite' : 'PostgreSQL'}${two ? ', two server processes' : ''}, ${SEEKS} open seeks, ${WATCHERS} watching sockets (${fullClients ? 'socket.io-client' : 'lean'}), one seek or accept every ${PACE_MS} ms\n`,
  );
  console.log('| measure | n | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |');
  const rows = [
    ['lobby:seek reaches a watcher (filling)', fill],
    ['challenge:accept ack (lobby full)', accept],
    ['lobby:unseek reaches a watcher (after accept)', unseek],
    ['lobby:seek reaches a watcher (lobby full)', remade],
  ] as const;
  for (const [name, l] of rows)
    console.log(`| ${name} | ${l.n} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} |`);
  console.log(
    `\nthis (client) process's event-loop delay: p50 ${own.p50} ms, p99 ${own.p99} ms, max ${own.max} ms`,
  );
  const targets: [string, boolean][] = [
    ['lobby update p99 < 100 ms', fill.p99 < 100 && remade.p99 < 100 && unseek.p99 < 100],
    ['accept p99 < 50 ms', accept.p99 < 50],
  ];
  outcome.lost = fill.n !== SEEKS * WATCHERS;
  if (outcome.lost) console.log('BROKEN: not every lobby:seek reached every watcher');
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'met ' : 'MISS'} ${name}`);
    if (!ok) failed++;
  }
} finally {
  for (const s of sockets) s.close();
  for (const c of closers) c();
  await database.stop(servers);
}
if (outcome.lost || (check && failed > 0 && !quick)) process.exit(1);
