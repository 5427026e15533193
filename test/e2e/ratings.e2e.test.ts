/**
 * Rated games through the real app: only accounts queue rated, rated and casual pools never
 * meet, the window pairs close ratings at once and far ones later, and a rated game's end moves
 * both ratings once, in its own transaction, carried by match:end and the REST views.
 */
import { DataSource } from 'typeorm';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  newPlayer,
  startServer,
  usingPostgres,
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

let n = 0;
const account = () => newAccount(server, `rated${++n}_${Date.now() % 100000}`);

const db = () => server.app.get(DataSource);
const ratingRow = async (id: string, variant = 'english', speed = 'blitz') =>
  (
    (await db().query(
      `SELECT rating, rd, games, wins, draws, losses FROM ratings
        WHERE player_id = $1 AND variant = $2 AND speed = $3`,
      [id, variant, speed],
    )) as {
      rating: number;
      rd: number;
      games: number;
      wins: number;
      draws: number;
      losses: number;
    }[]
  )[0];

const BLITZ = { initial: 180_000, increment: 2_000 };

/** Both queue rated; their new game (not one of `seen`, which events may still hold). */
async function ratedPair(clients: [Client, Client], seen: string[] = []) {
  for (const c of clients)
    expectOk(await c.emit('queue:join', { variant: 'english', clock: BLITZ, rated: true }));
  return Promise.all(clients.map((c) => c.next('match:start', (s) => !seen.includes(s.id))));
}

test('two accounts queue rated: a rated game shows both ratings, and resigning moves them once', async () => {
  const [a, b] = [await account(), await account()];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  const [start] = await ratedPair([ca, cb]);
  expect(start.rated).toBe(true);
  expect(start.white).toMatchObject({ rating: 1500, provisional: true });
  expect(start.black).toMatchObject({ rating: 1500, provisional: true });
  expect(start.white.ratingDiff).toBeUndefined();
  const loser = start.white.id === a.id ? ca : cb; // white
  expectOk(await loser.emit('match:resign', { matchId: start.id }));
  const end = await ca.next('match:end');
  // White resigned.
  const winnerSide = end.match.black;
  const loserSide = end.match.white;
  expect(winnerSide.ratingDiff).toBeGreaterThan(100); // two newcomers (RD 500) move a lot
  expect(loserSide.ratingDiff).toBe(-(winnerSide.ratingDiff as number));
  const rest = await http(server, 'GET', `/api/matches/${start.id}`);
  expect(rest.body.white).toEqual(end.match.white);
  const winnerId = winnerSide.id;
  const loserId = loserSide.id;
  expect(await ratingRow(winnerId)).toMatchObject({ games: 1, wins: 1, draws: 0, losses: 0 });
  expect(await ratingRow(loserId)).toMatchObject({ games: 1, wins: 0, draws: 0, losses: 1 });
  expect(Math.round((await ratingRow(winnerId)).rating)).toBe(
    1500 + (winnerSide.ratingDiff as number),
  );
  ca.close();
  cb.close();
});

test('guests may not queue rated: ACCOUNT_REQUIRED, and no ticket is left', async () => {
  const guest = await newPlayer(server, 'guest');
  const c = await connect(server, guest.token);
  const ack = await c.emit('queue:join', { variant: 'english', rated: true });
  expect(errorCode(ack)).toBe('ACCOUNT_REQUIRED');
  const tickets = (await db().query(`SELECT 1 FROM queue_tickets WHERE player_id = $1`, [
    guest.id,
  ])) as unknown[];
  expect(tickets).toHaveLength(0);
  c.close();
});

test('rated and casual pools never meet', async () => {
  const [a, b] = [await account(), await account()];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  expectOk(await ca.emit('queue:join', { variant: 'russian', rated: true }));
  expectOk(await cb.emit('queue:join', { variant: 'russian' }));
  await expect(ca.next('match:start', undefined, 2_500)).rejects.toThrow();
  expectOk(await ca.emit('queue:leave', {}));
  expectOk(await cb.emit('queue:leave', {}));
  ca.close();
  cb.close();
});

test('the window: 150 points apart wait, then meet once it has widened (a few seconds)', async () => {
  const [a, b] = [await account(), await account()];
  for (const [p, rating] of [
    [a, 1500],
    [b, 1650],
  ] as const)
    await db().query(
      `INSERT INTO ratings (player_id, variant, speed, rating, rd, vol, games, last_game_at)
       VALUES ($1, 'pool', 'untimed', $2, 60, 0.06, 30, now())`,
      [p.id, rating],
    );
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  const t0 = Date.now();
  expectOk(await ca.emit('queue:join', { variant: 'pool', rated: true }));
  expectOk(await cb.emit('queue:join', { variant: 'pool', rated: true }));
  // +-100 at first; +-150 after 3.75 s of waiting: the sweep pairs them then.
  const start = await ca.next('match:start', undefined, 10_000);
  const waited = Date.now() - t0;
  expect(waited).toBeGreaterThan(3_000);
  expect([start.white.rating, start.black.rating].sort()).toEqual([1500, 1650]);
  expect(start.white.provisional).toBe(false);
  ca.close();
  cb.close();
});

test('a rated game ended by its last move, and a draw, settle ratings; an abort changes nothing', async () => {
  const [a, b] = [await account(), await account()];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  // White to move takes the last black man: the move ends the game by the rules.
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'english',
    fen: 'W:W14:B10',
    whiteId: a.id,
    blackId: b.id,
    clock: BLITZ,
    rated: true,
  });
  expect(made.body.rated).toBe(true);
  expectOk(await ca.emit('match:join', { matchId: made.body.id }));
  expectOk(await ca.emit('match:move', { matchId: made.body.id, from: 14, to: 7 }));
  const end = await ca.next('match:end');
  expect(end.result.winner).toBe('white');
  expect(end.match.white.ratingDiff).toBeGreaterThan(0);
  expect((await ratingRow(a.id)).wins).toBe(1);

  ca.close();
  cb.close();

  // An agreed draw between two newcomers: both play a game, neither moves.
  const [c, d] = [await account(), await account()];
  const [cc, cd] = [await connect(server, c.token), await connect(server, d.token)];
  const [start] = await ratedPair([cc, cd]);
  const [w, bl] = start.white.id === c.id ? [cc, cd] : [cd, cc];
  expectOk(await w.emit('match:draw', { matchId: start.id, action: 'offer' }));
  expectOk(await bl.emit('match:draw', { matchId: start.id, action: 'accept' }));
  const drawn = await cc.next('match:end', (e) => e.matchId === start.id);
  expect([drawn.match.white.ratingDiff, drawn.match.black.ratingDiff]).toEqual([0, 0]);
  expect(await ratingRow(c.id)).toMatchObject({ games: 1, wins: 0, draws: 1, losses: 0 });

  // Aborted before both moved: nothing changes.
  const before = await ratingRow(c.id);
  const [again] = await ratedPair([cc, cd], [start.id]);
  expectOk(await cc.emit('match:abort', { matchId: again.id }));
  const aborted = await cc.next('match:end', (e) => e.matchId === again.id);
  expect(aborted.match.white.ratingDiff).toBeUndefined();
  expect(await ratingRow(c.id)).toEqual(before);
  cc.close();
  cd.close();
});

// PostgreSQL only: two apps on one database stand for two server processes.
if (usingPostgres())
  test('two processes end the same rated game at the same instant: ratings move once', async () => {
    const second = await server.another();
    try {
      for (let round = 0; round < 5; round++) {
        const [a, b] = [await account(), await account()];
        const ca = await connect(server, a.token);
        const cb = await connect(second, b.token);
        const [start] = await ratedPair([ca, cb]);
        // Both resign at once, each through its own process: one ending wins, one is refused.
        const acks = await Promise.all([
          ca.emit('match:resign', { matchId: start.id }),
          cb.emit('match:resign', { matchId: start.id }),
        ]);
        expect(acks.filter((x) => x.ok)).toHaveLength(1);
        expect(acks.map(errorCode).filter(Boolean)).toEqual(['MATCH_OVER']);
        for (const id of [a.id, b.id]) expect((await ratingRow(id)).games).toBe(1);
        ca.close();
        cb.close();
      }
    } finally {
      await second.stop();
    }
  });

test('rated games ended at the same instant: the rating history ends where the profile is', async () => {
  const a = await account();
  const others = [await account(), await account(), await account(), await account()];
  // Twice: the first round makes the rating rows (no row to lock with the match yet), the second
  // settles from the rows each game's lock read with its match (issue 36).
  for (const round of [1, 2]) {
    const ids: string[] = [];
    for (const o of others) {
      const made = await http(server, 'POST', '/api/test/matches', {
        variant: 'english',
        whiteId: a.id,
        blackId: o.id,
        clock: BLITZ,
        rated: true,
      });
      ids.push(made.body.id);
    }
    // Four sockets resign the four games at once: on PostgreSQL the endings overlap, and the
    // order their ratings are applied in need not be the order of the instants they read (it
    // failed 2 runs in 3 there before the fix; on PGlite the endings run one after another).
    const sockets = await Promise.all(ids.map(() => connect(server, a.token)));
    const acks = await Promise.all(
      sockets.map((s, i) => s.emit('match:resign', { matchId: ids[i] })),
    );
    expect(acks.every((x) => x.ok)).toBe(true);
    for (const s of sockets) s.close();
    const profile = (await http(server, 'GET', `/api/users/${a.username}`)).body;
    const history = (
      await http(
        server,
        'GET',
        `/api/users/${a.username}/rating-history?variant=english&speed=blitz`,
      )
    ).body as { at: string; rating: number }[];
    expect(history).toHaveLength(4 * round);
    expect(profile.ratings[0].games).toBe(4 * round);
    expect(history.at(-1)?.rating).toBe(profile.ratings[0].rating);
    // Each loss took the rating down: in the order they were applied, the history falls.
    for (let i = 1; i < history.length; i++)
      expect(history[i].rating).toBeLessThan(history[i - 1].rating);
  }
  for (const o of others) expect((await ratingRow(o.id)).wins).toBe(2);
});
