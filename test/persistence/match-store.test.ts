/**
 * The match row's writers against the real schema (migrations), on PGlite or, with
 * DATABASE_URL, PostgreSQL: every column of the Match entity exists in the table, and each
 * writer (the bulk insert, the move batch, save) writes every column it should. Every column
 * gets a value of its own, so a column a writer leaves out comes back different and fails here.
 */
import { freshDataDir } from '../pglite-template.js';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  afterMove,
  ended,
  newMatch,
  planMove,
  positionOf,
  type MovePlan,
} from '../../src/matches/match-rules.js';
import { FIXED, MATCH_COLUMNS, MatchStore, MOVE_CHANGES } from '../../src/matches/match-store.js';
import { dataSourceOptions } from '../../src/persistence/database.js';
import { ENTITIES, Match, MoveRow } from '../../src/persistence/entities/index.js';
import { migrate } from '../../src/persistence/migrate.js';
import { RatingsService } from '../../src/ratings/ratings.service.js';
import { speedOfColumns, speedSql } from '../../src/ratings/speed.js';
import { MIGRATIONS } from '../../src/persistence/migrations/index.js';

let ds: DataSource;
let store: MatchStore;
let cleanup: () => Promise<void>;
const players = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  let env: { DATABASE_URL?: string; DATA_DIR?: string };
  if (url) {
    const schema = `store_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    env = { DATABASE_URL: u.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  } else {
    const dir = await freshDataDir('migrated', 'damas-store-');
    env = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  ds = await new DataSource(dataSourceOptions(env, ENTITIES, MIGRATIONS)).initialize();
  await migrate(ds, !env.DATABASE_URL);
  store = new MatchStore(ds);
  for (const [i, id] of players.entries())
    await ds.query(`INSERT INTO players (id, name, token_hash) VALUES ($1, $2, $3)`, [
      id,
      `p${i}`,
      String(i).repeat(64),
    ]);
});

afterAll(async () => {
  await ds?.destroy();
  await cleanup?.();
});

/** A value of the column's SQL type, different for every `n` (short: varchar(5) columns). */
function valueFor(type: string, n: number): unknown {
  switch (type) {
    case 'uuid':
      return randomUUID();
    case 'varchar':
    case 'text':
      return `v${n}`;
    case 'int':
    case 'smallint':
      return 1000 + n;
    case 'timestamptz':
      return new Date(Date.UTC(2026, 0, 1, 0, 0, n));
    case 'jsonb':
      return { n };
    case 'boolean':
      return n % 2 === 0;
    default:
      throw new Error(`no test value for SQL type ${type}: add one`);
  }
}

/** A match row with every column set to a value of its own (the players are real rows). */
function filled(seed: number, over: Partial<Match> = {}): Match {
  const row: Record<string, unknown> = {};
  for (const [i, c] of MATCH_COLUMNS.entries()) row[c.key] = valueFor(c.type, seed + i);
  return { ...(row as unknown as Match), whiteId: players[0], blackId: players[1], ...over };
}

const read = async (id: string) => (await ds.getRepository(Match).findOneByOrFail({ id })) as Match;
const columnsOf = (m: Match, keys: readonly (keyof Match)[]) =>
  Object.fromEntries(keys.map((k) => [k, m[k]]));
const ALL = MATCH_COLUMNS.map((c) => c.key);

test('every column of the Match entity is a column of the migrated table, and no other', async () => {
  const rows = (await ds.query(
    `SELECT column_name FROM information_schema.columns
     WHERE table_name = 'matches' AND table_schema = current_schema()`,
  )) as { column_name: string }[];
  expect(rows.map((r) => r.column_name).sort()).toEqual(MATCH_COLUMNS.map((c) => c.name).sort());
  for (const k of [...FIXED, ...MOVE_CHANGES]) expect(ALL).toContain(k);
});

test('the bulk insert writes every column', async () => {
  const match = filled(0);
  await ds.transaction((em) => store.insert(em, [{ match, pieces: [] }]));
  expect(columnsOf(await read(match.id), ALL)).toEqual(columnsOf(match, ALL));
});

test('save() writes every column but the fixed ones, and bumps the version', async () => {
  const before = filled(100);
  await ds.transaction((em) => store.insert(em, [{ match: before, pieces: [] }]));
  const changed = filled(200, { id: before.id, whiteId: players[2], blackId: players[3] });
  await ds.transaction((em) => store.save(em, changed));
  const after = await read(before.id);
  const saved = ALL.filter((k) => !FIXED.includes(k));
  expect(columnsOf(after, saved)).toEqual(columnsOf(changed, saved));
  expect(columnsOf(after, FIXED)).toEqual(columnsOf(before, FIXED));
  expect(after.version).toBe((filled(200).version as number) + 1);
});

test('the move batch writes every column a move may change, leaves the others, and inserts the Move', async () => {
  const before = filled(300, { status: 'active' });
  await ds.transaction((em) => store.insert(em, [{ match: before, pieces: [] }]));
  const next = filled(400, { id: before.id, whiteId: players[2], blackId: players[3] });
  const move = {
    matchId: before.id,
    ply: 7,
    by: 'black' as const,
    path: [9, 13],
    captures: [],
    promoted: true,
    fen: 'W:W1:B2',
    whiteMs: 11,
    blackMs: 12,
  };
  const w = { next, expected: before.version, move, note: null, endNote: null };
  expect([...(await store.writeMoves([w], null))]).toEqual([before.id]);
  const after = await read(before.id);
  const others = ALL.filter((k) => !MOVE_CHANGES.includes(k));
  expect(columnsOf(after, MOVE_CHANGES)).toEqual(columnsOf(next, MOVE_CHANGES));
  expect(columnsOf(after, others)).toEqual(columnsOf(before, others));
  const rows = await ds.getRepository(MoveRow).findBy({ matchId: before.id });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(move);

  // The same version again: refused (the match moved on), nothing written.
  expect((await store.writeMoves([{ ...w, move: { ...move, ply: 8 } }], null)).size).toBe(0);
  expect(await ds.getRepository(MoveRow).countBy({ matchId: before.id })).toBe(1);
});

/** The columns whose values differ between two rows. */
const changedKeys = (a: Match, b: Match) =>
  ALL.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));

test.each<[string, string, { from: number; to: number }, boolean]>([
  ['a quiet move, timed, with a draw offer standing', 'W:W22:B11', { from: 22, to: 18 }, false],
  ['a capture that ends the game', 'W:W18:B14', { from: 18, to: 9 }, true],
  ['a move to the last row (crowning)', 'W:W5:B28', { from: 5, to: 1 }, false],
])(
  'a move changes only MOVE_CHANGES in its row (what the batch writes): %s',
  (_, fen, req, ends) => {
    const T0 = new Date('2026-01-01T00:00:00Z');
    const spec = { variant: 'brazilian' as const, whiteId: 'w', blackId: 'b', fen };
    const m = { ...newMatch({ ...spec, clock: { initial: 60_000, increment: 1_000 } }, T0).match };
    m.drawOfferBy = 'black';
    m.whiteAbsentSince = T0;
    m.rematchOfferBy = 'white';
    const now = new Date(T0.getTime() + 1_500);
    const plan = planMove(m, positionOf(m), 'w', req, now) as MovePlan;
    expect(plan.result !== null).toBe(ends);
    let next = { ...afterMove(m, plan), version: m.version + 1 };
    if (plan.result) next = ended(next, plan.result, now);
    const changed = changedKeys(m, next);
    expect(changed.length).toBeGreaterThan(3);
    for (const k of changed) expect(MOVE_CHANGES).toContain(k);
  },
);

describe('the other writers of the match tables', () => {
  /** An active match of `white` and `black` (two of `players`), with its pieces, stored. */
  async function stored(over: Partial<Match> = {}, [white, black] = [players[0], players[1]]) {
    const made = newMatch(
      { variant: 'brazilian', whiteId: white, blackId: black, clock: null },
      new Date(),
    );
    Object.assign(made.match, over);
    await ds.transaction((em) => store.insert(em, [made]));
    return made.match;
  }
  const pieces = async (id: string) =>
    (await ds.query(`SELECT square, king FROM pieces WHERE match_id = $1 ORDER BY square`, [
      id,
    ])) as { square: number; king: boolean }[];

  test("lock() reads and locks a rated game's ratings in its own statement, while it goes on", async () => {
    // Players of their own: the other tests count the active games of theirs.
    const [white, black] = [randomUUID(), randomUUID()];
    for (const [i, id] of [white, black].entries())
      await ds.query(`INSERT INTO players (id, name, token_hash) VALUES ($1, $2, $3)`, [
        id,
        `r${i}`,
        String(i + 5).repeat(64),
      ]);
    // Its pool's rows, and one of the same player in another pool (not the game's).
    for (const [id, speed, rating] of [
      [white, 'untimed', 1600],
      [black, 'untimed', 1400],
      [white, 'blitz', 2000],
    ] as const)
      await ds.query(
        `INSERT INTO ratings (player_id, variant, speed, rating, rd, vol, games, last_game_at)
         VALUES ($1, 'brazilian', $2, $3, 80, 0.06, 7, now())
         ON CONFLICT (player_id, variant, speed) DO UPDATE SET rating = excluded.rating`,
        [id, speed, rating],
      );
    const rated = await stored({ rated: true }, [white, black]);
    const read = (id: string) =>
      ds.transaction(async (em) => store.lockedRatings(await store.lock(em, id)));
    const rows = await read(rated.id);
    expect(rows.map((r) => [r.player_id, r.rating, r.games])).toEqual(
      [
        [white, 1600, 7],
        [black, 1400, 7],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(Number.isNaN(new Date(rows[0].last_game_at).getTime())).toBe(false);
    // A casual game, and a rated one that has ended: none.
    expect(await read((await stored({}, [white, black])).id)).toEqual([]);
    expect(
      await read((await stored({ rated: true, status: 'finished' }, [white, black])).id),
    ).toEqual([]);
    // A match object lock() did not give out: none.
    expect(store.lockedRatings({ ...rated })).toEqual([]);
    // Locked: another session cannot take them until the transaction ends (PostgreSQL: PGlite
    // has one session).
    if (process.env.DATABASE_URL) {
      const other = await ds.createQueryRunner();
      await ds.transaction(async (em) => {
        await store.lock(em, rated.id);
        await other.query(`SET lock_timeout = '100ms'`);
        await expect(
          other.query(`SELECT 1 FROM ratings WHERE player_id = $1 FOR UPDATE`, [black]),
        ).rejects.toThrow(/lock/);
      });
      await other.release();
    }
  });

  test('a rated ending settles from the rows locked with the match: no statement of its own, written with the save', async () => {
    const [white, black] = [randomUUID(), randomUUID()];
    for (const [i, id] of [white, black].entries())
      await ds.query(`INSERT INTO players (id, name, token_hash) VALUES ($1, $2, $3)`, [
        id,
        `s${i}`,
        String(i + 7).repeat(64),
      ]);
    for (const id of [white, black])
      await ds.query(
        `INSERT INTO ratings (player_id, variant, speed, rating, rd, vol, games, last_game_at)
         VALUES ($1, 'brazilian', 'untimed', 1500, 80, 0.06, 3, now())`,
        [id],
      );
    const game = await stored({ rated: true }, [white, black]);
    const ratings = new RatingsService();
    const part = await ds.transaction(async (em) => {
      const match = await store.lock(em, game.id);
      // Every statement settle() would send goes through this manager: there must be none.
      let statements = 0;
      const counted = new Proxy(em, {
        get: (t, k, r) =>
          k === 'query'
            ? (...a: Parameters<typeof em.query>) => (statements++, t.query(...a))
            : (Reflect.get(t, k, r) as unknown),
      });
      const now = new Date();
      Object.assign(match, ended(match, { winner: 'white', reason: 'resign' }, now));
      const write = await ratings.settle(
        counted,
        match,
        { winner: 'white', reason: 'resign' },
        now,
        store.lockedRatings(match),
      );
      expect(statements).toBe(0);
      expect(match.whiteRatingDiff).toBeGreaterThan(0);
      await store.save(em, match, write);
      return write;
    });
    expect(part).not.toBeNull();
    const rows = (await ds.query(
      `SELECT player_id, games, wins, losses, round(rating)::int AS rating FROM ratings
        WHERE player_id = ANY($1::uuid[]) AND variant = 'brazilian' AND speed = 'untimed'`,
      [[white, black]],
    )) as { player_id: string; games: number; wins: number; losses: number; rating: number }[];
    const of = (id: string) => rows.find((r) => r.player_id === id);
    expect(of(white)).toMatchObject({ games: 4, wins: 1, losses: 0 });
    expect(of(black)).toMatchObject({ games: 4, wins: 0, losses: 1 });
    expect((await read(game.id)).whiteRatingAfter).toBe(of(white)?.rating);
  });

  test.each<[number | null, number | null, number | null]>([
    [null, null, null],
    [null, null, 3],
    [60_000, 0, null],
    [60_000, 3_000, null],
    [179_999, 0, null],
    [180_000, 0, null],
    [120_000, 1_500, null],
    [300_000, 3_000, null],
    [479_000, 25, null],
    [480_000, 0, null],
    [900_000, 10_000, null],
    [1_500_000, 0, null],
    [5_400_000, 30_000, null],
    [60_000, null, null],
  ])('speedSql agrees with speedOfColumns: %p ms + %p ms, %p days', async (initial, inc, days) => {
    const [row] = (await ds.query(
      `SELECT ${speedSql('m')} AS speed
         FROM (SELECT $1::int AS clock_initial, $2::int AS clock_increment, $3::int AS days) m`,
      [initial, inc, days],
    )) as { speed: string }[];
    expect(row.speed).toBe(speedOfColumns(initial, inc, days));
  });

  test('applyMove takes the captures off, moves and crowns the piece, inserts every Move column', async () => {
    const match = await stored();
    const move = { from: 21, to: 17, path: [21, 17], captures: [9, 10], promoted: true };
    const row = {
      matchId: match.id,
      ply: 1,
      by: 'white' as const,
      path: move.path,
      captures: move.captures,
      promoted: true,
      fen: 'W:W17:B1',
      whiteMs: 5,
      blackMs: 6,
    };
    await ds.transaction((em) => store.applyMove(em, match.id, move as never, row));
    const after = await pieces(match.id);
    expect(after.map((p) => p.square)).not.toContain(9);
    expect(after.map((p) => p.square)).not.toContain(10);
    expect(after.map((p) => p.square)).not.toContain(21);
    expect(after.find((p) => p.square === 17)).toEqual({ square: 17, king: true });
    const [stored1] = await ds.getRepository(MoveRow).findBy({ matchId: match.id });
    expect(stored1).toMatchObject(row);
    // A takeback to ply 0: the move goes.
    await ds.transaction((em) => store.truncateMoves(em, match.id, 0));
    expect(await ds.getRepository(MoveRow).countBy({ matchId: match.id })).toBe(0);
  });

  test('markAbsence marks the unmarked, clears the marked, and says which side', async () => {
    // Players of no other active game here.
    const match = await stored({}, [players[2], players[3]]);
    const since = new Date(Date.UTC(2026, 5, 1));
    const away = (who: string, at: Date | null) =>
      ds.transaction((em) => store.markAbsence(em, who, at));
    expect(await away(players[3], since)).toEqual([{ id: match.id, color: 'black' }]);
    expect(await away(players[3], since)).toEqual([]); // already so
    expect((await read(match.id)).blackAbsentSince).toEqual(since);
    expect((await read(match.id)).whiteAbsentSince).toBeNull();
    expect(await away(players[3], null)).toEqual([{ id: match.id, color: 'black' }]);
    expect((await read(match.id)).blackAbsentSince).toBeNull();
  });

  test('the computer claims a ply once while it holds; given back, it may claim again', async () => {
    const match = await stored({ computerColor: 'white', computerLevel: 1 });
    expect(await store.claimComputerPly(match.id, 60_000)).toBe(true);
    expect(await store.claimComputerPly(match.id, 60_000)).toBe(false);
    await store.releaseComputerClaims([match.id]);
    expect(await store.claimComputerPly(match.id, 60_000)).toBe(true);
  });

  test('shiftClocks moves running clocks on by the gap (and their version)', async () => {
    const at = new Date(Date.UTC(2026, 5, 1));
    const match = await stored({ deadlineAt: at, turnStartedAt: at });
    await ds.transaction((em) => store.shiftClocks(em, 5_000));
    const after = await read(match.id);
    expect(after.deadlineAt?.getTime()).toBe(at.getTime() + 5_000);
    expect(after.turnStartedAt?.getTime()).toBe(at.getTime() + 5_000);
    expect(after.version).toBe(match.version + 1);
  });
});
