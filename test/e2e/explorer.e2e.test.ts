/**
 * The opening explorer through the server (issue 35): games played over REST and ended by resign
 * or agreed draw, indexed by the catch-up job, read back by the API; every count equals a recount
 * made here from the stored games by replaying them (FENs, not the index's keys); a game is
 * counted once however often the job runs; the masters' import; bad input.
 */
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { EXPLORER_PLIES, RATING_BANDS, type ExplorerAnswer } from '../../src/common/protocol.js';
import { ExplorerIndexer, MastersImport, MastersStarter } from '../../src/explorer/index.js';
import { mulberry32 } from '../../src/engine/random.js';
import { Position, VARIANT_IDS, moveToText, type Move } from '../../src/rules/index.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  startServer,
  usingPostgres,
  type Server,
} from './harness.js';

let server: Server;
type Account = Awaited<ReturnType<typeof newAccount>>;
let ana: Account;
let bob: Account;
let cy: Account;
/** What the first catch-up indexed: the nine games every test below reads. */
let indexedFirst: number;

beforeAll(async () => {
  // No background indexing: each test catches up by hand, so a count it asserts is its own
  // (the loop on a second process once took the backlog before the test's two did).
  server = await startServer({ explorerIndexMs: 3_600_000 });
  // Nine finished games between three accounts, here so that each test can run alone.
  ana = await newAccount(server, 'explorer_ana');
  bob = await newAccount(server, 'explorer_bob');
  cy = await newAccount(server, 'explorer_cy');
  const ends = ['white-resigns', 'black-resigns', 'draw'] as const;
  const pairs: [Account, Account][] = [
    [ana, bob],
    [bob, ana],
    [ana, cy],
    [cy, bob],
  ];
  for (let i = 0; i < 9; i++) {
    const [w, b] = pairs[i % pairs.length];
    await play(w, b, 100 + i, 6 + (i % 5) * 2, ends[i % 3], i % 4 !== 3);
  }
  indexedFirst = await server.app.get(ExplorerIndexer).catchUp();
}, 90_000);
afterAll(() => server.destroy());

/** A game of seeded random moves, ended by `end`; returns the texts of its moves. */
async function play(
  white: Account,
  black: Account,
  seed: number,
  plies: number,
  end: 'white-resigns' | 'black-resigns' | 'draw',
  rated = true,
): Promise<string> {
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: white.id,
    blackId: black.id,
    rated,
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  const rng = mulberry32(seed);
  let pos = Position.initial('brazilian');
  for (let i = 0; i < plies; i++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    // Few choices early, so games share their openings as real ones do.
    const m: Move = moves[(rng() >>> 0) % Math.min(moves.length, i < 4 ? 2 : 5)];
    const mover = pos.turn === 'white' ? white : black;
    const r = await http(server, 'POST', `/api/matches/${id}/moves`, { path: m.path }, mover.token);
    expect(r.status).toBe(201);
    pos = pos.play(m);
  }
  if (end === 'draw') {
    const a = await connect(server, white.token);
    const b = await connect(server, black.token);
    expectOk(await a.emit('match:draw', { matchId: id, action: 'offer' }));
    expectOk(await b.emit('match:draw', { matchId: id, action: 'accept' }));
    a.close();
    b.close();
  } else {
    const c = await connect(server, (end === 'white-resigns' ? white : black).token);
    expectOk(await c.emit('match:resign', { matchId: id }));
    c.close();
  }
  return id;
}

/** The stored games replayed from their paths: per position (FEN) and move text, W/D/B. */
async function recount(): Promise<Map<string, Map<string, [number, number, number]>>> {
  const db = server.app.get(DataSource);
  const games = (await db.query(
    `SELECT id, initial_fen, result_winner FROM matches
      WHERE status = 'finished' AND computer_color IS NULL AND result_reason <> 'aborted'
        AND NOT EXISTS (SELECT 1 FROM players p WHERE p.id IN (white_id, black_id) AND p.bot)`,
  )) as { id: string; initial_fen: string; result_winner: string | null }[];
  const out = new Map<string, Map<string, [number, number, number]>>();
  for (const g of games) {
    const moves = (await db.query(`SELECT path FROM moves WHERE match_id = $1 ORDER BY ply`, [
      g.id,
    ])) as { path: number[] }[];
    const pos = Position.fromFen('brazilian', g.initial_fen);
    if (!pos.ok) throw new Error(g.initial_fen);
    let p = pos.value;
    const seen = new Set<string>();
    for (const { path } of moves.slice(0, EXPLORER_PLIES)) {
      const m = p.findMove({ path });
      if (!m.ok) throw new Error(m.error.message);
      const text = moveToText(p, m.value);
      // A position counts a game once: the move played the first time it was reached.
      if (!seen.has(p.fen)) {
        seen.add(p.fen);
        const at = out.get(p.fen) ?? new Map<string, [number, number, number]>();
        const t = at.get(text) ?? [0, 0, 0];
        t[g.result_winner === 'white' ? 0 : g.result_winner === 'black' ? 2 : 1]++;
        at.set(text, t);
        out.set(p.fen, at);
      }
      p = p.play(m.value);
    }
  }
  return out;
}

const explore = async (query: string): Promise<ExplorerAnswer> => {
  const r = await http(server, 'GET', `/api/explorer/lichess?variant=brazilian&moves=50&${query}`);
  expect(r.status).toBe(200);
  return r.body as ExplorerAnswer;
};

const asTally = (a: ExplorerAnswer) =>
  new Map(a.moves.map((m) => [m.move, [m.white, m.draws, m.black] as [number, number, number]]));

test('finished games are indexed once, and every position reads as a recount of the games', async () => {
  expect(indexedFirst).toBe(9);
  // Running it again (a restart, another process's beat) finds nothing new.
  expect(await server.app.get(ExplorerIndexer).catchUp()).toBe(0);

  const expected = await recount();
  // Every position the games went through (beyond the first plies: all of them).
  expect(expected.size).toBeGreaterThan(20);
  for (const [fen, tally] of expected) {
    const a = await explore(`fen=${encodeURIComponent(fen)}`);
    expect(asTally(a)).toEqual(tally);
    expect(a.fen).toBe(fen);
  }
  const start = await explore('');
  expect(start.white + start.draws + start.black).toBe(9);
  expect(start.draws).toBe(3);
  // Lists: the latest first, each game once; top games are rated ones.
  expect(start.recentGames.length).toBe(4);
  expect(new Set(start.recentGames.map((g) => g.id)).size).toBe(4);
  expect(start.topGames.length).toBeGreaterThan(0);
  for (const g of start.topGames) expect(g.white.rating).not.toBeNull();
  expect(start.recentGames[0].white.name).toMatch(/^explorer_/);
}, 90_000);

test('filters by speed and rating band: untimed games are all there, no blitz ones', async () => {
  const untimed = await explore('speeds=untimed');
  expect(untimed.white + untimed.draws + untimed.black).toBe(9);
  const blitz = await explore('speeds=blitz,bullet');
  expect(blitz.moves).toEqual([]);
  expect(blitz.recentGames).toEqual([]);
  // Each band holds the games whose players' average rating falls in it (casual ones: 1500).
  const db = server.app.get(DataSource);
  const games = (await db.query(
    `SELECT white_rating, black_rating FROM matches WHERE status = 'finished'`,
  )) as { white_rating: number | null; black_rating: number | null }[];
  const byBand = new Map<number, number>();
  for (const g of games) {
    const avg = g.white_rating === null ? 1500 : (g.white_rating + g.black_rating!) / 2;
    const band = [...RATING_BANDS].reverse().find((b) => avg >= b)!;
    byBand.set(band, (byBand.get(band) ?? 0) + 1);
  }
  expect(byBand.size).toBeGreaterThan(1);
  for (const band of RATING_BANDS) {
    const a = await explore(`ratings=${band}`);
    expect([band, a.white + a.draws + a.black]).toEqual([band, byBand.get(band) ?? 0]);
  }
  const two = [...byBand.keys()].slice(0, 2);
  const both = await explore(`ratings=${two.join(',')}`);
  expect(both.white + both.draws + both.black).toBe(byBand.get(two[0])! + byBand.get(two[1])!);
});

test("one player's games through a position, as white or black", async () => {
  const r = await http(
    server,
    'GET',
    '/api/explorer/player?variant=brazilian&name=EXPLORER_ANA&color=white&moves=50',
  );
  expect([r.status, r.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
  const a = r.body as ExplorerAnswer;
  // ana had white in games 0, 2, 4, 6, 8 (pairs 0 and 2).
  expect(a.white + a.draws + a.black).toBe(5);
  expect(a.recentGames.every((g) => g.white.name === 'explorer_ana')).toBe(true);
  const asBlack = await http(
    server,
    'GET',
    '/api/explorer/player?variant=brazilian&name=explorer_ana&color=black',
  );
  expect(asBlack.body.white + asBlack.body.draws + asBlack.body.black).toBe(2);
  const nobody = await http(
    server,
    'GET',
    '/api/explorer/player?variant=brazilian&name=nobody_here&color=white',
  );
  expect(nobody.status).toBe(404);
});

test("a bot account's games are in neither the site's index nor a player's games", async () => {
  const dot = await newAccount(server, 'explorer_dot');
  const t = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'b', scopes: ['bot:play'] },
    dot.token,
  );
  const api = (t.body as { token: string }).token;
  expect((await http(server, 'POST', '/api/bot/account/upgrade', undefined, api)).body).toEqual({
    ok: true,
  });
  await play(ana, dot, 500, 8, 'black-resigns');
  await play(dot, ana, 501, 8, 'white-resigns');
  const indexer = server.app.get(ExplorerIndexer);
  expect(await indexer.catchUp()).toBe(0);
  const start = await explore('');
  expect(start.white + start.draws + start.black).toBe(9);
  const player = async (name: string, color: string) => {
    const r = await http(
      server,
      'GET',
      `/api/explorer/player?variant=brazilian&name=${name}&color=${color}`,
    );
    expect(r.status).toBe(200);
    const a = r.body as ExplorerAnswer;
    return a.white + a.draws + a.black;
  };
  // As in the test above: the bot games left out, on either side.
  expect([await player('explorer_ana', 'white'), await player('explorer_ana', 'black')]).toEqual([
    5, 2,
  ]);
  expect([await player('explorer_dot', 'white'), await player('explorer_dot', 'black')]).toEqual([
    0, 0,
  ]);
}, 60_000);

test('bad input: a clear error, nothing read', async () => {
  const cases: [string, RegExp][] = [
    ['/api/explorer/lichess?variant=chess', /variant/],
    ['/api/explorer/lichess?variant=brazilian&fen=W:W99:B1', /fen/i],
    ['/api/explorer/lichess?variant=brazilian&speeds=hyper', /speed/],
    ['/api/explorer/lichess?variant=brazilian&ratings=1300', /rating band/],
    ['/api/explorer/lichess?variant=brazilian&moves=0', /moves/],
    ['/api/explorer/masters?variant=brazilian&play=22-18,99-98', /play/],
    ['/api/explorer/masters?variant=brazilian&topGames=9', /topGames/],
    [`/api/explorer/masters?variant=brazilian&play=${Array(301).fill('22-18').join(',')}`, /300/],
    ['/api/explorer/masters?variant=brazilian&since=2020', /since/],
    ['/api/explorer/player?variant=brazilian&name=x', /color/],
  ];
  for (const [path, message] of cases) {
    const r = await http(server, 'GET', path);
    expect([path, r.status, r.body.error.code]).toEqual([path, 400, 'INVALID_PAYLOAD']);
    expect(r.body.error.message).toMatch(message);
  }
  const missing = await http(
    server,
    'GET',
    '/api/explorer/masters/pdn/00000000-0000-4000-8000-000000000000',
  );
  expect(missing.status).toBe(404);
});

const MASTERS = `[Event "Test Open"]
[Date "2003.05.23"]
[White "Alpha, A."]
[Black "Beta, B."]
[WhiteElo "2400"]
[BlackElo "2300"]
[Result "2-0"]
[GameType "26"]

1. 22-18 11-15 2. 18x11 8x15 2-0

[Event "Test Open"]
[Date "2003.05.24"]
[White "Gamma, C."]
[Black "Alpha, A."]
[Result "1-1"]
[GameType "26"]

1. 22-18 12-16 2. 21-17 1-1

[Event "Broken"]
[Result "2-0"]
[GameType "26"]

1. 22-18 22-17 2-0
`;

test('masters: imported once, read apart from the site games, each game as PDN', async () => {
  const masters = server.app.get(MastersImport);
  const first = await masters.importPdn('brazilian', MASTERS, 'test');
  expect(first).toMatchObject({ read: 3, imported: 2, duplicates: 0 });
  expect(first.rejected).toHaveLength(1);
  const again = await masters.importPdn('brazilian', MASTERS, 'test');
  expect(again).toMatchObject({ read: 3, imported: 0, duplicates: 2 });
  // A stray character stops its own game only.
  const stray = `[Event "Other"]\n[Result "2-0"]\n\n1. 21-17 } 2-0\n\n[Event "Other"]\n[Round "2"]\n[Result "0-2"]\n\n1. 21-17 10-14 0-2\n`;
  const mixed = await masters.importPdn('brazilian', stray, 'test');
  expect(mixed).toMatchObject({ read: 2, imported: 1 });
  expect(mixed.rejected).toHaveLength(1);

  const r = await http(server, 'GET', '/api/explorer/masters?variant=brazilian');
  expect(r.status).toBe(200);
  const a = r.body as ExplorerAnswer;
  expect(a.moves).toEqual([
    { move: '22-18', path: [22, 18], white: 1, draws: 1, black: 0, averageRating: 2350 },
    { move: '21-17', path: [21, 17], white: 0, draws: 0, black: 1, averageRating: null },
  ]);
  expect(a.topGames.map((g) => [g.white.name, g.date, g.event])).toEqual([
    ['Alpha, A.', '2003-05-23', 'Test Open'],
  ]);
  // A row (position and move) keeps its latest and its highest-rated game: both dated games
  // played 22-18, so the list holds one of them (and the undated 21-17 game, last).
  expect(a.recentGames.map((g) => g.date)).toEqual(['2003-05-24', '']);
  const after = await http(server, 'GET', `/api/explorer/masters?variant=brazilian&play=22-18`);
  expect(after.body.moves.map((m: { move: string }) => m.move).sort()).toEqual(['11-15', '12-16']);
  const pdn = await http(server, 'GET', `/api/explorer/masters/pdn/${a.topGames[0].id}`);
  expect(pdn.status).toBe(200);
  expect(pdn.text).toContain('[White "Alpha, A."]');
  expect(pdn.text).toContain('18x11');
  // The site's index did not take them.
  const site = await explore('');
  expect(site.white + site.draws + site.black).toBe(9);
});

test('OpenAPI lists the three position reads: their query parameters and the answer they give', async () => {
  const doc = (await http(server, 'GET', '/docs-json')).body;
  const params = (route: string) =>
    Object.fromEntries(
      (doc.paths[route].get.parameters as { name: string; in: string; required: boolean }[]).map(
        (p) => [p.name, [p.in, p.required]],
      ),
    );
  const common = {
    variant: ['query', true],
    fen: ['query', false],
    moves: ['query', false],
    play: ['query', false],
    topGames: ['query', false],
    recentGames: ['query', false],
  };
  expect(params('/api/explorer/lichess')).toEqual({
    ...common,
    speeds: ['query', false],
    ratings: ['query', false],
  });
  expect(params('/api/explorer/masters')).toEqual({
    ...common,
    speeds: ['query', false],
    ratings: ['query', false],
  });
  expect(params('/api/explorer/player')).toEqual({
    ...common,
    name: ['query', true],
    color: ['query', true],
    speeds: ['query', false],
  });
  const param = (route: string, name: string) =>
    doc.paths[route].get.parameters.find((p: { name: string }) => p.name === name);
  expect(param('/api/explorer/lichess', 'variant').schema.enum).toEqual([...VARIANT_IDS]);
  expect(param('/api/explorer/player', 'color').schema.enum).toEqual(['white', 'black']);
  expect(param('/api/explorer/lichess', 'moves').schema).toMatchObject({ minimum: 1, maximum: 50 });

  // The documented answer is the one given (the site's games and the masters' imported above):
  // every field required, none more, none missing.
  const answers = {
    '/api/explorer/lichess': '/api/explorer/lichess?variant=brazilian',
    '/api/explorer/masters': '/api/explorer/masters?variant=brazilian',
    '/api/explorer/player': '/api/explorer/player?variant=brazilian&name=explorer_ana&color=white',
  };
  for (const [route, path] of Object.entries(answers)) {
    const schema = doc.paths[route].get.responses['200'].content['application/json'].schema;
    const a = (await http(server, 'GET', path)).body as ExplorerAnswer;
    expect(a.moves.length).toBeGreaterThan(0);
    expect(a.recentGames.length).toBeGreaterThan(0);
    const keys = (o: object) => Object.keys(o).sort();
    expect([route, [...schema.required].sort()]).toEqual([route, keys(a)]);
    expect(keys(schema.properties)).toEqual(keys(a));
    const move = schema.properties.moves.items;
    expect([...move.required].sort()).toEqual(keys(a.moves[0]));
    const game = schema.properties.recentGames.items;
    expect(schema.properties.topGames.items).toEqual(game);
    expect([...game.required].sort()).toEqual(keys(a.recentGames[0]));
    expect([...game.properties.white.required].sort()).toEqual(keys(a.recentGames[0].white));
    expect(schema.properties.variant.enum).toEqual([...VARIANT_IDS]);
  }
});

test('two catching up the same backlog at once (two processes on PostgreSQL) count each game once', async () => {
  // Unindex everything, then let two catch up at the same time, a game a batch.
  const db = server.app.get(DataSource);
  await db.query(`UPDATE matches SET explored = false`);
  await db.query(`DELETE FROM explorer_site`);
  const other = usingPostgres() ? await server.another() : server;
  try {
    const [a, b] = await Promise.all([
      server.app.get(ExplorerIndexer).catchUp(1),
      other.app.get(ExplorerIndexer).catchUp(1),
    ]);
    expect(a + b).toBe(9);
    const expected = await recount();
    for (const [fen, tally] of expected)
      expect(asTally(await explore(`fen=${encodeURIComponent(fen)}`))).toEqual(tally);
  } finally {
    if (other !== server) await other.stop();
  }
}, 60_000);

test('the shipped masters games load at the first start, whole, and once', async () => {
  const shipped = await startServer({ mastersDir: resolve('assets/masters') });
  try {
    const reports = await shipped.app.get(MastersStarter).loading;
    expect(reports.map((r) => [r.read, r.imported + r.duplicates, r.rejected])).toEqual([
      [518, 518, []],
      [162, 162, []],
    ]);
    const r = await http(shipped, 'GET', '/api/explorer/masters?variant=international');
    const a = r.body as ExplorerAnswer;
    expect(a.white + a.draws + a.black).toBe(reports[1].imported);
    // Tinsley's games: the opening named along the way, his results as Black or White.
    const line = '11-15,23-19,8-11,22-17,4-8';
    const named = await http(shipped, 'GET', `/api/explorer/masters?variant=english&play=${line}`);
    expect(named.body.opening).toEqual({ name: 'Old Fourteenth', code: null });
    const again = await shipped.restart();
    expect(await again.app.get(MastersStarter).loading).toEqual([]);
  } finally {
    await shipped.destroy();
  }
}, 120_000);
