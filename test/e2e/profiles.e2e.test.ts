/**
 * Profiles, game lists (keyset pages), rating histories, leaderboards and the PDN download,
 * through the real app, after real games.
 */
import { DataSource } from 'typeorm';
import type { GameListItem } from '../../src/common/protocol.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  startServer,
  type Client,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.destroy();
});

const stamp = Date.now() % 100000;
const account = (name: string) => newAccount(server, `${name}${stamp}`);

const BLITZ = { initial: 180_000, increment: 2_000 };

/** A game made by the test API between white and black; `end` finishes it. */
async function game(
  white: { id: string },
  black: { id: string },
  client: Client,
  opts: { rated: boolean; variant?: string; end: 'resign' | 'abort' },
) {
  const r = await http(server, 'POST', '/api/test/matches', {
    variant: opts.variant ?? 'english',
    whiteId: white.id,
    blackId: black.id,
    clock: BLITZ,
    rated: opts.rated,
  });
  expectOk(await client.emit('match:join', { matchId: r.body.id }));
  expectOk(
    await client.emit(opts.end === 'resign' ? 'match:resign' : 'match:abort', {
      matchId: r.body.id,
    }),
  );
  await client.next('match:end', (e) => e.matchId === r.body.id);
  return r.body.id as string;
}

let ana: Awaited<ReturnType<typeof account>>;
let bea: Awaited<ReturnType<typeof account>>;
let anaClient: Client;
const ids: string[] = [];

beforeAll(async () => {
  ana = await account('ana');
  bea = await account('bea');
  anaClient = await connect(server, ana.token);
  // Ana (white) resigns twice, Bea (white) resigns once: all rated english blitz.
  const beaClient = await connect(server, bea.token);
  ids.push(await game(ana, bea, anaClient, { rated: true, end: 'resign' }));
  ids.push(await game(ana, bea, anaClient, { rated: true, end: 'resign' }));
  ids.push(await game(bea, ana, beaClient, { rated: true, end: 'resign' }));
  ids.push(await game(ana, bea, anaClient, { rated: false, variant: 'russian', end: 'resign' }));
  ids.push(await game(ana, bea, anaClient, { rated: false, end: 'abort' }));
  beaClient.close();
});
afterAll(() => anaClient.close());

test('a profile: ratings per variant and speed, W/D/L of every finished game, online now', async () => {
  const r = await http(server, 'GET', `/api/users/${ana.username.toUpperCase()}`);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    id: ana.id,
    username: ana.username,
    online: true,
    count: { games: 4, wins: 1, draws: 0, losses: 3 },
  });
  expect(r.body.ratings).toEqual([
    expect.objectContaining({
      variant: 'english',
      speed: 'blitz',
      games: 3,
      wins: 1,
      losses: 2,
      provisional: true,
    }),
  ]);
  // Glicko-2 from 1500 / RD 500 (lichess's rule: RD grows with time, not per game): lost, lost
  // (to 1741), then beat a 1809 at RD 354: 1574.
  expect(r.body.ratings[0].rating).toBe(1574);
  expect(Date.parse(r.body.createdAt)).toBeLessThanOrEqual(Date.now());
  const unknown = await http(server, 'GET', '/api/users/nobody_here_at_all');
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.code).toBe('NOT_FOUND');
});

test('the game list: newest first, in keyset pages, each from the player’s side', async () => {
  const seen: GameListItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const q: string = cursor ? `&cursor=${cursor}` : '';
    const r = await http(server, 'GET', `/api/users/${ana.username}/games?limit=2${q}`);
    expect(r.status).toBe(200);
    expect(r.body.games.length).toBeLessThanOrEqual(2);
    seen.push(...(r.body.games as GameListItem[]));
    cursor = r.body.next;
    pages++;
  } while (cursor);
  expect(pages).toBe(3);
  expect(seen.map((g) => g.id)).toEqual([...ids].reverse());
  const [aborted, casual, won] = seen;
  expect(aborted).toMatchObject({ outcome: 'aborted', rated: false, color: 'white' });
  expect(casual).toMatchObject({ outcome: 'loss', variant: 'russian', speed: 'blitz' });
  expect(casual.ratingDiff).toBeUndefined();
  expect(won).toMatchObject({
    outcome: 'win',
    rated: true,
    color: 'black',
    rating: expect.any(Number),
  });
  expect(won.ratingDiff).toBeGreaterThan(0);
  expect(won.opponent).toMatchObject({
    id: bea.id,
    name: bea.username,
    ratingDiff: -(won.ratingDiff as number),
  });
  expect(won.url).toBe(`/?game=${won.id}`);
  expect((await http(server, 'GET', won.pdn)).status).toBe(200);
  const russian = await http(server, 'GET', `/api/users/${ana.username}/games?variant=russian`);
  expect(russian.body.games.map((g: GameListItem) => g.id)).toEqual([ids[3]]);
  for (const bad of ['?cursor=nonsense', '?limit=0', '?limit=101', '?variant=chess', '?x=1']) {
    const r = await http(server, 'GET', `/api/users/${ana.username}/games${bad}`);
    expect([bad, r.status, r.body.error.code]).toEqual([bad, 400, 'INVALID_PAYLOAD']);
  }
});

test('the rating history: a point after each rated game, ending at the profile’s rating', async () => {
  const r = await http(
    server,
    'GET',
    `/api/users/${ana.username}/rating-history?variant=english&speed=blitz`,
  );
  expect(r.status).toBe(200);
  expect(r.body).toHaveLength(3);
  const profile = await http(server, 'GET', `/api/users/${ana.username}`);
  expect(r.body[2].rating).toBe(profile.body.ratings[0].rating);
  expect(Date.parse(r.body[0].at)).toBeLessThan(Date.parse(r.body[2].at));
  const none = await http(
    server,
    'GET',
    `/api/users/${ana.username}/rating-history?variant=english&speed=bullet`,
  );
  expect(none.body).toEqual([]);
});

test('two rated games at once: each history point is the rating right after its game', async () => {
  const cy = await account('cy');
  const di = await account('di');
  const cyClient = await connect(server, cy.token);
  try {
    // Both start before either ends: the second's rating at start is stale when it ends.
    const start = async () =>
      (
        await http(server, 'POST', '/api/test/matches', {
          variant: 'english',
          whiteId: cy.id,
          blackId: di.id,
          clock: BLITZ,
          rated: true,
        })
      ).body.id as string;
    const [first, second] = [await start(), await start()];
    for (const id of [first, second]) {
      expectOk(await cyClient.emit('match:join', { matchId: id }));
      expectOk(await cyClient.emit('match:resign', { matchId: id }));
      await cyClient.next('match:end', (e) => e.matchId === id);
    }
    const points = await http(
      server,
      'GET',
      `/api/users/${cy.username}/rating-history?variant=english&speed=blitz`,
    );
    expect(points.body).toHaveLength(2);
    const profile = await http(server, 'GET', `/api/users/${cy.username}`);
    const now = profile.body.ratings[0].rating;
    expect(points.body[1].rating).toBe(now);
    // The first point is lower than the start (a loss) and higher than the last.
    expect(points.body[0].rating).toBeLessThan(1500);
    expect(points.body[0].rating).toBeGreaterThan(now);
  } finally {
    cyClient.close();
  }
});

test('all of a player’s games as one PDN download', async () => {
  const res = await fetch(`${server.url}/api/users/${ana.username}/games.pdn`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${ana.username}.pdn"`);
  const text = await res.text();
  expect(text.match(/\[Event /g)).toHaveLength(5);
  expect(text).toContain(`[White "${ana.username}"]`);
});

test('the leaderboard: established (RD <= 75) players active in the last 30 days, best first', async () => {
  const db = server.app.get(DataSource);
  const rows: [string, number, number, number][] = [
    // name, rating, rd, days since the last game
    ['lead1', 2100, 60, 1],
    ['lead2', 2300, 50, 2],
    ['lead3', 1900, 75, 3],
    ['lead4', 2500, 100, 1], // provisional-ish: RD too high
    ['lead5', 2400, 55, 40], // inactive
  ];
  for (const [name, rating, rd, days] of rows) {
    const a = await account(name);
    await db.query(
      `INSERT INTO ratings (player_id, variant, speed, rating, rd, vol, games, last_game_at)
       VALUES ($1, 'czech', 'classical', $2, $3, 0.06, 50, now() - $4 * interval '1 day')`,
      [a.id, rating, rd, days],
    );
  }
  const r = await http(server, 'GET', '/api/leaderboard/czech/classical');
  expect(r.status).toBe(200);
  expect(r.body.map((e: { username: string; rank: number }) => [e.rank, e.username])).toEqual([
    [1, `lead2${stamp}`],
    [2, `lead1${stamp}`],
    [3, `lead3${stamp}`],
  ]);
  expect((await http(server, 'GET', '/api/leaderboard/czech/hyper')).status).toBe(400);
});
