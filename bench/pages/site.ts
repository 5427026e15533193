/**
 * The built site for the page benches (bench:bundle, bench:lighthouse): `node dist/main.js` on a
 * fresh embedded database (a temp DATA_DIR, the test API on), and the pages they load made
 * through the API: a live game, a finished one on an account's profile, an arena.
 */
import { existsSync } from 'node:fs';
import { startProc, type Proc } from '../../test/cluster/procs.js';
import { connect, expectOk, http } from '../../test/e2e/harness.js';
import { freshDatabase } from '../server/fresh-database.js';

export interface Site {
  url: string;
  proc: Proc;
  stop(): Promise<void>;
}

export async function startBuiltSite(name: string): Promise<Site> {
  if (!existsSync('dist/main.js') || !existsSync('dist/client/index.html'))
    throw new Error('no build: run `npm run build` first');
  const database = await freshDatabase(name, true);
  const proc = await startProc({
    ...database.env,
    DAMAS_TEST_API: '1',
    NODE_ENV: 'development',
    ARENA_SCHEDULE: '0',
    RATE_HTTP: '1000000/1000000',
    RATE_ACCOUNTS: '1000/1000',
  });
  return { url: proc.url, proc, stop: () => database.stop([proc]) };
}

export interface Pages {
  /** The paths of the pages, by name. */
  paths: Record<
    'lobby' | 'game' | 'replay' | 'analysis' | 'profile' | 'tournaments' | 'tournament',
    string
  >;
  /** Closes the sockets that keep the live game's players online. */
  close(): void;
}

async function account(url: string, username: string) {
  const r = await http({ url }, 'POST', '/api/accounts', { username, password: 'correct horse' });
  if (r.status !== 201) throw new Error(`POST /api/accounts: ${r.status} ${r.text}`);
  return { id: r.body.id as string, token: r.body.token as string, username };
}

async function testMatch(url: string, whiteId: string, blackId: string): Promise<string> {
  const r = await http({ url }, 'POST', '/api/test/matches', {
    variant: 'international',
    whiteId,
    blackId,
  });
  if (r.status !== 201) throw new Error(`POST /api/test/matches: ${r.status} ${r.text}`);
  return r.body.id as string;
}

/** Makes what the pages show: a live game, a finished game of Ada's, an arena. */
export async function preparePages(url: string): Promise<Pages> {
  const ada = await account(url, 'Ada_bench');
  const ben = await account(url, 'Ben_bench');
  // A finished game: two moves, then Ben resigns. Ada's profile lists it.
  const finished = await testMatch(url, ada.id, ben.id);
  for (const [path, who] of [
    [[32, 28], ada],
    [[19, 23], ben],
  ] as const) {
    const r = await http({ url }, 'POST', `/api/matches/${finished}/moves`, { path }, who.token);
    if (r.status !== 201) throw new Error(`move: ${r.status} ${r.text}`);
  }
  const c = await connect({ url }, ben.token);
  expectOk(await c.emit('match:resign', { matchId: finished }));
  c.close();
  // A live game between the two, both online, a move played.
  const live = await testMatch(url, ada.id, ben.id);
  const r = await http(
    { url },
    'POST',
    `/api/matches/${live}/moves`,
    { path: [33, 28] },
    ada.token,
  );
  if (r.status !== 201) throw new Error(`move: ${r.status} ${r.text}`);
  const online = [await connect({ url }, ada.token), await connect({ url }, ben.token)];
  const arena = await http(
    { url },
    'POST',
    '/api/tournament',
    {
      name: 'Bench Arena',
      variant: 'international',
      clock: { initial: 180_000, increment: 2000 },
      minutes: 60,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      rated: false,
    },
    ada.token,
  );
  if (arena.status !== 201) throw new Error(`POST /api/tournament: ${arena.status} ${arena.text}`);
  return {
    paths: {
      lobby: '/',
      game: `/game/${live}`,
      replay: `/game/${finished}`,
      analysis: '/analysis/international',
      profile: `/@/${ada.username}`,
      tournaments: '/tournaments',
      tournament: `/tournament/${arena.body.id}`,
    },
    close: () => online.forEach((s) => s.close()),
  };
}
