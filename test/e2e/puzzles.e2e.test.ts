/**
 * Puzzles through the real app (issue 32): the starter set loaded once and checked, a puzzle by
 * id, selection near the rating and never repeated, rated first round and casual repeats, a
 * round posted twice, the daily puzzle, votes that retire, storm's refusal, bad input.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { StarterSet } from '../../src/puzzles/index.js';
import { randomPuzzles, writeSet } from '../puzzle-fixtures.js';
import { SESSION_COOKIE } from '../../src/players/web-security.js';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/common/protocol.js';
import { http, newAccount, newPlayer, startServer, TestTime, type Server } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'damas-puzzles-'));
const english = randomPuzzles('english', 40, 1);
const czech = randomPuzzles('czech', 2, 2);
const brazilian = randomPuzzles('brazilian', 5, 3);
const bad = [
  // An illegal move, a move not written as the rules write it, a bad id, not JSON.
  { ...brazilian[0], id: 'bad001', moves: ['1-2', ...brazilian[0].moves.slice(1)] },
  {
    ...brazilian[1],
    id: 'bad002',
    moves: [`${brazilian[1].moves[0]}!`, ...brazilian[1].moves.slice(1)],
  },

  { ...brazilian[2], id: 'bad!3' },
  'not json',
];
writeSet(dir, 'english', english);
writeSet(dir, 'czech', czech);
// The generator's sample: 10 russian and 5 international puzzles.
const sample = readFileSync('test/fixtures/puzzles-sample.ndjson', 'utf8').trim().split('\n');
writeSet(dir, 'sample', sample);
writeSet(dir, 'brazilian', [...brazilian, ...bad]);

const time = new TestTime();
let server: Server;
let db: DataSource;
beforeAll(async () => {
  server = await startServer({ puzzleDir: dir }, { time });
  db = server.app.get(DataSource);
});
afterAll(async () => {
  await server.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const stamp = Date.now() % 100000;
let n = 0;
const account = () => newAccount(server, `pz${stamp}x${n++}`);
const count = async (sql: string, params: unknown[] = []) =>
  Number(((await db.query(sql, params)) as { n: string }[])[0].n);

test('the starter set: good records loaded, bad ones skipped; a restart adds nothing, a new file adds its puzzles', async () => {
  expect(await count(`SELECT count(*) AS n FROM puzzles`)).toBe(62);
  expect(await count(`SELECT count(*) AS n FROM puzzles WHERE id LIKE 'bad%'`)).toBe(0);
  const files = (await db.query(`SELECT name, added, skipped FROM puzzle_files ORDER BY name`)) as {
    name: string;
    added: number;
    skipped: number;
  }[];
  expect(files).toEqual([
    { name: 'brazilian.ndjson.gz', added: 5, skipped: 4 },
    { name: 'czech.ndjson.gz', added: 2, skipped: 0 },
    { name: 'english.ndjson.gz', added: 40, skipped: 0 },
    { name: 'sample.ndjson.gz', added: 15, skipped: 0 },
  ]);
  server = await server.restart();
  db = server.app.get(DataSource);
  expect(await count(`SELECT count(*) AS n FROM puzzles`)).toBe(62);
  expect(await count(`SELECT count(*) AS n FROM puzzle_files`)).toBe(4);
  // A new file, and the english one grown by one puzzle: only what is new is added.
  writeSet(dir, 'pool', randomPuzzles('pool', 3, 4));
  writeSet(dir, 'english', [...english, ...randomPuzzles('english', 41, 1).slice(40)]);
  server = await server.restart();
  db = server.app.get(DataSource);
  expect(await count(`SELECT count(*) AS n FROM puzzles`)).toBe(66);
  writeSet(dir, 'english', english); // as it was, for the tests below
});

test('a starter-set file that corrects a puzzle: its line, themes and depth change, its rating, plays and votes stay', async () => {
  const target = english[5];
  await db.query(
    `UPDATE puzzles SET rating = 1712.5, plays = 7, votes_up = 3, votes_down = 1 WHERE id = $1`,
    [target.id],
  );
  const fixed = {
    ...target,
    moves: target.moves.slice(0, 4),
    themes: ['short', 'endgame'],
    depth: 12,
  };
  const loader = server.app.get(StarterSet);
  writeSet(
    dir,
    'english',
    english.map((p) => (p.id === target.id ? fixed : p)),
  );
  const report = (await loader.load(dir)).find((r) => r.file === 'english.ndjson.gz');
  expect(report).toMatchObject({ added: 0, updated: 1, known: false });
  const row = async () =>
    (
      (await db.query(
        `SELECT moves, themes, depth, rating, plays, votes_up, votes_down, retired FROM puzzles WHERE id = $1`,
        [target.id],
      )) as unknown[]
    )[0];
  expect(await row()).toEqual({
    moves: fixed.moves,
    themes: fixed.themes,
    depth: 12,
    rating: 1712.5,
    plays: 7,
    votes_up: 3,
    votes_down: 1,
    retired: false,
  });
  // As it was, for the tests below (the original file is known by its hash: not read again).
  writeSet(dir, 'english', english);
  await db.query(
    `UPDATE puzzles SET moves = $2, themes = $3, depth = $4, rating = 1500, plays = 0,
            votes_up = 0, votes_down = 0 WHERE id = $1`,
    [target.id, target.moves, target.themes, target.depth],
  );
});

test('a corrupt or unreadable starter-set file is skipped, not recorded; a PUZZLE_DIR that is a file loads nothing', async () => {
  const bad = mkdtempSync(join(tmpdir(), 'damas-puzzles-bad-'));
  try {
    writeSet(bad, 'good', randomPuzzles('english', 3, 9));
    writeFileSync(join(bad, 'corrupt.ndjson.gz'), 'not gzip at all');
    mkdirSync(join(bad, 'folder.ndjson.gz')); // read as a file: EISDIR
    const s = await startServer({ puzzleDir: bad });
    try {
      const sdb = s.app.get(DataSource);
      expect(await sdb.query(`SELECT name FROM puzzle_files`)).toEqual([
        { name: 'good.ndjson.gz' },
      ]);
      expect((await sdb.query(`SELECT id FROM puzzles`)).length).toBe(3);
      // The file mended, the next load takes it.
      writeSet(bad, 'corrupt', randomPuzzles('czech', 2, 9));
      const again = await s.app.get(StarterSet).load(bad);
      expect(again.map((r) => [r.file, r.added, r.known, r.failed !== undefined])).toEqual([
        ['corrupt.ndjson.gz', 2, false, false],
        ['folder.ndjson.gz', 0, false, true],
        ['good.ndjson.gz', 0, true, false],
      ]);
    } finally {
      await s.destroy();
    }
    const onFile = await startServer({ puzzleDir: join(bad, 'good.ndjson.gz') });
    try {
      expect((await onFile.app.get(DataSource).query(`SELECT id FROM puzzles`)).length).toBe(0);
    } finally {
      await onFile.destroy();
    }
  } finally {
    rmSync(bad, { recursive: true, force: true });
  }
}, 60_000); // two more servers start, each on a database of its own

test('a puzzle by id: the record with its rating; unknown: 404; malformed: 400', async () => {
  const p = english[0];
  const r = await http(server, 'GET', `/api/puzzle/${p.id}`);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    puzzle: {
      id: p.id,
      variant: 'english',
      fen: p.fen,
      moves: p.moves,
      accepted: [],
      themes: p.themes,
      rating: 1500,
      plays: 0,
    },
  });
  // One of the generator's, as it made it.
  const made = JSON.parse(sample[0]) as typeof p;
  const got = await http(server, 'GET', `/api/puzzle/${made.id}`);
  expect(got.body.puzzle).toMatchObject({
    fen: made.fen,
    moves: made.moves,
    accepted: made.accepted ?? [],
    themes: made.themes,
  });
  const unknown = await http(server, 'GET', '/api/puzzle/zzzzzz');
  expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  const malformed = await http(server, 'GET', '/api/puzzle/no!such');
  expect([malformed.status, malformed.body.error.code]).toEqual([400, 'INVALID_PAYLOAD']);
  // An account sees its own puzzle rating beside it.
  const a = await account();
  const mine = await http(server, 'GET', `/api/puzzle/${p.id}`, undefined, a.token);
  expect(mine.body.user).toEqual({ rating: 1500, provisional: true });
});

test('next: a guest gets a puzzle of the variant; a variant without puzzles is 404', async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const r = await http(server, 'GET', '/api/puzzle/next?variant=english');
    expect(r.status).toBe(200);
    expect(r.body.puzzle.variant).toBe('english');
    expect(r.body.user).toBeUndefined();
    seen.add(r.body.puzzle.id);
  }
  // At random among the set's puzzles, all at 1500 so far.
  expect(seen.size).toBeGreaterThan(1);
  const none = await http(server, 'GET', '/api/puzzle/next?variant=frisian');
  expect([none.status, none.body.error.code]).toEqual([404, 'NOT_FOUND']);
  // By theme: only puzzles that have it (the test set's english ones are none of them shots).
  const themed = await http(server, 'GET', '/api/puzzle/next?variant=english&theme=middlegame');
  expect(themed.body.puzzle.themes).toContain('middlegame');
  const shot = await http(server, 'GET', '/api/puzzle/next?variant=english&theme=shot');
  expect(shot.status).toBe(404);
});

test("an account's first round is rated, the same post again counts once, a later one is casual; a guest's is unrated", async () => {
  const a = await account();
  const id = english[1].id;
  const first = await http(server, 'POST', `/api/puzzle/${id}/round`, { win: true }, a.token);
  expect(first.status).toBe(200);
  expect(first.body.rated).toBe(true);
  expect(first.body.player.delta).toBeGreaterThan(0);
  expect(first.body.player.rating).toBe(1500 + first.body.player.delta);
  expect(first.body.puzzle.plays).toBe(1);
  // A new puzzler's rating is a guess: the puzzle does not move (lichess).
  expect(first.body.puzzle.rating).toBe(1500);
  const again = await http(server, 'POST', `/api/puzzle/${id}/round`, { win: true }, a.token);
  expect(again.body).toEqual(first.body);
  time.advance(31_000);
  const later = await http(server, 'POST', `/api/puzzle/${id}/round`, { win: false }, a.token);
  expect(later.body).toEqual({
    rated: false,
    player: { rating: first.body.player.rating, rd: first.body.player.rd, delta: 0 },
    puzzle: { rating: 1500, plays: 1 },
  });
  expect(await count(`SELECT count(*) AS n FROM puzzle_rounds WHERE player_id = $1`, [a.id])).toBe(
    2,
  );
  const guest = await newPlayer(server, 'guest');
  for (const token of [guest.token, undefined]) {
    const r = await http(server, 'POST', `/api/puzzle/${id}/round`, { win: true }, token);
    expect(r.body).toEqual({ rated: false, player: null, puzzle: { rating: 1500, plays: 1 } });
  }
  const unknown = await http(server, 'POST', '/api/puzzle/zzzzzz/round', { win: true }, a.token);
  expect(unknown.status).toBe(404);
});

test('the same round posted twice at once: counted once, the same answer to both', async () => {
  const a = await account();
  const id = english[3].id;
  const post = () => http(server, 'POST', `/api/puzzle/${id}/round`, { win: true }, a.token);
  const [one, two] = await Promise.all([post(), post()]);
  expect(one.body.rated).toBe(true);
  expect(two.body).toEqual(one.body);
  expect(one.body.puzzle.plays).toBe(1);
  expect(await count(`SELECT count(*) AS n FROM puzzle_rounds WHERE player_id = $1`, [a.id])).toBe(
    1,
  );
});

test('a settled puzzler moves the puzzle it fails, at most 700 points', async () => {
  const a = await account();
  await db.query(
    `INSERT INTO puzzle_ratings (player_id, variant, rating, rd, vol, rounds, last_round_at)
     VALUES ($1, 'english', 2800, 60, 0.06, 100, now())`,
    [a.id],
  );
  const id = english[2].id;
  const r = await http(server, 'POST', `/api/puzzle/${id}/round`, { win: false }, a.token);
  expect(r.body.rated).toBe(true);
  expect(r.body.player.delta).toBeLessThan(0);
  expect(r.body.puzzle.rating).toBe(2200); // 1500 + 700: the cap
});

test('selection near the rating, never a puzzle the account played, 404 once all are played', async () => {
  // Spread the english puzzles from 1000 to 2950 (50 apart); the puzzler at 2000 and settled.
  await db.query(
    `UPDATE puzzles p SET rating = 1000 + 50 * (o.i - 1)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM puzzles WHERE variant = 'english') o
      WHERE p.id = o.id`,
  );
  const a = await account();
  await db.query(
    `INSERT INTO puzzle_ratings (player_id, variant, rating, rd, vol, rounds, last_round_at)
     VALUES ($1, 'english', 2000, 60, 0.06, 100, now())`,
    [a.id],
  );
  const got: { id: string; rating: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await http(server, 'GET', '/api/puzzle/next?variant=english', undefined, a.token);
    expect(r.status).toBe(200);
    expect(r.body.user.provisional).toBe(false);
    got.push(r.body.puzzle);
    // Nothing posted yet: a failed round keeps the rating near 2000 anyway.
    await http(
      server,
      'POST',
      `/api/puzzle/${r.body.puzzle.id}/round`,
      { win: i % 2 === 0 },
      a.token,
    );
  }
  expect(new Set(got.map((p) => p.id)).size).toBe(got.length);
  // The target is the rating (2000, moving a few points a round) give or take 100, puzzles 50
  // apart: the i-th pick is within 100 + 50 (i + 1) of it, at worst every earlier pick having
  // taken the nearest on the same side. At random over 1000-2950 they would be ~500 off.
  got.forEach((p, i) => expect(Math.abs(p.rating - 2000)).toBeLessThanOrEqual(170 + 50 * i));
  // A guest: at random near 1500 (the puzzles 50 apart, the target 1500 give or take 100).
  for (let i = 0; i < 8; i++) {
    const r = await http(server, 'GET', '/api/puzzle/next?variant=english');
    expect(Math.abs(r.body.puzzle.rating - 1500)).toBeLessThanOrEqual(150);
  }
  // Then everything else: none repeated, then none left.
  const ids = new Set(got.map((p) => p.id));
  for (;;) {
    const r = await http(server, 'GET', '/api/puzzle/next?variant=english', undefined, a.token);
    if (r.status === 404) break;
    expect(ids.has(r.body.puzzle.id)).toBe(false);
    ids.add(r.body.puzzle.id);
    await http(server, 'POST', `/api/puzzle/${r.body.puzzle.id}/round`, { win: true }, a.token);
  }
  expect(ids.size).toBe(await count(`SELECT count(*) AS n FROM puzzles WHERE variant = 'english'`));
});

test('the daily puzzle: the same for everyone all day, another the next day', async () => {
  const a = await account();
  const one = await http(server, 'GET', '/api/puzzle/daily');
  const two = await http(server, 'GET', '/api/puzzle/daily', undefined, a.token);
  expect(one.status).toBe(200);
  expect(one.body.puzzle.variant).toBe('brazilian');
  expect(one.body.date).toBe(time.now().toISOString().slice(0, 10));
  expect(two.body.puzzle.id).toBe(one.body.puzzle.id);
  expect(two.body.user).toEqual({ rating: 1500, provisional: true });
  const ru = await http(server, 'GET', '/api/puzzle/daily?variant=russian');
  expect(ru.body.puzzle.variant).toBe('russian');
  time.advance(24 * 3600_000);
  const tomorrow = await http(server, 'GET', '/api/puzzle/daily');
  expect(tomorrow.body.date).not.toBe(one.body.date);
  expect(tomorrow.body.puzzle.id).not.toBe(one.body.puzzle.id);
  const none = await http(server, 'GET', '/api/puzzle/daily?variant=frisian');
  expect(none.status).toBe(404);
});

test('the daily puzzle: once all have been daily, the one daily longest ago; retired during its day, kept that day only', async () => {
  // Czech has two puzzles.
  const day = async () => (await http(server, 'GET', '/api/puzzle/daily?variant=czech')).body;
  const a = (await day()).puzzle.id;
  time.advance(24 * 3600_000);
  const b = (await day()).puzzle.id;
  expect(b).not.toBe(a);
  time.advance(24 * 3600_000);
  const third = await day();
  expect(third.puzzle?.id).toBe(a);
  await db.query(`UPDATE puzzles SET retired = true WHERE id = $1`, [a]);
  expect((await day()).puzzle.id).toBe(a);
  time.advance(24 * 3600_000);
  expect((await day()).puzzle.id).toBe(b);
  time.advance(24 * 3600_000);
  expect((await day()).puzzle.id).toBe(b);
  await db.query(`UPDATE puzzles SET retired = false WHERE id = $1`, [a]);
});

test('votes: accounts that played it; voted down hard, a puzzle is retired and no longer served', async () => {
  const [keep, drop] = czech;
  const guest = await newPlayer(server, 'voter');
  const g = await http(server, 'POST', `/api/puzzle/${drop.id}/vote`, { up: false }, guest.token);
  expect([g.status, g.body.error.code]).toEqual([403, 'ACCOUNT_REQUIRED']);
  let last: { up: number; down: number; retired: boolean } | undefined;
  for (let i = 0; i < 5; i++) {
    const a = await account();
    if (i === 0) {
      const early = await http(
        server,
        'POST',
        `/api/puzzle/${drop.id}/vote`,
        { up: false },
        a.token,
      );
      expect([early.status, early.body.error.code]).toEqual([403, 'FORBIDDEN']);
    }
    await http(server, 'POST', `/api/puzzle/${drop.id}/round`, { win: false }, a.token);
    const v = await http(server, 'POST', `/api/puzzle/${drop.id}/vote`, { up: false }, a.token);
    expect(v.status).toBe(200);
    last = v.body;
    expect(last!.retired).toBe(i === 4);
  }
  expect(last).toEqual({ up: 0, down: 5, retired: true });
  for (let i = 0; i < 12; i++) {
    const r = await http(server, 'GET', '/api/puzzle/next?variant=czech');
    expect(r.body.puzzle.id).toBe(keep.id);
  }
  // Still there by its link.
  expect((await http(server, 'GET', `/api/puzzle/${drop.id}`)).status).toBe(200);
});

test('streak: puzzles of rising rating, each once', async () => {
  const r = await http(server, 'GET', '/api/puzzle/streak?variant=english');
  expect(r.status).toBe(200);
  const ratings = r.body.puzzles.map((v: { puzzle: { rating: number } }) => v.puzzle.rating);
  expect(ratings.length).toBeGreaterThan(10);
  expect([...ratings].sort((x, y) => x - y)).toEqual(ratings);
  const ids = r.body.puzzles.map((v: { puzzle: { id: string } }) => v.puzzle.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test('storm: a run, a possible score kept as the best, an impossible one refused', async () => {
  const a = await account();
  const start = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  expect(start.status).toBe(200);
  expect(start.body.seconds).toBe(180);
  expect(start.body.puzzles.length).toBeGreaterThan(10);
  time.advance(150_000);
  const claim = { score: 12, moves: 40, errors: 2, combo: 14, time: 149 };
  const end = await http(server, 'POST', `/api/storm/${start.body.run}/end`, claim, a.token);
  expect(end.body).toEqual({ score: 12, best: 12 });
  // Ended twice: the same answer.
  expect(
    (await http(server, 'POST', `/api/storm/${start.body.run}/end`, claim, a.token)).body,
  ).toEqual(end.body);
  // 400 puzzles in 3 minutes: refused, and the run stays refused.
  const run2 = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  time.advance(181_000);
  const cheat = { score: 400, moves: 800, errors: 0, combo: 800, time: 180 };
  const no = await http(server, 'POST', `/api/storm/${run2.body.run}/end`, cheat, a.token);
  expect(no.status).toBe(422);
  expect(no.body.error).toMatchObject({ code: 'REFUSED', subcode: 'STORM_IMPOSSIBLE' });
  const retry = await http(server, 'POST', `/api/storm/${run2.body.run}/end`, claim, a.token);
  expect(retry.body.error.subcode).toBe('STORM_IMPOSSIBLE');
  // A run of three minutes claimed a second after its start.
  const run3 = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  time.advance(1_000);
  const early = await http(server, 'POST', `/api/storm/${run3.body.run}/end`, claim, a.token);
  expect(early.body.error.subcode).toBe('STORM_IMPOSSIBLE');
  // Someone else's run is none of theirs.
  const b = await account();
  const other = await http(server, 'POST', `/api/storm/${run3.body.run}/end`, claim, b.token);
  expect(other.status).toBe(404);
});

test("storm: a score needs its puzzles' solver moves (each of these takes 3)", async () => {
  const a = await account();
  const start = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  const mins = start.body.puzzles.map(
    (v: { puzzle: { moves: string[] } }) => v.puzzle.moves.length / 2,
  );
  expect(mins.slice(0, 20)).toEqual(new Array<number>(20).fill(3));
  time.advance(61_000);
  // A move a puzzle: within the time, but no puzzle is solved in one move.
  const cheat = { score: 20, moves: 20, errors: 0, combo: 20, time: 60 };
  const no = await http(server, 'POST', `/api/storm/${start.body.run}/end`, cheat, a.token);
  expect(no.status).toBe(422);
  expect(no.body.error).toMatchObject({ code: 'REFUSED', subcode: 'STORM_IMPOSSIBLE' });
  // The same score in the moves it takes is kept.
  const run2 = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  time.advance(61_000);
  const honest = { score: 20, moves: 60, errors: 0, combo: 60, time: 60 };
  const ok = await http(server, 'POST', `/api/storm/${run2.body.run}/end`, honest, a.token);
  expect(ok.body).toEqual({ score: 20, best: 20 });
});

test('a login there but bad or expired is 401 on a round and on storm, not a guest', async () => {
  const pid = english[1].id;
  const bad = 'not-a-real-token';
  const round = await http(server, 'POST', `/api/puzzle/${pid}/round`, { win: true }, bad);
  expect(round.status).toBe(401);
  expect(round.body.error.code).toBe('UNAUTHENTICATED');
  // An expired (unknown) session cookie, as a signed-out browser still sends it.
  const cookie = await fetch(`${server.url}/api/puzzle/${pid}/round`, {
    method: 'POST',
    headers: {
      [PROTOCOL_HEADER]: PROTOCOL_VERSION,
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=expired-session-id`,
    },
    body: JSON.stringify({ win: true }),
  });
  expect(cookie.status).toBe(401);
  expect((await http(server, 'POST', '/api/storm/start', { variant: 'english' }, bad)).status).toBe(
    401,
  );
  const a = await account();
  const run = await http(server, 'POST', '/api/storm/start', { variant: 'english' }, a.token);
  time.advance(61_000);
  const claim = { score: 2, moves: 6, errors: 0, combo: 6, time: 60 };
  const end = await http(server, 'POST', `/api/storm/${run.body.run}/end`, claim, bad);
  expect(end.status).toBe(401);
  // Without any login: a guest, as before; the account's run still ends for the account.
  const guest = await http(server, 'POST', `/api/puzzle/${pid}/round`, { win: true });
  expect(guest.body).toMatchObject({ rated: false, player: null });
  const mine = await http(server, 'POST', `/api/storm/${run.body.run}/end`, claim, a.token);
  expect(mine.body).toEqual({ score: 2, best: 2 });
  // Reads stay open: a bad login reads as nobody.
  expect((await http(server, 'GET', `/api/puzzle/${pid}`, undefined, bad)).status).toBe(200);
});

test('the dashboard: per variant the rating, solved and failed by theme, the storm best', async () => {
  const a = await account();
  await http(server, 'POST', `/api/puzzle/${brazilian[0].id}/round`, { win: true }, a.token);
  await http(server, 'POST', `/api/puzzle/${brazilian[1].id}/round`, { win: false }, a.token);
  const r = await http(server, 'GET', `/api/player/${a.username}/puzzles?days=7`);
  expect(r.status).toBe(200);
  expect(r.body.days).toBe(7);
  expect(r.body.variants).toHaveLength(1);
  const v = r.body.variants[0];
  expect(v).toMatchObject({ variant: 'brazilian', solved: 1, failed: 1, provisional: true });
  expect(v.themes.middlegame).toEqual({ solved: 1, failed: 1 });
  expect((await http(server, 'GET', '/api/player/nobody-here/puzzles')).status).toBe(404);
});

test.each([
  ['GET', '/api/puzzle/next', undefined],
  ['GET', '/api/puzzle/next?variant=chess', undefined],
  ['GET', '/api/puzzle/next?variant=english&theme=nope', undefined],
  ['POST', `/api/puzzle/${english[0].id}/round`, { win: 'yes' }],
  ['POST', `/api/puzzle/${english[0].id}/round`, { win: true, extra: 1 }],
  ['POST', `/api/puzzle/${english[0].id}/vote`, {}],
  ['POST', '/api/storm/start', { variant: 'chess' }],
  ['POST', '/api/storm/not-a-uuid/end', { score: 1, moves: 1, errors: 0, combo: 1, time: 5 }],
  [
    'POST',
    '/api/storm/6f1c1d9e-3f0a-4d7e-9a53-0a8e5c1b2d3f/end',
    { score: -1, moves: 1, errors: 0, combo: 1, time: 5 },
  ],
  ['GET', '/api/player/x/puzzles?days=0', undefined],
])('bad input: %s %s is INVALID_PAYLOAD', async (method, path, body) => {
  const r = await http(server, method, path, body);
  expect([r.status, r.body.error.code]).toEqual([400, 'INVALID_PAYLOAD']);
});

test('OpenAPI lists the puzzle routes with the shapes the edge checks', async () => {
  const doc = (await http(server, 'GET', '/docs-json')).body;
  const next = doc.paths['/api/puzzle/next'].get;
  expect(next.parameters).toContainEqual(
    expect.objectContaining({ name: 'variant', in: 'query', required: true }),
  );
  expect(
    next.responses['200'].content['application/json'].schema.properties.puzzle.required,
  ).toEqual(
    expect.arrayContaining(['id', 'fen', 'moves', 'accepted', 'themes', 'rating', 'plays']),
  );
  const round = doc.paths['/api/puzzle/{id}/round'].post;
  expect(round.requestBody.content['application/json'].schema.required).toEqual(['win']);
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/puzzle/daily',
      '/api/puzzle/{id}',
      '/api/puzzle/{id}/vote',
      '/api/puzzle/streak',
      '/api/storm/start',
      '/api/storm/{run}/end',
      '/api/player/{name}/puzzles',
    ]),
  );
});
