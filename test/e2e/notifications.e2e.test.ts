/**
 * Notifications through the real app and real socket.io clients: a challenge to you, your turn
 * in a correspondence game (the mover's own notice of the game read by their move), a
 * joined tournament's start, a followed player's new tournament; each stored once, said to every tab of the player and to nobody
 * else; read one by one or all (every tab hears it), the settings that switch a kind off, and
 * the refusals. With PostgreSQL, two processes: one notification per event, heard on both.
 */
import type {
  Challenge,
  Notification,
  NotificationList,
  NotificationNew,
} from '../../src/common/protocol.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
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
const account = () => newAccount(server, `nt${++n}_${Date.now() % 100000}`);

async function challenge(from: Player, terms: object, s: Server = server): Promise<Challenge> {
  const r = await http(s, 'POST', '/api/challenges', terms, from.token);
  if (r.status !== 201) throw new Error(`POST /api/challenges: ${r.status} ${r.text}`);
  return r.body as Challenge;
}

const list = async (p: Player, s: Server = server) =>
  (await http(s, 'GET', '/api/notifications', undefined, p.token)).body as NotificationList;

const unread = async (p: Player) =>
  (
    (await http(server, 'GET', '/api/notifications/unread', undefined, p.token)).body as {
      unread: number;
    }
  ).unread;

const news = (c: Client) =>
  c.events.filter((e) => e.event === 'notification:new').map((e) => e.data as NotificationNew);

/** Long enough for a second, wrong, announcement to arrive if there were one. */
const settle = () => new Promise((r) => setTimeout(r, 400));

test('a challenge to you: stored once, said to each of your tabs, not to the challenger', async () => {
  const alice = await account();
  const bob = await account();
  const [tab1, tab2] = [await client(bob), await client(bob)];
  const ca = await client(alice);
  const c = await challenge(alice, { to: bob.username, days: 3 });
  const heard = await tab1.next('notification:new');
  expect(heard.unread).toBe(1);
  expect(heard.notification).toMatchObject({
    kind: 'challenge',
    read: false,
    data: { challengeId: c.id, from: alice.username },
  });
  expect(await tab2.next('notification:new')).toEqual(heard);
  await settle();
  expect(news(tab1)).toHaveLength(0);
  expect(news(tab2)).toHaveLength(0);
  expect(news(ca)).toHaveLength(0);
  const mine = await list(bob);
  expect(mine.unread).toBe(1);
  expect(mine.items).toEqual([heard.notification]);
  expect(await unread(bob)).toBe(1);
  expect((await list(alice)).items).toEqual([]);
  // An open challenge (no name) notifies nobody.
  await challenge(alice, { days: 3 });
  await settle();
  expect(news(tab1)).toHaveLength(0);
});

test('your turn in a correspondence game: to the player to move, read by their move', async () => {
  const alice = await account();
  const bob = await account();
  const c = await challenge(alice, { to: bob.username, days: 2, color: 'white' });
  const cb = await client(bob);
  const ca = await client(alice);
  const { matchId } = expectOk(await cb.emit('challenge:accept', { challengeId: c.id }));
  // Made before bob's tab connected: kept for later, in his list.
  expect((await list(bob)).items.map((i) => i.kind)).toEqual(['challenge']);

  // Alice moves (REST): bob's turn.
  let r = await http(
    server,
    'POST',
    `/api/matches/${matchId}/moves`,
    { from: 22, to: 18 },
    alice.token,
  );
  expect(r.status).toBe(201);
  const turn1 = await cb.next('notification:new', (e) => e.notification.kind === 'yourTurn');
  expect(turn1.notification.data).toEqual({ matchId, opponent: alice.username });

  // Bob moves (socket): his notice of this game is read, alice's turn is noticed.
  expectOk(await cb.emit('match:move', { matchId, from: 11, to: 15 }));
  const read = await cb.next('notification:read');
  expect(read.ids).toEqual([turn1.notification.id]);
  const turnA = await ca.next('notification:new', (e) => e.notification.kind === 'yourTurn');
  expect(turnA.notification.data).toEqual({ matchId, opponent: bob.username });
  expect(turnA.unread).toBe(1);

  // Alice moves again: bob's new notice; the read one stays in his list.
  r = await http(
    server,
    'POST',
    `/api/matches/${matchId}/moves`,
    { from: 18, to: 11 },
    alice.token,
  );
  expect(r.status).toBe(201);
  const turn2 = await cb.next('notification:new', (e) => e.notification.kind === 'yourTurn');
  expect(turn2.notification.id).not.toBe(turn1.notification.id);
  const bobs = await list(bob);
  expect(bobs.items.filter((i) => i.kind === 'yourTurn').map((i) => i.read)).toEqual([false, true]);
  await settle();
  expect(news(ca)).toHaveLength(0); // alice's own moves never notify her
});

test("mark read, one or all: every tab hears it; others' ids change nothing; refusals", async () => {
  const alice = await account();
  const bob = await account();
  const carol = await account();
  const [tab1, tab2] = [await client(bob), await client(bob)];
  await challenge(alice, { to: bob.username, days: 3 });
  await challenge(carol, { to: bob.username, days: 3 });
  await tab1.next('notification:new');
  await tab1.next('notification:new');
  const [newest, oldest] = (await list(bob)).items as [Notification, Notification];
  expect(newest.data).toMatchObject({ from: carol.username });

  const r = await http(server, 'POST', '/api/notifications/read', { ids: [oldest.id] }, bob.token);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ ids: [oldest.id], unread: 1 });
  expect(await tab1.next('notification:read')).toEqual({ ids: [oldest.id], unread: 1 });
  expect(await tab2.next('notification:read')).toEqual({ ids: [oldest.id], unread: 1 });

  // Someone else's notification: nothing changes, nothing said.
  const other = await http(
    server,
    'POST',
    '/api/notifications/read',
    { ids: [newest.id] },
    alice.token,
  );
  expect(other.body).toEqual({ ids: [], unread: 0 });
  expect(await unread(bob)).toBe(1);

  const all = await http(server, 'POST', '/api/notifications/read-all', undefined, bob.token);
  expect(all.body).toEqual({ ids: 'all', unread: 0 });
  expect(await tab2.next('notification:read')).toEqual({ ids: 'all', unread: 0 });
  expect((await list(bob)).items.every((i) => i.read)).toBe(true);

  const bad = await http(server, 'POST', '/api/notifications/read', { ids: ['x'] }, bob.token);
  expect(bad.status).toBe(400);
  expect(bad.body.error.code).toBe('INVALID_PAYLOAD');
  expect((await http(server, 'GET', '/api/notifications')).status).toBe(401);
});

test('settings switch a kind off: none stored, none said', async () => {
  const alice = await account();
  const bob = await account();
  const off = await http(
    server,
    'PATCH',
    '/api/players/me/settings',
    { notifyChallenges: false },
    bob.token,
  );
  expect(off.body).toMatchObject({
    notifyChallenges: false,
    notifyYourTurn: true,
    browserNotify: false,
  });
  const cb = await client(bob);
  await challenge(alice, { to: bob.username, days: 3 });
  await settle();
  expect(news(cb)).toHaveLength(0);
  expect(await unread(bob)).toBe(0);
});

test('a tournament you joined starts: each entrant hears it once', async () => {
  const owner = await account();
  const [ana, bruno, idle] = [await account(), await account(), await account()];
  const startsAt = new Date(time.now().getTime() + 60_000).toISOString();
  const made = await http(
    server,
    'POST',
    '/api/tournament',
    { variant: 'russian', clock: { initial: 180_000, increment: 2000 }, minutes: 30, startsAt },
    owner.token,
  );
  expect(made.status).toBe(201);
  const id = (made.body as { id: string }).id;
  for (const p of [ana, bruno])
    expect((await http(server, 'POST', `/api/tournament/${id}/join`, {}, p.token)).status).toBe(
      200,
    );
  const [ca, cb, ci] = [await client(ana), await client(bruno), await client(idle)];
  time.advance(61_000);
  for (const c of [ca, cb]) {
    const e = await c.next('notification:new', (x) => x.notification.kind === 'tournamentStart');
    expect(e.notification.data).toMatchObject({ tournamentId: id });
  }
  await settle();
  expect(news(ca).filter((e) => e.notification.kind === 'tournamentStart')).toHaveLength(0);
  expect(news(ci)).toHaveLength(0);
});

test("a followed player's new tournament: each follower hears it once, others not", async () => {
  const maker = await account();
  const [fan, stranger] = [await account(), await account()];
  const followed = await http(
    server,
    'POST',
    `/api/rel/follow/${maker.username}`,
    undefined,
    fan.token,
  );
  expect(followed.status).toBeLessThan(300);
  const [cf, cs] = [await client(fan), await client(stranger)];
  const startsAt = new Date(time.now().getTime() + 3_600_000).toISOString();
  const made = await http(
    server,
    'POST',
    '/api/swiss',
    {
      variant: 'russian',
      clock: { initial: 180_000, increment: 2000 },
      rounds: 3,
      startsAt,
      name: 'Fan club',
    },
    maker.token,
  );
  expect(made.status).toBe(201);
  const e = await cf.next('notification:new');
  expect(e.notification).toMatchObject({
    kind: 'followedTournament',
    data: { tournamentId: (made.body as { id: string }).id, name: 'Fan club', by: maker.username },
  });
  await settle();
  expect(news(cf)).toHaveLength(0);
  expect(news(cs)).toHaveLength(0);
});

if (usingPostgres())
  describe('two processes (PostgreSQL)', () => {
    let other: Server;
    beforeAll(async () => {
      other = await server.another();
    });
    afterAll(async () => {
      await other.stop();
    });

    test('one notification per event, heard by the tabs on both processes', async () => {
      const alice = await account();
      const bob = await account();
      const here = await client(bob, server);
      const there = await client(bob, other);
      const c = await challenge(alice, { to: bob.username, days: 2, color: 'white' }, other);
      const a = await here.next('notification:new');
      const b = await there.next('notification:new');
      expect(a).toEqual(b);
      expect(a.notification.data).toMatchObject({ challengeId: c.id });

      // A correspondence move on one process, the notice on both.
      const { matchId } = expectOk(await here.emit('challenge:accept', { challengeId: c.id }));
      const r = await http(
        other,
        'POST',
        `/api/matches/${matchId}/moves`,
        { from: 22, to: 18 },
        alice.token,
      );
      expect(r.status).toBe(201);
      const t1 = await here.next('notification:new', (e) => e.notification.kind === 'yourTurn');
      const t2 = await there.next('notification:new', (e) => e.notification.kind === 'yourTurn');
      expect(t1).toEqual(t2);

      // Read on one process: both hear it.
      await http(server, 'POST', '/api/notifications/read-all', undefined, bob.token);
      expect(await there.next('notification:read')).toEqual({ ids: 'all', unread: 0 });
      expect(await here.next('notification:read')).toEqual({ ids: 'all', unread: 0 });

      await settle();
      expect(news(here)).toHaveLength(0);
      expect(news(there)).toHaveLength(0);
      expect((await list(bob, other)).items).toHaveLength(2);
    });
  });
