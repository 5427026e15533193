/**
 * Issue 36: with REDIS_URL, the cross-process events go by Redis after the commit, and the move
 * path has no NOTIFY. Two server processes on one PostgreSQL (two apps on one schema), each
 * player on its own, and a Redis of the test's own (a redis-server on a free port, so it can be
 * stopped and started again without touching anyone else's):
 *   - every move is heard across processes, and no move goes by NOTIFY;
 *   - a publish lost after its commit (the process "died" between the two) still reaches the
 *     other process's sockets, from the database (RoomSync);
 *   - the same for a Board API game stream on the other process (no socket of the game there);
 *   - Redis restarted mid-game: the processes reconnect by themselves and the game goes on.
 * And without Redis: a move NOTIFYed while a process's listener was away (its connection cut)
 * reaches that process's sockets once the listener is back, from the database; and a move
 * NOTIFYed after a later one was told there (the failover race) does not reach its sockets again,
 * while a lost takeback's new line, late to a room, still gets the room restated (with Redis).
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { announcement } from '../../src/realtime/announcement.js';
import { ClusterBus } from '../../src/realtime/cluster-bus.js';
import { freePort, startRedis, stopRedis } from '../redis-server.js';
import { openNdjson } from './ndjson.js';
import { RoomSync } from '../../src/matches/room-sync.js';
import { Position, unwrap, type Move } from '../../src/rules/index.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  newPlayer,
  startServer,
  usingPostgres,
  type Client,
  type Server,
} from './harness.js';

test('without REDIS_URL the NOTIFY path stays; on the embedded database REDIS_URL changes nothing', async () => {
  // PostgreSQL: no Redis asked for, the moves NOTIFY. PGlite: one process, no bus at all.
  const server = await startServer(usingPostgres() ? {} : { redisUrl: 'redis://127.0.0.1:6379' });
  try {
    const bus = server.app.get(ClusterBus);
    expect(bus.byRedis).toBe(false);
    expect(bus.clustered).toBe(usingPostgres());
    expect(bus.moveChannel !== null).toBe(usingPostgres());
  } finally {
    await server.destroy();
  }
});

if (usingPostgres())
  describe('two processes with Redis', () => {
    let redis: ChildProcess;
    let redisPort: number;
    let one: Server;
    let two: Server;
    let listener: pg.Client;
    const notified: string[] = [];

    beforeAll(async () => {
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      one = await startServer({ redisUrl: `redis://127.0.0.1:${redisPort}`, roomSyncMs: 200 });
      two = await one.another();
      // Whatever still goes by NOTIFY on the events' channel (commit-order notices only).
      const bus = one.app.get(ClusterBus) as unknown as { channel: string };
      listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await listener.connect();
      listener.on('notification', (m) => notified.push(m.payload ?? ''));
      await listener.query(`LISTEN "${bus.channel}"`);
    }, 60_000);

    afterAll(async () => {
      await listener?.end();
      await one?.destroy();
      await stopRedis(redis);
    });

    /** A game with its white player's socket on `one` and its black player's on `two`. */
    async function crossGame() {
      for (;;) {
        const [a, b] = [await newPlayer(one, 'ann'), await newPlayer(two, 'bob')];
        const [ca, cb] = [await connect(one, a.token), await connect(two, b.token)];
        expectOk(await ca.emit('queue:join', { variant: 'brazilian' }));
        expectOk(await cb.emit('queue:join', { variant: 'brazilian' }));
        const start = await ca.next('match:start');
        await cb.next('match:start');
        if (start.white.id === a.id) return { id: start.id as string, white: ca, black: cb };
        ca.close();
        cb.close();
      }
    }

    /** Plays `m` by `mover`, and waits until `watcher` (the other process) hears it. */
    async function play(id: string, mover: Client, watcher: Client, m: Move, ply: number) {
      expectOk(await mover.emit('match:move', { matchId: id, path: m.path }));
      const heard = await watcher.next('match:move', (e) => e.matchId === id && e.ply === ply);
      expect(heard.path).toEqual(m.path);
    }

    /** The first `plies` of the game, each side playing its first legal move, each heard. */
    function playFirst(g: { id: string; white: Client; black: Client }, plies: number) {
      return playFrom(g, Position.initial('brazilian').fen, 1, plies);
    }

    /** Plies `first` to `last` from the position `fen`, each side's first legal move, each heard. */
    async function playFrom(
      g: { id: string; white: Client; black: Client },
      fen: string,
      first: number,
      last: number,
    ) {
      let position = unwrap(Position.fromFen('brazilian', fen));
      for (let ply = first; ply <= last; ply++) {
        const m = position.legalMoves()[0];
        const [mover, watcher] =
          position.turn === 'white' ? [g.white, g.black] : [g.black, g.white];
        await play(g.id, mover, watcher, m, ply);
        position = position.play(m);
      }
    }

    test('every move is heard on the other process, and none goes by NOTIFY', async () => {
      expect(one.app.get(ClusterBus).byRedis).toBe(true);
      expect(two.app.get(ClusterBus).byRedis).toBe(true);
      const g = await crossGame();
      notified.length = 0;
      const synced = one.app.get(RoomSync).caughtUp + two.app.get(RoomSync).caughtUp;
      await playFirst(g, 10);
      // Moves (and everything but commit-order notices) went by Redis.
      expect(notified.filter((t) => t.includes('"match:move"'))).toEqual([]);
      // A takeback heard on both sides, a socket joining again, and two moves more.
      expectOk(await g.white.emit('match:takeback', { matchId: g.id, action: 'offer' }));
      await g.black.next('match:takeback', (e) => e.matchId === g.id && e.action === 'offer');
      expectOk(await g.black.emit('match:takeback', { matchId: g.id, action: 'accept' }));
      const back = await g.white.next('match:takeback', (e) => e.action === 'accept');
      expect(back.restated).toBeUndefined();
      expect(expectOk(await g.black.emit('match:join', { matchId: g.id })).match.ply).toBe(8);
      await playFrom(g, back.match!.fen, 9, 10);
      // Checks went by (ROOM_SYNC_MS is 200 here): nothing was lost, so no room was caught up
      // or restated (what each room heard, positions included, matches the database).
      await new Promise((r) => setTimeout(r, 700));
      expect(one.app.get(RoomSync).caughtUp + two.app.get(RoomSync).caughtUp).toBe(synced);
      g.white.close();
      g.black.close();
    }, 60_000);

    test('a publish lost between the commit and Redis still reaches the other process, from the database', async () => {
      const g = await crossGame();
      const bus = one.app.get(ClusterBus);
      const sync = two.app.get(RoomSync);
      const before = sync.caughtUp;
      let position = Position.initial('brazilian');
      const m = position.legalMoves()[0];
      // Process one commits White's move and "dies" before its publish: nothing is published.
      const publish = bus.publish.bind(bus);
      bus.publish = () => undefined;
      try {
        expectOk(await g.white.emit('match:move', { matchId: g.id, path: m.path }));
        const heard = await g.black.next('match:move', (e) => e.matchId === g.id && e.ply === 1);
        expect(heard.path).toEqual(m.path);
        expect(sync.caughtUp).toBe(before + 1);
      } finally {
        bus.publish = publish;
      }
      // The game goes on: Black answers through its own process.
      position = position.play(m);
      await play(g.id, g.black, g.white, position.legalMoves()[0], 2);
      g.white.close();
      g.black.close();
    }, 60_000);

    test('a publish lost after its commit still reaches a Board API game stream on the other process, from the database', async () => {
      // Both players' sockets on `one`; Black follows the game on `two` only by its game stream.
      const tag = `${Date.now() % 100000}`;
      const [a, b] = [await newAccount(one, `rs_a${tag}`), await newAccount(one, `rs_b${tag}`)];
      const boardToken = async (p: { token: string }) => {
        const r = await http(
          one,
          'POST',
          '/api/tokens',
          { description: 'board', scopes: ['board:play'] },
          p.token,
        );
        expect(r.status).toBe(201);
        return r.body.token as string;
      };
      const [ca, cb] = [await connect(one, a.token), await connect(one, b.token)];
      expectOk(await ca.emit('queue:join', { variant: 'brazilian' }));
      expectOk(await cb.emit('queue:join', { variant: 'brazilian' }));
      const start = await ca.next('match:start');
      const [white, black] = start.white.id === a.id ? [ca, b] : [cb, a];
      const stream = await openNdjson(
        `${two.url}/api/board/game/stream/${start.id}`,
        await boardToken(black),
      );
      try {
        await stream.next((l) => l.type === 'gameFull');
        const bus = one.app.get(ClusterBus);
        const sync = two.app.get(RoomSync);
        const before = sync.caughtUp;
        const m = Position.initial('brazilian').legalMoves()[0];
        const publish = bus.publish.bind(bus);
        bus.publish = () => undefined;
        try {
          expectOk(await white.emit('match:move', { matchId: start.id, path: m.path }));
          const line = await stream.next(
            (l) => l.type === 'gameState' && l.moves.split(' ').length === 1,
            10_000,
          );
          expect(line.status).toBe('active');
          expect(sync.caughtUp).toBe(before + 1);
        } finally {
          bus.publish = publish;
        }
      } finally {
        stream.close();
        ca.close();
        cb.close();
      }
    }, 60_000);

    test("a takeback whose publish is lost: the other process's room hears the game as it stands", async () => {
      const g = await crossGame();
      await playFirst(g, 4);
      expectOk(await g.white.emit('match:takeback', { matchId: g.id, action: 'offer' }));
      await g.black.next('match:takeback', (e) => e.matchId === g.id && e.action === 'offer');
      // Black accepts on process two, which "dies" before its publish.
      const bus = two.app.get(ClusterBus);
      const sync = one.app.get(RoomSync);
      const before = sync.caughtUp;
      const publish = bus.publish.bind(bus);
      bus.publish = () => undefined;
      try {
        expectOk(await g.black.emit('match:takeback', { matchId: g.id, action: 'accept' }));
        // White's socket joins again at once (as after a reconnect): it reads the game as it
        // stands, but the room was told ply 4 before, and must still be restated.
        const joined = expectOk(await g.white.emit('match:join', { matchId: g.id }));
        expect(joined.match.ply).toBe(2);
        const heard = await g.white.next(
          'match:takeback',
          (e) => e.matchId === g.id && e.action === 'accept',
          10_000,
        );
        expect(heard.restated).toBe(true);
        expect(heard.by).toBe('black');
        expect(heard.match).toMatchObject({ ply: 2, turn: 'white', takebackOffer: null });
        expect(sync.caughtUp).toBe(before + 1);
      } finally {
        bus.publish = publish;
      }
      // The game goes on from there, each side hearing the other.
      let position = Position.initial('brazilian');
      for (let ply = 1; ply <= 2; ply++) position = position.play(position.legalMoves()[0]);
      await play(g.id, g.white, g.black, position.legalMoves()[0], 3);
      g.white.close();
      g.black.close();
    }, 60_000);

    test('a lost takeback and the new line played past the old: the room is still restated', async () => {
      // Both players on `four`, a spectator on `three`, whose room checks only when told to.
      const three = await startServer({
        redisUrl: `redis://127.0.0.1:${redisPort}`,
        roomSyncMs: 3_600_000,
      });
      const four = await three.another();
      try {
        const [a, b, s] = [
          await newPlayer(four, 'ann'),
          await newPlayer(four, 'bob'),
          await newPlayer(three, 'sue'),
        ];
        const [white, black] = [await connect(four, a.token), await connect(four, b.token)];
        const spectator = await connect(three, s.token);
        const made = await http(four, 'POST', '/api/test/matches', {
          variant: 'brazilian',
          whiteId: a.id,
          blackId: b.id,
        });
        const id = made.body.id as string;
        for (const c of [white, black, spectator])
          expectOk(await c.emit('match:join', { matchId: id }));
        // The old line to ply 4, heard by the spectator.
        let position = Position.initial('brazilian');
        const send = async (m: Move) => {
          const mover = position.turn === 'white' ? white : black;
          expectOk(await mover.emit('match:move', { matchId: id, path: m.path }));
          position = position.play(m);
        };
        for (let ply = 1; ply <= 4; ply++) {
          await send(position.legalMoves()[0]);
          await spectator.next('match:move', (e) => e.matchId === id && e.ply === ply);
        }
        const oldAt4 = position.fen;
        // Back to ply 2, its publish lost; then a new line (another move at ply 3) to ply 5:
        // plies 3 and 4 are at or below what the spectator's room was told, 5 is past it.
        expectOk(await white.emit('match:takeback', { matchId: id, action: 'offer' }));
        await black.next('match:takeback', (e) => e.matchId === id && e.action === 'offer');
        const bus = four.app.get(ClusterBus);
        const publish = bus.publish.bind(bus);
        bus.publish = () => undefined;
        try {
          expectOk(await black.emit('match:takeback', { matchId: id, action: 'accept' }));
        } finally {
          bus.publish = publish;
        }
        position = Position.initial('brazilian');
        for (let ply = 1; ply <= 2; ply++) position = position.play(position.legalMoves()[0]);
        await send(position.legalMoves()[1]);
        await send(position.legalMoves()[0]);
        expect(position.fen).not.toBe(oldAt4);
        await send(position.legalMoves()[0]);
        // The spectator hears ply 5 (3 and 4 were late copies to its room, not told).
        await spectator.next('match:move', (e) => e.matchId === id && e.ply === 5);
        // Two checks: the room's mark (ply 4 of the old line) is not on the game's line.
        const sync = three.app.get(RoomSync);
        await sync.check(false);
        await sync.check(false);
        const heard = await spectator.next(
          'match:takeback',
          (e) => e.matchId === id && e.restated === true,
          5_000,
        );
        expect(heard.match).toMatchObject({ ply: 5, fen: position.fen });
        for (const c of [white, black, spectator]) c.close();
      } finally {
        await three.destroy();
      }
    }, 60_000);

    test('Redis restarted mid-game: both processes reconnect by themselves and the game goes on', async () => {
      const g = await crossGame();
      let position = Position.initial('brazilian');
      let m = position.legalMoves()[0];
      await play(g.id, g.white, g.black, m, 1);
      position = position.play(m);
      await stopRedis(redis);
      // A move while Redis is down: committed and acked; its publish waits or is lost.
      m = position.legalMoves()[0];
      expectOk(await g.black.emit('match:move', { matchId: g.id, path: m.path }));
      position = position.play(m);
      redis = await startRedis(redisPort);
      // White (on the other process) hears it: by the queued publish or from the database.
      const heard = await g.white.next(
        'match:move',
        (e) => e.matchId === g.id && e.ply === 2,
        15_000,
      );
      expect(heard.path).toEqual(m.path);
      await play(g.id, g.white, g.black, position.legalMoves()[0], 3);
      g.white.close();
      g.black.close();
    }, 60_000);
  });

/**
 * Two processes on PostgreSQL without Redis, an admin connection, and a game whose white is on
 * `one` and black on `two` (made directly: no pairing to wait for), both sockets in its room.
 */
async function notifyGame() {
  const one = await startServer({});
  const two = await one.another();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const [a, b] = [await newPlayer(one, 'ann'), await newPlayer(two, 'bob')];
  const [ca, cb] = [await connect(one, a.token), await connect(two, b.token)];
  const made = await http(one, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: a.id,
    blackId: b.id,
  });
  const id = made.body.id as string;
  expectOk(await ca.emit('match:join', { matchId: id }));
  expectOk(await cb.emit('match:join', { matchId: id }));
  /** Everything it opened, closed (a test calls it in its finally). */
  const close = async () => {
    ca.close();
    cb.close();
    await admin.end();
    await one.destroy();
  };
  return { one, two, admin, a, b, ca, cb, id, close };
}

if (usingPostgres())
  test('NOTIFY: a move said while a listener was away reaches its sockets once it is back', async () => {
    const { two, admin, ca, cb, id, close } = await notifyGame();
    try {
      const sync = two.app.get(RoomSync);
      const before = sync.caughtUp;
      // Two's listener is cut (as a database restart cuts it); it comes back on its own.
      const pid = (two.app.get(ClusterBus) as unknown as { listener: { processID: number } })
        .listener.processID;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // Gone before the move commits, so its NOTIFY cannot reach that listener.
      while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
        await new Promise((r) => setTimeout(r, 10));
      const m = Position.initial('brazilian').legalMoves()[0];
      expectOk(await ca.emit('match:move', { matchId: id, path: m.path }));
      const heard = await cb.next('match:move', (e) => e.matchId === id && e.ply === 1, 10_000);
      expect(heard.path).toEqual(m.path);
      expect(sync.caughtUp).toBe(before + 1);
    } finally {
      await close();
    }
  }, 60_000);

if (usingPostgres())
  test('NOTIFY: a move heard after a later one was told here is a late copy: its sockets do not hear it again', async () => {
    // The failover race test:cluster once saw: a player whose process died read the game from
    // the database and moved on this process before the dead process's last NOTIFY arrived.
    const { two, admin, a, b, ca, cb, id, close } = await notifyGame();
    try {
      let position = Position.initial('brazilian');
      const play = async (c: Client, ply: number) => {
        const m = position.legalMoves()[0];
        expectOk(await c.emit('match:move', { matchId: id, path: m.path }));
        position = position.play(m);
        return cb.next('match:move', (e) => e.matchId === id && e.ply === ply, 10_000);
      };
      const first = await play(ca, 1); // from one, by NOTIFY
      await play(cb, 2); // committed on two
      // Ply 1 again, as another process's NOTIFY would say it, arriving late.
      const channel = two.app.get(ClusterBus).notifyChannel;
      const late = announcement(id, 'match:move', first, [a.id, b.id]);
      await admin.query('SELECT pg_notify($1, $2)', [
        channel,
        `{"o":"elsewhere",${JSON.stringify(late).slice(1)}`,
      ]);
      // NOTIFYs arrive in commit order: had the copy been told, it would come before ply 3.
      await play(ca, 3);
      expect(cb.events.filter((e) => e.event === 'match:move')).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
