/**
 * Arenas through the real app and real socket.io clients: made by an account, joined, started on
 * time, paired by the wave, played (a resignation, a berserk win, a quick draw), scored in the
 * games' endings, standings and the page's live updates, pause and rejoin, the end with its
 * winner; and the refusals (a finished event, a wrong password, conditions, a late berserk, an
 * arena in the past or ten hours long). With PostgreSQL, two processes race the same waves.
 */
import type { MatchState, Standing, TournamentPage } from '../../src/common/protocol.js';
import { Position, unwrap } from '../../src/rules/index.js';
import { plannedArenas } from '../../src/tournaments/arena/arena-schedule-rules.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  newPlayer,
  refusal,
  startServer,
  TestTime,
  usingPostgres,
  type Client,
  type Player,
  type Server,
} from './harness.js';

const time = new TestTime();
let server: Server;
beforeAll(async () => {
  server = await startServer({}, { time });
});
afterAll(async () => {
  await server.destroy();
});

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
async function client(p: Player, s: Server = server): Promise<Client> {
  const c = await connect(s, p.token);
  open.push(c);
  return c;
}

let n = 0;
const account = () => newAccount(server, `ar${++n}_${Date.now() % 100000}`);

async function arena(owner: Player, terms: object = {}): Promise<string> {
  const startsAt = new Date(time.now().getTime() + 60_000).toISOString();
  const r = await http(
    server,
    'POST',
    '/api/tournament',
    {
      variant: 'russian',
      clock: { initial: 180_000, increment: 2000 },
      minutes: 30,
      startsAt,
      ...terms,
    },
    owner.token,
  );
  if (r.status !== 201) throw new Error(`POST /api/tournament: ${r.status} ${r.text}`);
  return (r.body as { id: string }).id;
}

const join = (p: Player, id: string, body: object = {}) =>
  http(server, 'POST', `/api/tournament/${id}/join`, body, p.token);

const page = async (id: string, p?: Player) =>
  (await http(server, 'GET', `/api/tournament/${id}`, undefined, p?.token)).body as TournamentPage;

const line = (pg: TournamentPage, p: Player): Standing | undefined =>
  pg.standings.players.find((s) => s.playerId === p.id);

/** The arena's start: time moves past it, the next tick starts it and pairs the waiting. */
async function start(): Promise<void> {
  time.advance(61_000);
}

test('an arena: join, start, paired by the wave, a win scores 2, then 2 more and fire, 4 on fire, a quick draw 0, pause, the end', async () => {
  const owner = await account();
  const [ana, bruno] = [await account(), await account()];
  const id = await arena(owner);
  expect((await page(id)).tournament).toMatchObject({
    kind: 'arena',
    status: 'created',
    players: 0,
  });
  expect((await join(ana, id)).status).toBe(200);
  expect((await join(bruno, id)).status).toBe(200);
  const ca = await client(ana);
  const cb = await client(bruno);
  const watch = expectOk(await ca.emit('tournament:watch', { tournamentId: id }));
  expect(watch.page.tournament.players).toBe(2);
  await start();
  const started = await ca.next('match:start', (m) => m.tournamentId === id);
  await cb.next('match:start', (m) => m.id === started.id);
  expect(started.takebacks).toBe(false);
  // No calling off (the event scores a no-show by the first-move time) and, after, no rematch.
  expect(refusal(await ca.emit('match:abort', { matchId: started.id }))).toBe(
    'REFUSED/TOURNAMENT_GAME',
  );
  await ca.next('tournament:update', (u) => u.tournament?.status === 'started');

  // Game 1: the side to move resigns after both moved; the other wins 2.
  const g1 = started;
  const winner1 = await playTwoPliesAndResign(g1, ana, ca, cb);
  let pg = await page(id, ana);
  expect(refusal(await ca.emit('match:rematch', { matchId: g1.id, action: 'offer' }))).toBe(
    'REFUSED/TOURNAMENT_GAME',
  );
  const w1 = winner1 === 'ana' ? ana : bruno;
  const l1 = winner1 === 'ana' ? bruno : ana;
  expect(line(pg, w1)).toMatchObject({ score: 2, sheet: '2', games: 1, wins: 1 });
  expect(line(pg, l1)).toMatchObject({ score: 0, sheet: '0', games: 1, losses: 1 });
  expect(pg.standings.players[0].playerId).toBe(w1.id);

  // Standings reach the watchers as deltas.
  const update = await ca.next('tournament:update', (u) => (u.changed ?? []).length > 0);
  expect(update.changed?.map((s) => s.playerId).sort()).toEqual([ana.id, bruno.id].sort());

  // Game 2: both are paired again (two players: the last two play again).
  const g2 = await ca.next('match:start', (m) => m.tournamentId === id && m.id !== g1.id);
  pg = await page(id, ana);
  expect(pg.featured).toBe(g2.id);
  expect(pg.me).toMatchObject({ status: 'active', matchId: g2.id });
  // The winner of game 1 berserks before its first move: its clock halves.
  const wc = w1 === ana ? ca : cb;
  const lc = w1 === ana ? cb : ca;
  expectOk(await wc.emit('match:berserk', { matchId: g2.id }));
  const b = await lc.next('match:berserk', (e) => e.matchId === g2.id);
  const side = g2.white.id === w1.id ? 'white' : 'black';
  expect(b.by).toBe(side);
  expect(b.clocks[side]).toBe(90_000);
  // Twice is refused.
  expect(refusal(await wc.emit('match:berserk', { matchId: g2.id }))).toBe('REFUSED/BERSERK_LATE');
  // The loser of game 1 resigns at once: a win in fewer than 14 plies gets no berserk point.
  expectOk(await lc.emit('match:resign', { matchId: g2.id }));
  await wc.next('match:end', (e) => e.matchId === g2.id);
  pg = await page(id, ana);
  expect(line(pg, w1)).toMatchObject({ score: 4, sheet: '2 2', fire: true });

  // Game 3: on fire, a win counts 4.
  const g3 = await ca.next('match:start', (m) => m.tournamentId === id && m.id !== g2.id);
  expectOk(await lc.emit('match:resign', { matchId: g3.id }));
  await wc.next('match:end', (e) => e.matchId === g3.id);
  pg = await page(id, ana);
  expect(line(pg, w1)).toMatchObject({ score: 8, sheet: '2 2 4*', fire: true, games: 3 });

  // A quick draw (agreed in fewer than 20 plies) scores 0 for both and ends the fire.
  const g4 = await ca.next('match:start', (m) => m.tournamentId === id && m.id !== g3.id);
  expectOk(await ca.emit('match:draw', { matchId: g4.id, action: 'offer' }));
  expectOk(await cb.emit('match:draw', { matchId: g4.id, action: 'accept' }));
  await ca.next('match:end', (e) => e.matchId === g4.id);
  pg = await page(id, ana);
  expect(line(pg, w1)).toMatchObject({ score: 8, sheet: '2 2 4* 0', fire: false, draws: 1 });
  expect(line(pg, l1)).toMatchObject({ score: 0, sheet: '0 0 0 0', draws: 1 });

  // Paused: not paired again; the score stays.
  const g5 = await ca.next('match:start', (m) => m.tournamentId === id && m.id !== g4.id);
  expect((await http(server, 'POST', `/api/tournament/${id}/pause`, {}, ana.token)).status).toBe(
    200,
  );
  // Game 5 still counts: game 1's loser resigns it (no fire since the quick draw: 2).
  expectOk(await lc.emit('match:resign', { matchId: g5.id }));
  await ca.next('match:end', (e) => e.matchId === g5.id);
  await new Promise((r) => setTimeout(r, 800)); // several waves
  pg = await page(id, ana);
  expect(pg.me).toMatchObject({ status: 'paused', matchId: null });
  expect(ca.events.some((e) => e.event === 'match:start')).toBe(false);

  // The end: the arena is over, the winner named, the podium shown; joining is refused.
  time.advance(30 * 60_000);
  await ca.next('tournament:update', (u) => u.tournament?.status === 'finished');
  pg = await page(id);
  expect(pg.tournament.status).toBe('finished');
  expect(pg.tournament.winner?.id).toBe(pg.standings.players[0].playerId);
  expect(pg.podium?.length).toBe(2);
  const late = await account();
  const r = await join(late, id);
  expect(r.status).toBe(422);
  expect(refusal(r.body as never)).toBe('REFUSED/TOURNAMENT_OVER');
  // Every game is listed; the scores equal a recount from the stored games.
  const games = (await http(server, 'GET', `/api/tournament/${id}/games`)).body as unknown[];
  expect(games).toHaveLength(5);
  const recount = (await http(server, 'GET', `/api/test/tournaments/${id}/recount`)).body as {
    stored: Record<string, number>;
    recounted: Record<string, number>;
  };
  expect(recount.stored).toEqual(recount.recounted);
  expect(recount.stored[w1.id]).toBe(10);
}, 60_000);

/** White and Black each make their first move, then the side to move resigns. */
async function playTwoPliesAndResign(
  g: MatchState,
  ana: Player,
  ca: Client,
  cb: Client,
): Promise<'ana' | 'bruno'> {
  const whiteIsAna = g.white.id === ana.id;
  const [cw, cbk] = whiteIsAna ? [ca, cb] : [cb, ca];
  await firstLegal(cw, g.id);
  await firstLegal(cbk, g.id);
  expectOk(await cw.emit('match:resign', { matchId: g.id }));
  await ca.next('match:end', (e) => e.matchId === g.id);
  return whiteIsAna ? 'bruno' : 'ana';
}

async function firstLegal(c: Client, matchId: string): Promise<void> {
  const { match } = expectOk(await c.emit('match:join', { matchId }));
  const path = unwrap(Position.fromFen(match.variant, match.fen)).legalMoves()[0].path;
  expectOk(await c.emit('match:move', { matchId, path }));
}

test('refusals: a wrong password, conditions not met, a guest in a rated arena, bad terms', async () => {
  const owner = await account();
  const id = await arena(owner, { password: 'secret' });
  const ana = await account();
  let r = await join(ana, id);
  expect(r.status).toBe(403);
  expect(refusal(r.body as never)).toBe('FORBIDDEN/WRONG_PASSWORD');
  expect((await join(ana, id, { password: 'secret' })).status).toBe(200);
  expect((await page(id)).tournament.private).toBe(true);

  const strict = await arena(owner, { conditions: { minRatedGames: 5 } });
  r = await join(ana, strict);
  expect(r.status).toBe(403);
  expect(refusal(r.body as never)).toBe('FORBIDDEN/CONDITIONS_NOT_MET');

  const guest = await newPlayer(server, 'guest');
  r = await join(guest, await arena(owner));
  expect(errorCode(r.body as never)).toBe('ACCOUNT_REQUIRED');
  // A guest may play a casual arena.
  expect((await join(guest, await arena(owner, { rated: false }))).status).toBe(200);

  const past = new Date(time.now().getTime() - 3_600_000).toISOString();
  r = await http(
    server,
    'POST',
    '/api/tournament',
    { variant: 'russian', clock: { initial: 180_000, increment: 0 }, minutes: 30, startsAt: past },
    owner.token,
  );
  expect(r.status).toBe(400);
  expect(errorCode(r.body as never)).toBe('INVALID_PAYLOAD');
  r = await http(
    server,
    'POST',
    '/api/tournament',
    { variant: 'russian', clock: { initial: 180_000, increment: 0 }, minutes: 600 },
    owner.token,
  );
  expect(r.status).toBe(400);
  // Guests do not make tournaments; unknown ids are NOT_FOUND.
  r = await http(
    server,
    'POST',
    '/api/tournament',
    { variant: 'russian', clock: { initial: 180_000, increment: 0 }, minutes: 30 },
    guest.token,
  );
  expect(errorCode(r.body as never)).toBe('ACCOUNT_REQUIRED');
  r = await http(server, 'GET', '/api/tournament/00000000-0000-4000-8000-000000000000');
  expect(r.status).toBe(404);
  // Withdrawing from an event one is not in.
  r = await http(server, 'POST', `/api/tournament/${strict}/withdraw`, {}, ana.token);
  expect(refusal(r.body as never)).toBe('REFUSED/NOT_JOINED');
  // A berserk outside an arena game.
  const c = await client(ana);
  const bob = await account();
  const q1 = await c.emit('queue:join', {
    variant: 'russian',
    clock: { initial: 60_000, increment: 0 },
  });
  expectOk(q1);
  const cbob = await client(bob);
  expectOk(
    await cbob.emit('queue:join', { variant: 'russian', clock: { initial: 60_000, increment: 0 } }),
  );
  const m = await c.next('match:start');
  expect(refusal(await c.emit('match:berserk', { matchId: m.id }))).toBe('REFUSED/NOT_BERSERKABLE');
});

test('bots join where the organiser allows them (Bot API token)', async () => {
  const owner = await account();
  const b = await account();
  const t = await http(
    server,
    'POST',
    '/api/tokens',
    { description: 'b', scopes: ['bot:play'] },
    b.token,
  );
  const api = (t.body as { token: string }).token;
  expect((await http(server, 'POST', '/api/bot/account/upgrade', undefined, api)).status).toBe(200);
  const closed = await arena(owner, { rated: false });
  const r = await join({ ...b, token: api }, closed);
  expect(r.status).toBe(403);
  const welcome = await arena(owner, { rated: false, allowBots: true });
  expect((await page(welcome)).tournament.allowBots).toBe(true);
  expect((await join({ ...b, token: api }, welcome)).status).toBe(200);
});

if (usingPostgres())
  test('two processes race the same waves: every waiting player paired once, scores once', async () => {
    const second = await server.another();
    const owner = await account();
    const id = await arena(owner, { rated: false });
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newPlayer(server, `racer${i}`)),
    );
    for (const p of players) expect((await join(p, id)).status).toBe(200);
    const clients = await Promise.all(players.map((p, i) => client(p, i % 2 ? second : server)));
    await start();
    const games = await Promise.all(
      clients.map((c) => c.next('match:start', (m) => m.tournamentId === id)),
    );
    // Six games, each player in exactly one.
    const ids = new Set(games.map((g) => g.id));
    expect(ids.size).toBe(6);
    const seats = games.flatMap((g) => [g.white.id, g.black.id]);
    expect(new Set(seats).size).toBe(12);
    await new Promise((r) => setTimeout(r, 600)); // more waves on both processes: nobody again
    for (const c of clients)
      expect(c.events.filter((e) => e.event === 'match:start').length).toBe(0);
    // Every game resigned from the two processes: each scores once.
    await Promise.all(
      [...ids].map(async (matchId) => {
        const g = games.find((x) => x.id === matchId) as MatchState;
        const i = players.findIndex((p) => p.id === g.white.id);
        expectOk(await clients[i].emit('match:resign', { matchId }));
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const standings = (await http(server, 'GET', `/api/tournament/${id}/standings`)).body as {
      players: Standing[];
    };
    const total = standings.players.reduce((sum, s) => sum + s.score, 0);
    expect(total).toBe(12); // six wins of 2
    expect(standings.players.every((s) => s.games === 1)).toBe(true);
    await second.stop();
  });

test('the schedule makes each hourly arena once, even with several processes', async () => {
  const scheduled = await startServer({ arenaSchedule: true });
  const other = usingPostgres() ? await scheduled.another() : null;
  try {
    const listed = async () => {
      const list = (await http(scheduled, 'GET', '/api/tournament')).body as {
        created: { name: string; startsAt: string; scheduled: boolean }[];
        started: { name: string; startsAt: string; scheduled: boolean }[];
      };
      return [...list.created, ...list.started].filter((t) => t.scheduled);
    };
    const want = Math.min(50, plannedArenas(new Date(), 24).length);
    const until = Date.now() + 15_000;
    while ((await listed()).length < want && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    const made = await listed();
    expect(made.length).toBeGreaterThanOrEqual(want);
    const keys = made.map((t) => `${t.name}@${t.startsAt}`);
    expect(new Set(keys).size).toBe(keys.length);
  } finally {
    await other?.stop();
    await scheduled.destroy();
  }
});
