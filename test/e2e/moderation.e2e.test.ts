/**
 * Blocks, reports and moderation (v1.19) with real sockets on a real database: a block refuses
 * challenges both ways (BLOCKED), keeps the blocked one's chat lines from the blocker, and keeps
 * the two apart in the queue; a report reaches the moderators' queue; the role comes from the
 * command line (scripts/admin.ts, run on this test's database); a troll's lines are seen by the
 * troll alone, live and in history; every moderator route says FORBIDDEN to anyone else.
 */
import { admin } from '../../scripts/admin.js';
import type { ChatLine, ModPlayerView, ReportView } from '../../src/common/protocol.js';
import { CONFIG, type Config } from '../../src/config.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  startServer,
  type Client,
  type Player,
  type Server,
} from './harness.js';

let server: Server;
const open: Client[] = [];
let n = 0;
const account = () => newAccount(server, `md${++n}_${Date.now() % 100000}`);
let mod: Player & { username: string };
let other: Player & { username: string };
const said: string[] = [];

/**
 * `npm run -s admin -- ...` on the server's database: scripts/admin.ts's own work, in this
 * process (a tsx child costs this 2-core machine 20 s); PGlite's server is stopped meanwhile.
 */
async function adminRun(runs: string[][]): Promise<number[]> {
  const config = server.app.get<Config>(CONFIG);
  await server.stop();
  try {
    const env = config.databaseUrl
      ? { DATABASE_URL: config.databaseUrl }
      : { DATA_DIR: config.dataDir };
    const out = { log: (l: string) => said.push(l), error: (l: string) => said.push(l) };
    const codes: number[] = [];
    for (const args of runs) codes.push(await admin(args, env, out));
    return codes;
  } finally {
    server = await server.restart();
  }
}

beforeAll(async () => {
  server = await startServer({ chatLimit: { capacity: 100, perSecond: 100 } });
  mod = await account();
  other = await account();
  const codes = await adminRun([
    ['mod', 'grant', mod.username],
    ['mod', 'grant', other.username],
    ['mod', 'grant', other.username],
    ['mod', 'revoke', other.username],
    ['mod', 'grant', 'nobody_at_all'],
    ['mod', 'promote', mod.username],
  ]);
  expect(codes).toEqual([0, 0, 0, 0, 1, 2]);
}, 180_000);
afterAll(async () => {
  for (const c of open) c.close();
  await server.destroy();
});

async function client(p: Player): Promise<Client> {
  const c = await connect(server, p.token);
  open.push(c);
  return c;
}

const post = (path: string, body: unknown, p: Player) => http(server, 'POST', path, body, p.token);
const get = (path: string, p?: Player) => http(server, 'GET', path, undefined, p?.token);

/** A game between the two (the test API), white first. */
async function game(white: Player, black: Player): Promise<string> {
  const r = await post(
    '/api/test/matches',
    {
      variant: 'russian',
      whiteId: white.id,
      blackId: black.id,
    },
    white,
  );
  expect(r.status).toBe(201);
  return r.body.id as string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const heard = (c: Client, text: string) =>
  c.events.some((e) => e.event === 'chat:line' && (e.data as ChatLine).text === text);

test('the command line grants and revokes the role, and the log says so', async () => {
  expect(said.slice(0, 5)).toEqual([
    `${mod.username}: granted`,
    `${other.username}: granted`,
    `${other.username}: unchanged`,
    `${other.username}: revoked`,
    'no account named "nobody_at_all"',
  ]);
  expect(said[5]).toMatch(/^usage:/);
  expect((await get('/api/mod/reports', mod)).status).toBe(200);
  expect(errorCode((await get('/api/mod/reports', other)).body)).toBe('FORBIDDEN');
  const log = (await get('/api/mod/log', mod)).body as { action: string; target: string }[];
  expect(log.filter((a) => a.target === other.username).map((a) => a.action)).toEqual([
    'revoke',
    'grant',
  ]);
});

test('a block: no challenge either way (BLOCKED), none accepted; lifted, they play', async () => {
  const ana = await account();
  const bob = await account();
  expect((await post(`/api/rel/block/${bob.username}`, undefined, ana)).status).toBe(200);
  expect((await get('/api/rel/blocking', ana)).body).toEqual([bob.username]);
  const terms = { variant: 'russian', clock: { initial: 60_000, increment: 0 } };
  const refused = await post('/api/challenges', { ...terms, to: ana.username }, bob);
  expect(refused.status).toBe(403);
  expect(errorCode(refused.body)).toBe('BLOCKED');
  // The blocker cannot challenge the blocked either.
  expect(errorCode((await post('/api/challenges', { ...terms, to: bob.username }, ana)).body)).toBe(
    'BLOCKED',
  );
  // An open link of the blocker's: the blocked one cannot take it.
  const link = await post('/api/challenges', terms, ana);
  expect(link.status).toBe(201);
  expect(
    errorCode((await post(`/api/challenges/${link.body.id}/accept`, undefined, bob)).body),
  ).toBe('BLOCKED');
  expect((await post(`/api/rel/unblock/${bob.username}`, undefined, ana)).status).toBe(200);
  expect((await get('/api/rel/blocking', ana)).body).toEqual([]);
  expect((await post(`/api/challenges/${link.body.id}/accept`, undefined, bob)).status).toBe(200);
});

test('a block after a game: no rematch offered or taken (BLOCKED); lifted, the offer stands', async () => {
  const ana = await account();
  const bob = await account();
  const matchId = await game(ana, bob);
  const [ca, cb] = [await client(ana), await client(bob)];
  expectOk(await ca.emit('match:resign', { matchId }));
  expect((await post(`/api/rel/block/${bob.username}`, undefined, ana)).status).toBe(200);
  expect(errorCode(await cb.emit('match:rematch', { matchId, action: 'offer' }))).toBe('BLOCKED');
  expect(errorCode(await ca.emit('match:rematch', { matchId, action: 'offer' }))).toBe('BLOCKED');
  expect((await post(`/api/rel/unblock/${bob.username}`, undefined, ana)).status).toBe(200);
  expectOk(await cb.emit('match:rematch', { matchId, action: 'offer' }));
});

test("a blocked player's chat lines do not reach the blocker, live or in history", async () => {
  const ana = await account();
  const bob = await account();
  const matchId = await game(ana, bob);
  const ca = await client(ana);
  const cb = await client(bob);
  expectOk(await cb.emit('chat:say', { matchId, room: 'players', text: 'before the block' }));
  await ca.next('chat:line', (l) => l.text === 'before the block');
  expect((await post(`/api/rel/block/${bob.username}`, undefined, ana)).status).toBe(200);
  expectOk(await cb.emit('chat:say', { matchId, room: 'players', text: 'you cannot hear me' }));
  // Bob hears his own line; Ana does not, even after what she says next has come back to her.
  await cb.next('chat:line', (l) => l.text === 'you cannot hear me');
  expectOk(await ca.emit('chat:say', { matchId, room: 'players', text: 'nor me' }));
  await ca.next('chat:line', (l) => l.text === 'nor me');
  expect(heard(ca, 'you cannot hear me')).toBe(false);
  const history = (await get(`/api/matches/${matchId}/chat`, ana)).body as ChatLine[];
  expect(history.map((l) => l.text)).toEqual(['nor me']);
  const bobs = (await get(`/api/matches/${matchId}/chat`, bob)).body as ChatLine[];
  // Either way: Bob no longer reads Ana's lines either.
  expect(bobs.map((l) => l.text)).toEqual(['before the block', 'you cannot hear me']);
});

test('the queue never pairs a blocked pair: the next player is paired instead', async () => {
  const ana = await account();
  const bob = await account();
  const cid = await account();
  expect((await post(`/api/rel/block/${ana.username}`, undefined, bob)).status).toBe(200);
  const [ca, cb, cc] = [await client(ana), await client(bob), await client(cid)];
  const pool = { variant: 'frisian' as const, clock: { initial: 120_000, increment: 0 } };
  expectOk(await ca.emit('queue:join', pool));
  expectOk(await cb.emit('queue:join', pool));
  await sleep(300);
  expect(ca.events.some((e) => e.event === 'match:start')).toBe(false);
  expectOk(await cc.emit('queue:join', pool));
  const start = await cc.next('match:start');
  expect([start.white.id, start.black.id].sort()).toEqual([ana.id, cid.id].sort());
  expect(cb.events.some((e) => e.event === 'match:start')).toBe(false);
  expectOk(await cb.emit('queue:leave'));
});

test('a report reaches the queue; a moderator reads the player, marks troll, closes it', async () => {
  const ana = await account();
  const troll = await account();
  const watcher = await account();
  const matchId = await game(ana, troll);
  const r = await post(
    '/api/report',
    { username: troll.username, reason: 'insults', matchId, text: 'rude in chat' },
    ana,
  );
  expect(r.status).toBe(201);
  expect(
    errorCode(
      (await post('/api/report', { username: ana.username, reason: 'x', text: '' }, troll)).body,
    ),
  ).toBe('INVALID_PAYLOAD');
  expect(
    errorCode(
      (await post('/api/report', { username: troll.username, reason: 'other' }, troll)).body,
    ),
  ).toBe('INVALID_PAYLOAD');
  const queue = (await get('/api/mod/reports', mod)).body as ReportView[];
  const mine = queue.find((q) => q.id === r.body.id);
  expect(mine).toMatchObject({
    reporter: { name: ana.username },
    target: { name: troll.username },
    reason: 'insults',
    matchId,
    text: 'rude in chat',
    status: 'open',
  });
  // Mark the troll; a reason is required, and a moderator cannot mark a moderator.
  const path = `/api/mod/players/${troll.username}/mark`;
  expect(errorCode((await post(path, { mark: 'troll', why: ' ' }, mod)).body)).toBe(
    'INVALID_PAYLOAD',
  );
  expect(
    errorCode(
      (await post(`/api/mod/players/${mod.username}/mark`, { mark: 'troll', why: 'x' }, mod)).body,
    ),
  ).toBe('FORBIDDEN');
  expect((await post(path, { mark: 'troll', why: 'insults, report' }, mod)).body).toEqual({
    marks: ['troll'],
  });
  // The troll speaks: heard by the troll alone, in the players' and the spectators' rooms.
  const [ca, ct, cw] = [await client(ana), await client(troll), await client(watcher)];
  expectOk(await cw.emit('match:join', { matchId }));
  expectOk(await ct.emit('chat:say', { matchId, room: 'players', text: 'shadow line' }));
  await ct.next('chat:line', (l) => l.text === 'shadow line');
  expectOk(await ca.emit('chat:say', { matchId, room: 'players', text: 'plain line' }));
  await ca.next('chat:line', (l) => l.text === 'plain line');
  await ct.next('chat:line', (l) => l.text === 'plain line');
  expect(heard(ca, 'shadow line')).toBe(false);
  const texts = async (p?: Player) =>
    ((await get(`/api/matches/${matchId}/chat`, p)).body as ChatLine[]).map((l) => l.text);
  expect(await texts(troll)).toEqual(['shadow line', 'plain line']);
  expect(await texts(ana)).toEqual(['plain line']);
  // The moderator reads the player: the report, the mark, the shadow line, the log.
  const view = (await get(`/api/mod/players/${troll.username}`, mod)).body as ModPlayerView;
  expect(view.marks).toEqual(['troll']);
  expect(view.reports.map((x) => x.id)).toEqual([r.body.id]);
  expect(view.chat[0]).toMatchObject({ text: 'shadow line', shadow: true, matchId });
  expect(view.log[0]).toMatchObject({
    mod: mod.username,
    action: 'mark',
    details: 'troll',
    why: 'insults, report',
  });
  // A troll's mark is never shown on the profile.
  expect((await get(`/api/users/${troll.username}`)).body.marks).toBeUndefined();
  // Closed: out of the open queue, into the closed one, logged with who.
  expect(
    (await post(`/api/mod/reports/${r.body.id}/close`, { why: 'marked troll' }, mod)).status,
  ).toBe(200);
  expect(
    ((await get('/api/mod/reports', mod)).body as ReportView[]).some((q) => q.id === r.body.id),
  ).toBe(false);
  const closed = (await get('/api/mod/reports?status=closed', mod)).body as ReportView[];
  expect(closed.find((q) => q.id === r.body.id)).toMatchObject({
    status: 'closed',
    closedBy: mod.username,
  });
  // Lifted: the troll's next line is heard again.
  await post(`/api/mod/players/${troll.username}/unmark`, { mark: 'troll', why: 'appeal' }, mod);
  expectOk(await ct.emit('chat:say', { matchId, room: 'players', text: 'heard again' }));
  await ca.next('chat:line', (l) => l.text === 'heard again');
  // A spectator never heard the troll's spectators'... the troll is a player here: check the
  // spectators' room with a troll spectator instead.
  await post(`/api/mod/players/${watcher.username}/mark`, { mark: 'troll', why: 'spam' }, mod);
  const cx = await client(await account());
  expectOk(await cx.emit('match:join', { matchId }));
  expectOk(await cw.emit('chat:say', { matchId, room: 'spectators', text: 'spectator shadow' }));
  await cw.next('chat:line', (l) => l.text === 'spectator shadow');
  expectOk(await cx.emit('chat:say', { matchId, room: 'spectators', text: 'spectator plain' }));
  await cx.next('chat:line', (l) => l.text === 'spectator plain');
  expect(heard(cx, 'spectator shadow')).toBe(false);
  expect(await texts()).toEqual(['spectator plain']);
});

test('engine and boost marks show on the profile', async () => {
  const cheat = await account();
  await post(`/api/mod/players/${cheat.username}/mark`, { mark: 'engine', why: 'analysis' }, mod);
  await post(`/api/mod/players/${cheat.username}/mark`, { mark: 'boost', why: 'farming' }, mod);
  expect((await get(`/api/users/${cheat.username}`)).body.marks).toEqual(['engine', 'boost']);
});

test('a moderator closes an account: its credentials end, its games stay; logged', async () => {
  const gone = await account();
  const foe = await account();
  const matchId = await game(gone, foe);
  const path = `/api/mod/players/${gone.username}/close`;
  expect(errorCode((await post(path, {}, mod)).body)).toBe('INVALID_PAYLOAD');
  expect(
    errorCode((await post(`/api/mod/players/${mod.username}/close`, { why: 'x' }, mod)).body),
  ).toBe('FORBIDDEN');
  expect((await post(path, { why: 'ban evasion' }, mod)).status).toBe(200);
  expect((await get('/api/players/me/settings', gone)).status).toBe(401);
  expect((await get(`/api/matches/${matchId}`)).status).toBe(200);
  const view = (await get(`/api/mod/players/${gone.username}`, mod)).body as ModPlayerView;
  expect(view.closed).toBe(true);
  expect(view.log[0]).toMatchObject({
    mod: mod.username,
    action: 'close-account',
    why: 'ban evasion',
  });
  // Closed once: a second close finds no open account.
  expect(errorCode((await post(path, { why: 'again' }, mod)).body)).toBe('NOT_FOUND');
});

/** Every moderator route, with a body good enough that only the role can refuse it. */
const MOD_ROUTES = (target: string, report: string): [string, string, unknown][] => [
  ['GET', '/api/mod/reports', undefined],
  ['GET', '/api/mod/reports?status=closed', undefined],
  ['POST', `/api/mod/reports/${report}/close`, { why: 'x' }],
  ['POST', `/api/mod/reports/${report}/reopen`, { why: 'x' }],
  ['GET', `/api/mod/players/${target}`, undefined],
  ['POST', `/api/mod/players/${target}/mark`, { mark: 'engine', why: 'x' }],
  ['POST', `/api/mod/players/${target}/unmark`, { mark: 'engine', why: 'x' }],
  ['POST', `/api/mod/players/${target}/close`, { why: 'x' }],
  ['GET', '/api/mod/log', undefined],
];

test('every moderator route: FORBIDDEN to a player, UNAUTHENTICATED without credentials', async () => {
  const player = await account();
  const target = await account();
  const r = await post(
    '/api/report',
    { username: target.username, reason: 'other', text: 'x' },
    player,
  );
  const routes = MOD_ROUTES(target.username, r.body.id as string);
  // The table covers every route the app has under /api/mod.
  const doc = (await get('/docs-json')).body as { paths: Record<string, object> };
  const documented = Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/mod/'))
    .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  const tested = new Set(
    routes.map(
      ([m, p]) =>
        `${m} ${p.split('?')[0]!.replace(target.username, '{username}').replace(r.body.id, '{id}')}`,
    ),
  );
  expect(documented.sort()).toEqual([...tested].sort());
  for (const [method, path, body] of routes) {
    const res = await http(server, method, path, body, player.token);
    expect([method, path, res.status, errorCode(res.body)]).toEqual([
      method,
      path,
      403,
      'FORBIDDEN',
    ]);
    const anon = await http(server, method, path, body);
    expect([method, path, anon.status]).toEqual([method, path, 401]);
  }
  // Nothing was changed by the refused calls.
  const view = (await get(`/api/mod/players/${target.username}`, mod)).body as ModPlayerView;
  expect(view.marks).toEqual([]);
  expect(view.reports[0]?.status).toBe('open');
});
