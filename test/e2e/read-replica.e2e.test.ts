/**
 * The read replica (DATABASE_READ_URL) against a real streaming standby of the test PostgreSQL
 * (test/standby.ts: pg_basebackup, PostgreSQL's own replication). The standby's replay is paused
 * while a rated game ends, so which database answered shows: a guest's view of a player (the
 * replica's) does not have the game yet, the player's own view (the primary's) does. Without a
 * replica every read is the primary's.
 */
import { ReadSide } from '../../src/persistence/read-side.js';
import { startStandby, type Standby } from '../standby.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  startServer,
  usingPostgres,
  type Client,
  type Server,
} from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BLITZ = { initial: 180_000, increment: 2_000 };
let n = 0;

/** Two accounts' rated game, white resigning: the winner, the loser and the game's id. */
async function ratedGame(server: Server, beforeEnd: () => Promise<void> = async () => {}) {
  const tag = `${Date.now() % 100000}_${++n}`;
  const [a, b] = [await newAccount(server, `rr_a${tag}`), await newAccount(server, `rr_b${tag}`)];
  const clients: Client[] = [await connect(server, a.token), await connect(server, b.token)];
  for (const c of clients)
    expectOk(await c.emit('queue:join', { variant: 'english', clock: BLITZ, rated: true }));
  const [start] = await Promise.all(clients.map((c) => c.next('match:start')));
  await beforeEnd();
  const white = start.white.id === a.id ? 0 : 1;
  expectOk(await clients[white].emit('match:resign', { matchId: start.id }));
  await clients[0].next('match:end');
  for (const c of clients) c.close();
  const [winner, loser] = white === 0 ? [b, a] : [a, b];
  return { winner, loser, id: start.id as string };
}

const pool = (body: { ratings: { variant: string; speed: string; games: number }[] }) =>
  body.ratings.find((r) => r.variant === 'english' && r.speed === 'blitz');

if (usingPostgres()) {
  describe('with a streaming standby as DATABASE_READ_URL', () => {
    let standby: Standby | null;
    let server: Server;
    beforeAll(async () => {
      standby = await startStandby(process.env.DATABASE_URL!);
      // A lag bound far above what a loaded machine takes for the paused test's requests.
      server = await startServer({
        databaseReadUrl: standby.url,
        replicaProbeMs: 100,
        replicaMaxLagMs: 120_000,
      });
      // pg_basebackup copies the whole cluster: on a machine with big databases it takes a while.
    }, 180_000);
    afterAll(async () => {
      await server?.destroy();
      await standby?.stop();
    });

    test("a guest's reads lag on the standby; the player's own profile, games and rating history come from the primary", async () => {
      expect(server.app.get(ReadSide).replicated).toBe(true);
      const { winner, id } = await ratedGame(server, async () => {
        await standby!.caughtUp(); // the accounts are there
        await standby!.pause(); // the game's end is not
      });
      const name = winner.username;
      const guest = await http(server, 'GET', `/api/users/${name}`);
      expect(guest.status).toBe(200);
      expect(guest.body.count.games).toBe(0);
      expect(pool(guest.body)).toBeUndefined();
      const own = await http(server, 'GET', `/api/users/${name}`, undefined, winner.token);
      expect(own.body.count.games).toBe(1);
      expect(pool(own.body)).toMatchObject({ games: 1 });

      const games = (token?: string) =>
        http(server, 'GET', `/api/users/${name}/games`, undefined, token);
      expect((await games()).body.games).toEqual([]);
      expect((await games(winner.token)).body.games.map((g: { id: string }) => g.id)).toEqual([id]);

      const history = (token?: string) =>
        http(
          server,
          'GET',
          `/api/users/${name}/rating-history?variant=english&speed=blitz`,
          undefined,
          token,
        );
      expect((await history()).body).toEqual([]);
      expect((await history(winner.token)).body).toHaveLength(1);
      // Another's view of this player (signed in, not the player): the standby's.
      const other = await newAccount(server, `rr_o${Date.now() % 100000}_${++n}`);
      expect(
        (await http(server, 'GET', `/api/users/${name}`, undefined, other.token)).body.count.games,
      ).toBe(0);
      expect((await http(server, 'GET', '/api/leaderboard/english/blitz')).status).toBe(200);
      // The other lagging reads answer from the standby too.
      for (const path of ['/api/explorer/lichess?variant=english', '/api/tv/channels'])
        expect([path, (await http(server, 'GET', path)).status]).toEqual([path, 200]);
      const puzzle = await http(server, 'GET', '/api/puzzle/next?variant=english');
      expect([puzzle.status, puzzle.body.error.code]).toEqual([404, 'NOT_FOUND']);
      // An arena made now is in the list once the standby has it.
      const made = await http(
        server,
        'POST',
        '/api/tournament',
        {
          variant: 'russian',
          clock: { initial: 180_000, increment: 2000 },
          minutes: 30,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        other.token,
      );
      expect(made.status).toBe(201);
      const listed = async () =>
        ((await http(server, 'GET', '/api/tournament')).body.created as { id: string }[]).some(
          (t) => t.id === made.body.id,
        );
      expect(await listed()).toBe(false);

      await standby!.resume();
      await standby!.caughtUp();
      const later = await http(server, 'GET', `/api/users/${name}`);
      expect(later.body.count.games).toBe(1);
      expect(pool(later.body)).toEqual(pool(own.body));
      expect((await games()).body.games.map((g: { id: string }) => g.id)).toEqual([id]);
      expect(await listed()).toBe(true);
    });

    test('a standby further behind than REPLICA_MAX_LAG_MS is not read until it has caught up', async () => {
      const strict = await startServer({
        databaseReadUrl: standby!.url,
        replicaProbeMs: 100,
        replicaMaxLagMs: 300,
      });
      const reads = strict.app.get(ReadSide);
      const until = async (want: boolean) => {
        const end = Date.now() + 10_000;
        while (reads.replicated !== want && Date.now() < end) await sleep(50);
        expect(reads.replicated).toBe(want);
      };
      try {
        await until(true);
        await standby!.pause();
        // The primary goes on writing (sign-ups) while the standby replays nothing.
        let last = await newAccount(strict, `rr_l${Date.now() % 100000}_${++n}`);
        const end = Date.now() + 10_000;
        while (reads.replicated && Date.now() < end) {
          last = await newAccount(strict, `rr_l${Date.now() % 100000}_${++n}`);
          await sleep(50);
        }
        await until(false);
        // A guest is served by the primary now: the newest account is there.
        expect((await http(strict, 'GET', `/api/users/${last.username}`)).status).toBe(200);
        await standby!.resume();
        await until(true);
      } finally {
        await standby!.resume();
        await strict.destroy();
      }
    });

    test('the standby stops: within a probe the lagging reads go to the primary, and no page fails after', async () => {
      const { winner } = await ratedGame(server);
      await standby!.stop();
      standby = null;
      const reads = server.app.get(ReadSide);
      const until = Date.now() + 10_000;
      while (reads.replicated && Date.now() < until) await sleep(50);
      expect(reads.replicated).toBe(false);
      for (let i = 0; i < 5; i++) {
        const r = await http(server, 'GET', `/api/users/${winner.username}`);
        expect(r.status).toBe(200);
        expect(r.body.count.games).toBe(1); // the primary's, not a stale copy
      }
    });
  });
}

describe('without DATABASE_READ_URL', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.destroy();
  });

  test("every read is the primary's: a guest sees the game that just ended and the new rating", async () => {
    expect(server.app.get(ReadSide).replicated).toBe(false);
    const { loser } = await ratedGame(server);
    const guest = await http(server, 'GET', `/api/users/${loser.username}`);
    expect(guest.body.count).toMatchObject({ games: 1, losses: 1 });
    expect(pool(guest.body)).toMatchObject({ games: 1 });
  });
});
