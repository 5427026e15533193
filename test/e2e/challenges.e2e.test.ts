/**
 * Challenges through the real app and real socket.io clients: a link accepted by a guest, a
 * direct challenge accepted and declined, the races (two accepts of one link, a cancel against
 * an accept), limits, the lobby's seeks appearing and vanishing, expiry, and correspondence games
 * whose deadline falls (the clock moved by the test's time source, not waited for). With
 * PostgreSQL, the same across two server processes.
 */
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  newPlayer,
  startServer,
  TestTime,
  usingPostgres,
  type Client,
  type Player,
  type Server,
} from './harness.js';
import type { Challenge, MatchEnd, MyGames } from '../../src/common/protocol.js';

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
async function client(s: Server, p: Player): Promise<Client> {
  const c = await connect(s, p.token);
  open.push(c);
  return c;
}

let n = 0;
const account = (s: Server = server) => newAccount(s, `ch${++n}_${Date.now() % 100000}`);

async function challenge(p: Player, terms: object, s: Server = server): Promise<Challenge> {
  const r = await http(s, 'POST', '/api/challenges', terms, p.token);
  if (r.status !== 201) throw new Error(`POST /api/challenges: ${r.status} ${r.text}`);
  return r.body as Challenge;
}

test('a link: the creator sends it, a guest opens it, accepts, and both are in the game', async () => {
  const ana = await newPlayer(server, 'ana');
  const bruno = await newPlayer(server, 'bruno');
  const ca = await client(server, ana);
  const c = await challenge(ana, {
    variant: 'russian',
    clock: { initial: 60_000, increment: 1000 },
  });
  expect(c).toMatchObject({
    status: 'open',
    url: `/challenge/${c.id}`,
    challenger: { id: ana.id, name: 'ana' },
    dest: null,
    variant: 'russian',
    speed: 'bullet',
    color: 'random',
    rated: false,
    public: false,
  });
  expect(Date.parse(c.expiresAt) - Date.parse(c.createdAt)).toBe(20 * 60_000);
  // Whoever has the link sees the terms (no token needed) and the page is served.
  expect((await http(server, 'GET', `/api/challenges/${c.id}`)).body).toEqual(c);
  const cb = await client(server, bruno);
  const watched = expectOk(await cb.emit('challenge:watch', { challengeId: c.id }));
  expect(watched.challenge.id).toBe(c.id);

  const { matchId } = expectOk(await cb.emit('challenge:accept', { challengeId: c.id }));
  // The creator's page moves on by itself: the start, and the challenge accepted.
  const start = await ca.next('match:start', (s) => s.id === matchId);
  expect(start).toMatchObject({ variant: 'russian', rated: false, correspondence: null });
  expect(new Set([start.white.id, start.black.id])).toEqual(new Set([ana.id, bruno.id]));
  expect(start.clock).toMatchObject({ white: expect.any(Number), black: expect.any(Number) });
  const update = await ca.next('challenge:update', (u) => u.id === c.id);
  expect(update).toMatchObject({ status: 'accepted', matchId });
  await cb.next('match:start', (s) => s.id === matchId);
  // And they play.
  const white = start.white.id === ana.id ? ca : cb;
  expectOk(await white.emit('match:move', { matchId, from: 22, to: 18 }));
  // Once accepted it is closed.
  const third = await client(server, await newPlayer(server, 'carla'));
  expect(errorCode(await third.emit('challenge:accept', { challengeId: c.id }))).toBe(
    'CHALLENGE_CLOSED',
  );
});

test('the challenger picks a colour; a start position is kept (casual)', async () => {
  const ana = await newPlayer(server, 'ana');
  const bruno = await newPlayer(server, 'bruno');
  const c = await challenge(ana, { color: 'black', fen: 'W:W31,32:B1' });
  expect(c.fen).toBe('W:W31,32:B1');
  const r = await http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token);
  expect(r.status).toBe(200);
  const state = (await http(server, 'GET', `/api/matches/${r.body.matchId}`)).body;
  expect(state.white.id).toBe(bruno.id);
  expect(state.black.id).toBe(ana.id);
  expect(state.initialFen).toBe('W:W31,32:B1');
});

test('a direct challenge reaches every tab of the challenged; accepted, a rated game starts', async () => {
  const alice = await account();
  const bob = await account();
  const ca = await client(server, alice);
  const tab1 = await client(server, bob);
  const tab2 = await client(server, bob);
  const { challenge: c } = expectOk(
    await ca.emit('challenge:create', {
      to: bob.username.toUpperCase(), // any case of the username
      rated: true,
      clock: { initial: 300_000, increment: 3000 },
    }),
  );
  expect(c).toMatchObject({
    dest: { id: bob.id, name: bob.username },
    rated: true,
    speed: 'blitz',
  });
  expect(c.challenger.rating).toBe(1500);
  for (const tab of [tab1, tab2]) expect((await tab.next('challenge:new')).id).toBe(c.id);
  // Listed as bob's incoming and alice's outgoing.
  const lists = (await http(server, 'GET', '/api/challenges', undefined, bob.token)).body;
  expect(lists.in.map((x: Challenge) => x.id)).toEqual([c.id]);
  expect(
    (await http(server, 'GET', '/api/challenges', undefined, alice.token)).body.out,
  ).toHaveLength(1);
  // Someone else cannot take it.
  const carla = await client(server, await newPlayer(server, 'carla'));
  expect(errorCode(await carla.emit('challenge:accept', { challengeId: c.id }))).toBe(
    'NOT_A_PLAYER',
  );

  const { matchId } = expectOk(await tab1.emit('challenge:accept', { challengeId: c.id }));
  const start = await ca.next('match:start', (s) => s.id === matchId);
  expect(start.rated).toBe(true);
  expect(start.white.rating).toBe(1500);
  expect((await ca.next('challenge:update')).status).toBe('accepted');
  expect((await tab2.next('challenge:update')).matchId).toBe(matchId);
});

test('a direct challenge declined: the challenger hears it at once, with the reason', async () => {
  const alice = await account();
  const bob = await account();
  const ca = await client(server, alice);
  const cb = await client(server, bob);
  const { challenge: c } = expectOk(await ca.emit('challenge:create', { to: bob.username }));
  await cb.next('challenge:new');
  expect(errorCode(await ca.emit('challenge:decline', { challengeId: c.id }))).toBe('NOT_A_PLAYER');
  expect(
    errorCode(await cb.emitRaw('challenge:decline', { challengeId: c.id, reason: 'whatever' })),
  ).toBe('INVALID_PAYLOAD');
  expectOk(await cb.emit('challenge:decline', { challengeId: c.id, reason: 'tooFast' }));
  const update = await ca.next('challenge:update');
  expect(update).toMatchObject({ id: c.id, status: 'declined', declineReason: 'tooFast' });
  expect(errorCode(await cb.emit('challenge:accept', { challengeId: c.id }))).toBe(
    'CHALLENGE_CLOSED',
  );
  // Through REST too, the default reason.
  const c2 = await challenge(alice, { to: bob.username });
  const r = await http(server, 'POST', `/api/challenges/${c2.id}/decline`, {}, bob.token);
  expect(r.body).toMatchObject({ status: 'declined', declineReason: 'generic' });
});

test('two accept one link at the same instant: one game, the other CHALLENGE_CLOSED', async () => {
  for (let round = 0; round < 8; round++) {
    const ana = await newPlayer(server, 'ana');
    const c = await challenge(ana, {});
    const takers = await Promise.all([newPlayer(server, 'b'), newPlayer(server, 'c')]);
    const answers = await Promise.all(
      takers.map((t) => http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, t.token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe('CHALLENGE_CLOSED');
    const games = (await http(server, 'GET', '/api/me/games', undefined, ana.token))
      .body as MyGames;
    expect(games.games).toHaveLength(1);
    expect(games.games[0].id).toBe(answers.find((a) => a.status === 200)?.body.matchId);
  }
});

test('a cancel raced with an accept: a game or a cancelled challenge, never both', async () => {
  for (let round = 0; round < 10; round++) {
    const ana = await newPlayer(server, 'ana');
    const bruno = await newPlayer(server, 'bruno');
    const c = await challenge(ana, {});
    const [cancel, accept] = await Promise.all([
      http(server, 'POST', `/api/challenges/${c.id}/cancel`, undefined, ana.token),
      http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token),
    ]);
    const after = (await http(server, 'GET', `/api/challenges/${c.id}`)).body as Challenge;
    const games = (await http(server, 'GET', '/api/me/games', undefined, ana.token))
      .body as MyGames;
    if (accept.status === 200) {
      expect(cancel.body.error.code).toBe('CHALLENGE_CLOSED');
      expect(after).toMatchObject({ status: 'accepted', matchId: accept.body.matchId });
      expect(games.games).toHaveLength(1);
    } else {
      expect(cancel.status).toBe(200);
      expect(accept.body.error.code).toBe('CHALLENGE_CLOSED');
      expect(after).toMatchObject({ status: 'cancelled', matchId: null });
      expect(games.games).toHaveLength(0);
    }
  }
});

test('bad terms and bad answers get typed errors and change nothing', async () => {
  const ana = await newPlayer(server, 'ana');
  const post = (body: unknown, token = ana.token) =>
    http(server, 'POST', '/api/challenges', body, token);
  const code = async (body: unknown) => (await post(body)).body.error?.code;
  expect(await code({ days: 4 })).toBe('INVALID_PAYLOAD');
  expect(await code({ days: 3, clock: { initial: 60_000, increment: 0 } })).toBe('INVALID_PAYLOAD');
  expect(await code({ fen: 'W:W31:B1', rated: true })).toBe('INVALID_PAYLOAD');
  expect(await code({ fen: 'not a fen' })).toBe('INVALID_PAYLOAD');
  expect(await code({ variant: 'chess' })).toBe('INVALID_PAYLOAD');
  expect(await code({ colour: 'white' })).toBe('INVALID_PAYLOAD');
  expect(await code({ rated: true })).toBe('ACCOUNT_REQUIRED');
  expect(await code({ to: 'nobody_here' })).toBe('NOT_FOUND');
  expect((await post({}, 'bad token')).status).toBe(401);
  const me = await account();
  expect((await post({ to: me.username }, me.token)).body.error).toMatchObject({
    code: 'INVALID_PAYLOAD',
    subcode: 'SELF_CHALLENGE',
  });
  expect((await http(server, 'GET', '/api/challenges/not-a-uuid')).status).toBe(400);
  const unknown = '00000000-0000-4000-8000-000000000000';
  expect((await http(server, 'GET', `/api/challenges/${unknown}`)).status).toBe(404);
  // Rated: the acceptor must be an account too.
  const rated = await challenge(me, { rated: true });
  const guest = await newPlayer(server, 'guest');
  const r = await http(
    server,
    'POST',
    `/api/challenges/${rated.id}/accept`,
    undefined,
    guest.token,
  );
  expect(r.body.error.code).toBe('ACCOUNT_REQUIRED');
  // Own challenge: not accepted by its challenger; cancelled only by them.
  const own = await challenge(ana, {});
  const mine = await http(server, 'POST', `/api/challenges/${own.id}/accept`, undefined, ana.token);
  expect(mine.body.error.code).toBe('NOT_A_PLAYER');
  const theirs = await http(
    server,
    'POST',
    `/api/challenges/${own.id}/cancel`,
    undefined,
    guest.token,
  );
  expect(theirs.body.error.code).toBe('NOT_A_PLAYER');
  expect((await http(server, 'GET', `/api/challenges/${own.id}`)).body.status).toBe('open');
  expect((await http(server, 'GET', `/api/challenges/${rated.id}`)).body.status).toBe('open');
});

test('open challenges are bounded per player, and challenge spam is RATE_LIMITED', async () => {
  // No refill while the test runs, however slowly the machine runs it: the count is exact.
  time.freeze();
  try {
    const ana = await newPlayer(server, 'ana');
    const made: Challenge[] = [];
    for (let i = 0; i < 20; i++) made.push(await challenge(ana, {}));
    const over = await http(server, 'POST', '/api/challenges', {}, ana.token);
    expect(over.body.error.code).toBe('TOO_MANY_CHALLENGES');
    expect(over.status).toBe(429);
    // Cancelling one frees a place.
    const cancel = (c: Challenge) =>
      http(server, 'POST', `/api/challenges/${c.id}/cancel`, undefined, ana.token);
    expect((await cancel(made[0])).status).toBe(200);
    let again = await http(server, 'POST', '/api/challenges', {}, ana.token);
    expect(again.status).toBe(201);
    // Made and cancelled over and over: the bucket (a burst of 30) runs out.
    let tries = 0;
    while (again.status === 201 && tries++ < 20) {
      await cancel(again.body as Challenge);
      again = await http(server, 'POST', '/api/challenges', {}, ana.token);
    }
    expect(again.body.error.code).toBe('RATE_LIMITED');
    // 30 tokens: 20 open, the one refused TOO_MANY_CHALLENGES, the one after the cancel, 8 more.
    expect(tries).toBe(9);
  } finally {
    time.thaw();
  }
});

test('the lobby: seeks appear and vanish (accepted, cancelled, the seeker gone)', async () => {
  const watcher = await client(server, await newPlayer(server, 'watcher'));
  const before = expectOk(await watcher.emit('lobby:subscribe', {}));
  const seekers = await Promise.all([0, 1, 2].map((i) => newPlayer(server, `seeker${i}`)));
  const sockets = await Promise.all(seekers.map((p) => client(server, p)));
  const seeks: Challenge[] = [];
  for (const s of sockets) {
    const { challenge: c } = expectOk(
      await s.emit('challenge:create', {
        public: true,
        clock: { initial: 180_000, increment: 2000 },
      }),
    );
    expect(c.public).toBe(true);
    seeks.push(c);
    expect((await watcher.next('lobby:seek', (x) => x.id === c.id)).challenger.name).toMatch(
      /^seeker/,
    );
  }
  const listed = (await http(server, 'GET', '/api/lobby/seeks')).body as Challenge[];
  expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining(seeks.map((x) => x.id)));
  expect(listed.length).toBe(before.seeks.length + 3);
  // Clicking one starts the game (exactly once) and it leaves the lobby.
  const taker = await client(server, await newPlayer(server, 'taker'));
  const { matchId } = expectOk(await taker.emit('challenge:accept', { challengeId: seeks[0].id }));
  await sockets[0].next('match:start', (s) => s.id === matchId);
  await watcher.next('lobby:unseek', (x) => x.id === seeks[0].id);
  // Cancelled.
  expectOk(await sockets[1].emit('challenge:cancel', { challengeId: seeks[1].id }));
  await watcher.next('lobby:unseek', (x) => x.id === seeks[1].id);
  // The seeker's socket goes: so does the seek.
  sockets[2].close();
  await watcher.next('lobby:unseek', (x) => x.id === seeks[2].id);
  expect((await http(server, 'GET', `/api/challenges/${seeks[2].id}`)).body.status).toBe(
    'cancelled',
  );
  // A lobby seek is left, not declined; after unsubscribing, no more news.
  expectOk(await watcher.emit('lobby:unsubscribe', {}));
  const s4 = await client(server, await newPlayer(server, 'late'));
  const { challenge: late } = expectOk(await s4.emit('challenge:create', { public: true }));
  expect(errorCode(await taker.emit('challenge:decline', { challengeId: late.id }))).toBe(
    'REFUSED',
  );
  await new Promise((r) => setTimeout(r, 200));
  expect(watcher.events.some((e) => e.event === 'lobby:seek' && e.data.id === late.id)).toBe(false);
});

test('an unanswered challenge expires after 20 minutes: the challenger hears it, nobody can accept', async () => {
  const ana = await newPlayer(server, 'ana');
  const ca = await client(server, ana);
  const c = await challenge(ana, { clock: { initial: 60_000, increment: 0 } });
  const corr = await challenge(ana, { days: 3 });
  expect(Date.parse(corr.expiresAt) - Date.parse(corr.createdAt)).toBe(7 * 86_400_000);
  time.advance(20 * 60_000 + 1000);
  try {
    expect((await ca.next('challenge:update', (u) => u.id === c.id)).status).toBe('expired');
    const bruno = await newPlayer(server, 'bruno');
    const r = await http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token);
    expect(r.body.error.code).toBe('CHALLENGE_CLOSED');
    // The correspondence one still waits.
    expect((await http(server, 'GET', `/api/challenges/${corr.id}`)).body.status).toBe('open');
  } finally {
    time.advance(-(20 * 60_000 + 1000));
  }
});

test('error precedence: the payload first, then who asks, then whether it is still open', async () => {
  const r = await http(server, 'POST', '/api/challenges', { fen: 'nonsense' }, 'bad token');
  expect(r.body.error.code).toBe('INVALID_PAYLOAD');
  const alice = await account();
  const bob = await account();
  const stranger = await newPlayer(server, 'stranger');
  const c = await challenge(alice, { to: bob.username });
  await http(server, 'POST', `/api/challenges/${c.id}/cancel`, undefined, alice.token);
  for (const action of ['accept', 'decline', 'cancel']) {
    const a = await http(server, 'POST', `/api/challenges/${c.id}/${action}`, {}, stranger.token);
    expect([action, a.body.error.code]).toEqual([action, 'NOT_A_PLAYER']);
  }
  const late = await http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bob.token);
  expect(late.body.error.code).toBe('CHALLENGE_CLOSED');
});

test('a start position already decided is refused', async () => {
  const ana = await newPlayer(server, 'ana');
  for (const fen of ['W:W:B1', 'W:W31:B', 'B:W32:B28']) {
    const r = await http(server, 'POST', '/api/challenges', { fen }, ana.token);
    expect([fen, r.body.error?.code]).toEqual([fen, 'INVALID_PAYLOAD']);
  }
});

test('the challenged hears a cancel and an expiry; a watcher of the page hears them too', async () => {
  const alice = await account();
  const bob = await account();
  const cb = await client(server, bob);
  const watcher = await client(server, await newPlayer(server, 'watcher'));
  const c = await challenge(alice, { to: bob.username });
  expectOk(await watcher.emit('challenge:watch', { challengeId: c.id }));
  await http(server, 'POST', `/api/challenges/${c.id}/cancel`, undefined, alice.token);
  expect((await cb.next('challenge:update', (u) => u.id === c.id)).status).toBe('cancelled');
  expect((await watcher.next('challenge:update', (u) => u.id === c.id)).status).toBe('cancelled');
  const c2 = await challenge(alice, { to: bob.username, clock: { initial: 60_000, increment: 0 } });
  time.advance(20 * 60_000 + 1000);
  try {
    expect((await cb.next('challenge:update', (u) => u.id === c2.id)).status).toBe('expired');
  } finally {
    time.advance(-(20 * 60_000 + 1000));
  }
});

test('one open challenge per pair; the bound holds against creations at the same instant', async () => {
  const alice = await account();
  const bob = await account();
  await challenge(alice, { to: bob.username });
  const again = await http(server, 'POST', '/api/challenges', { to: bob.username }, alice.token);
  expect(again.body.error.code).toBe('TOO_MANY_CHALLENGES');
  const ana = await newPlayer(server, 'ana');
  const answers = await Promise.all(
    Array.from({ length: 26 }, () => http(server, 'POST', '/api/challenges', {}, ana.token)),
  );
  expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
  expect(new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.error.code))).toEqual(
    new Set(['TOO_MANY_CHALLENGES']),
  );
});

test('a seek whose socket goes while it is being made does not stay in the lobby', async () => {
  const seekers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => newPlayer(server, `ghost${i}`)),
  );
  for (const p of seekers) {
    const s = await connect(server, p.token);
    s.socket.emit('challenge:create', { public: true }, () => undefined);
    s.close(); // at once: the disconnect races the seek's commit
  }
  const until = Date.now() + 5_000;
  const left = async () =>
    ((await http(server, 'GET', '/api/lobby/seeks')).body as Challenge[]).filter((x) =>
      x.challenger.name.startsWith('ghost'),
    );
  await new Promise((r) => setTimeout(r, 300));
  while ((await left()).length > 0 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  expect(await left()).toEqual([]);
});

test('a seek holds a lease its process renews: unrenewed (its process dead), it expires', async () => {
  const seeker = await client(server, await newPlayer(server, 'seeker'));
  const { challenge: c } = expectOk(await seeker.emit('challenge:create', { public: true }));
  expect(Date.parse(c.expiresAt) - Date.parse(c.createdAt)).toBe(60_000);
  const { ChallengesService } = await import('../../src/challenges/challenges.service.js');
  const service = server.app.get(ChallengesService);
  let moved = 0;
  const advance = (ms: number) => {
    time.advance(ms);
    moved += ms;
  };
  try {
    advance(40_000);
    await service.renewLeases(); // the renewal this process makes every 20 s
    advance(40_000); // 80 s after it was made: renewed, still open
    await service.expire();
    expect((await http(server, 'GET', `/api/challenges/${c.id}`)).body.status).toBe('open');
    advance(30_000); // no renewal for 70 s: as if its process had died
    await service.expire();
    expect((await http(server, 'GET', `/api/challenges/${c.id}`)).body.status).toBe('expired');
  } finally {
    time.advance(-moved);
  }
});

test('closed challenges are purged after 30 days; open ones stay', async () => {
  const ana = await newPlayer(server, 'ana');
  const closed = await challenge(ana, {});
  await http(server, 'POST', `/api/challenges/${closed.id}/cancel`, undefined, ana.token);
  const open = await challenge(ana, { days: 14 });
  const { ChallengesService } = await import('../../src/challenges/challenges.service.js');
  const service = server.app.get(ChallengesService);
  const soon = new Date(Date.now() + 29 * 86_400_000);
  await service.purge(soon);
  expect((await http(server, 'GET', `/api/challenges/${closed.id}`)).status).toBe(200);
  await service.purge(new Date(Date.now() + 31 * 86_400_000));
  expect((await http(server, 'GET', `/api/challenges/${closed.id}`)).status).toBe(404);
  expect((await http(server, 'GET', `/api/challenges/${open.id}`)).body.status).toBe('open');
});

test("a live game begins: both players' other live seeks leave the lobby", async () => {
  const ana = await newPlayer(server, 'ana');
  const bruno = await newPlayer(server, 'bruno');
  const sa = await client(server, ana);
  const sb = await client(server, bruno);
  const { challenge: s1 } = expectOk(await sa.emit('challenge:create', { public: true }));
  const { challenge: s2 } = expectOk(
    await sa.emit('challenge:create', { public: true, variant: 'russian' }),
  );
  const { challenge: s3 } = expectOk(await sb.emit('challenge:create', { public: true }));
  const corr = await challenge(ana, { public: true, days: 3 });
  expectOk(await sb.emit('challenge:accept', { challengeId: s1.id }));
  const status = async (id: string) =>
    ((await http(server, 'GET', `/api/challenges/${id}`)).body as Challenge).status;
  expect(await status(s1.id)).toBe('accepted');
  expect(await status(s2.id)).toBe('cancelled');
  expect(await status(s3.id)).toBe('cancelled');
  expect(await status(corr.id)).toBe('open'); // a correspondence seek can wait
});

describe('correspondence', () => {
  test('days per move: each move refills them; the deadline falls once; its own rating', async () => {
    const alice = await account();
    const bob = await account();
    const c = await challenge(alice, { days: 2, rated: true, color: 'white' });
    expect(c.speed).toBe('correspondence');
    const cb = await client(server, bob);
    const { matchId } = expectOk(await cb.emit('challenge:accept', { challengeId: c.id }));
    const start = await cb.next('match:start', (s) => s.id === matchId);
    expect(start.clock).toBeNull();
    expect(start.correspondence?.days).toBe(2);
    const t0 = time.now().getTime();
    expect(start.correspondence?.deadline).toBeGreaterThan(t0 + 2 * 86_400_000 - 5_000);

    // Alice's tab opened later, not in the game's room: her player room still hears bob's moves.
    const ca = await client(server, alice);
    time.advance(36 * 3600_000); // a day and a half to answer
    let r = await http(
      server,
      'POST',
      `/api/matches/${matchId}/moves`,
      { from: 22, to: 18 },
      alice.token,
    );
    expect(r.status).toBe(201);
    const after = (await http(server, 'GET', `/api/matches/${matchId}`)).body;
    expect(after.correspondence.deadline).toBeGreaterThan(
      time.now().getTime() + 2 * 86_400_000 - 5_000,
    );
    // Presence: a correspondence player may leave; no claim opens.
    ca.close();
    expect(errorCode(await cb.emit('match:claim', { matchId }))).toBe('REFUSED');

    // "My games": bob's turn, first in his list, counted.
    const mine = (await http(server, 'GET', '/api/me/games', undefined, bob.token)).body as MyGames;
    expect(mine.games[0]).toMatchObject({ id: matchId, myTurn: true, color: 'black' });
    expect(mine.awaiting).toBeGreaterThanOrEqual(1);
    const hers = (await http(server, 'GET', '/api/me/games', undefined, alice.token))
      .body as MyGames;
    expect(hers.games.find((g) => g.id === matchId)?.myTurn).toBe(false);
    const ca2 = await client(server, alice);
    expectOk(await cb.emit('match:move', { matchId, from: 11, to: 15 }));
    expect((await ca2.next('match:move', (m) => m.matchId === matchId)).ply).toBe(2);

    // Alice lets her two days pass: she loses on time, once.
    time.advance(2 * 86_400_000 + 60_000);
    const end: MatchEnd = await cb.next('match:end', (e) => e.matchId === matchId);
    expect(end.result).toEqual({ winner: 'black', reason: 'timeout' });
    expect(end.match.clock).toBeNull();
    expect(end.match.correspondence).toEqual({ days: 2, deadline: null });
    expect(end.match.white.ratingDiff).toBeLessThan(0);
    await new Promise((res) => setTimeout(res, 300));
    expect(cb.events.filter((e) => e.event === 'match:end')).toHaveLength(0);
    r = await http(server, 'GET', `/api/users/${bob.username}`);
    expect(r.body.ratings).toEqual([
      expect.objectContaining({ variant: 'brazilian', speed: 'correspondence', games: 1, wins: 1 }),
    ]);
    // Its rematch is a correspondence game too, rated in the same speed.
    expectOk(await cb.emit('match:rematch', { matchId, action: 'offer' }));
    expectOk(await ca2.emit('match:rematch', { matchId, action: 'accept' }));
    const again = await cb.next('match:start', (s) => s.id !== matchId);
    expect(again).toMatchObject({ rated: true, clock: null, correspondence: { days: 2 } });
  });

  test('the deadline is stored: after a restart it still falls, once', async () => {
    const ana = await newPlayer(server, 'ana');
    const bruno = await newPlayer(server, 'bruno');
    const c = await challenge(ana, { days: 1, color: 'black' });
    const r = await http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token);
    const matchId = r.body.matchId as string;
    server = await server.restart();
    time.advance(86_400_000 + 60_000);
    const deadline = Date.now() + 5_000;
    let state = (await http(server, 'GET', `/api/matches/${matchId}`)).body;
    while (state.status === 'active' && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 100));
      state = (await http(server, 'GET', `/api/matches/${matchId}`)).body;
    }
    // Nobody moved in the days given: a game that never began is called off, not lost.
    expect(state.result).toEqual({ winner: null, reason: 'aborted' });
  });

  test('an outage gives the days back, as it does to clocks', async () => {
    const ana = await newPlayer(server, 'ana');
    const bruno = await newPlayer(server, 'bruno');
    const c = await challenge(ana, { days: 5 });
    const r = await http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token);
    const before = (await http(server, 'GET', `/api/matches/${r.body.matchId}`)).body;
    const from = Date.now();
    await server.stop();
    await new Promise((res) => setTimeout(res, 3_500)); // no server runs: an outage (>= 3 s)
    server = await server.restart();
    const after = (await http(server, 'GET', `/api/matches/${r.body.matchId}`)).body;
    const given = after.correspondence.deadline - before.correspondence.deadline;
    expect(given).toBeGreaterThanOrEqual(3_500);
    // No more than the time away, counted from the last heartbeat (a second at most) before it.
    expect(given).toBeLessThanOrEqual(Date.now() - from + 1_000);
  });
});

// PostgreSQL only: two apps on one database stand for two server processes (the embedded PGlite
// is one process's own).
if (usingPostgres())
  describe('two server processes', () => {
    let other: Server;
    beforeAll(async () => {
      other = await server.another();
    });
    afterAll(async () => {
      await other.stop();
    });

    test('seeks made on one process appear and vanish in the lobby of the other', async () => {
      const watcher = await client(other, await newPlayer(other, 'watcher'));
      expectOk(await watcher.emit('lobby:subscribe', {}));
      const seeker = await client(server, await newPlayer(server, 'seeker'));
      const { challenge: c } = expectOk(await seeker.emit('challenge:create', { public: true }));
      expect((await watcher.next('lobby:seek', (x) => x.id === c.id)).id).toBe(c.id);
      seeker.close();
      await watcher.next('lobby:unseek', (x) => x.id === c.id);
      // And a seek taken on the other process: the seeker's page moves on.
      const seeker2 = await client(server, await newPlayer(server, 'seeker2'));
      const { challenge: c2 } = expectOk(await seeker2.emit('challenge:create', { public: true }));
      await watcher.next('lobby:seek', (x) => x.id === c2.id);
      const { matchId } = expectOk(await watcher.emit('challenge:accept', { challengeId: c2.id }));
      await seeker2.next('match:start', (s) => s.id === matchId);
      await watcher.next('lobby:unseek', (x) => x.id === c2.id);
    });

    test('two accepts on two processes at once: one game', async () => {
      for (let round = 0; round < 5; round++) {
        const ana = await newPlayer(server, 'ana');
        const c = await challenge(ana, {});
        const [b, d] = await Promise.all([newPlayer(server, 'b'), newPlayer(other, 'd')]);
        const answers = await Promise.all([
          http(server, 'POST', `/api/challenges/${c.id}/accept`, undefined, b.token),
          http(other, 'POST', `/api/challenges/${c.id}/accept`, undefined, d.token),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      }
    });

    test('a direct challenge reaches the challenged on the other process', async () => {
      const alice = await account();
      const bob = await account();
      const cb = await client(other, bob);
      const ca = await client(server, alice);
      const { challenge: c } = expectOk(await ca.emit('challenge:create', { to: bob.username }));
      expect((await cb.next('challenge:new')).id).toBe(c.id);
      expectOk(await cb.emit('challenge:decline', { challengeId: c.id, reason: 'later' }));
      expect((await ca.next('challenge:update')).declineReason).toBe('later');
    });

    test('a correspondence deadline falls exactly once with both processes sweeping', async () => {
      const ana = await newPlayer(server, 'ana');
      const bruno = await newPlayer(server, 'bruno');
      const c = await challenge(ana, { days: 1, color: 'white' });
      const r = await http(other, 'POST', `/api/challenges/${c.id}/accept`, undefined, bruno.token);
      const matchId = r.body.matchId as string;
      const on1 = await client(server, ana);
      const on2 = await client(other, bruno);
      expectOk(await on1.emit('match:move', { matchId, from: 22, to: 18 }));
      expectOk(await on2.emit('match:move', { matchId, from: 11, to: 15 }));
      time.advance(86_400_000 + 60_000);
      const [e1, e2] = await Promise.all([
        on1.next('match:end', (e) => e.matchId === matchId),
        on2.next('match:end', (e) => e.matchId === matchId),
      ]);
      expect(e1.result).toEqual({ winner: 'black', reason: 'timeout' });
      expect(e2.result).toEqual(e1.result);
      expect(e1.match.ply).toBe(2);
      await new Promise((res) => setTimeout(res, 500));
      const ends = [...on1.events, ...on2.events].filter((e) => e.event === 'match:end');
      expect(ends).toHaveLength(0);
      const history = (await http(server, 'GET', `/api/matches/${matchId}`)).body;
      expect(history.status).toBe('finished');
    });
  });
