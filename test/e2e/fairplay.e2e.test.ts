/**
 * Fair play through the real app (PGlite, or PostgreSQL with DATABASE_URL): the chat's insults
 * flagged, slurs hidden and repeat offenders muted for a while; the chat rate limit counted in the
 * database (so two processes hold it as one); closing an account ends its sessions, key and
 * tokens while its games stay as "deleted player".
 */
import { io } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  pairedMatch,
  refusal,
  startServer,
  TestTime,
  usingPostgres,
  type Server,
} from './harness.js';

const time = new TestTime();
let server: Server;
beforeAll(async () => {
  server = await startServer({ chatLimit: { capacity: 4, perSecond: 0.001 } }, { time });
});
afterAll(async () => {
  await server.destroy();
});

/** A fetch with a cookie, answering the status, the body and the Set-Cookie. */
async function call(
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string; token?: string } = {},
): Promise<{ status: number; body: any; cookie?: string }> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* PDN */
  }
  return { status: res.status, body, cookie: res.headers.get('set-cookie') ?? undefined };
}

async function signUp(username: string) {
  const r = await call('POST', '/api/accounts', {
    body: { username, password: 'correct horse' },
  });
  expect(r.status).toBe(201);
  return {
    id: r.body.id as string,
    token: r.body.token as string,
    cookie: (r.cookie ?? '').split(';')[0],
    username,
  };
}

describe('your data', () => {
  it('gives an account its games as PDN and its data as JSON; a guest has none', async () => {
    const acc = await signUp('keeper');
    const guest = await newPlayer(server, 'gil');
    const made = await http(server, 'POST', '/api/test/matches', {
      variant: 'brazilian',
      whiteId: acc.id,
      blackId: guest.id,
    });
    const c = await connect(server, acc.token);
    expectOk(
      await c.emit('chat:say', { matchId: made.body.id, room: 'players', text: 'have fun' }),
    );
    expectOk(await c.emit('match:resign', { matchId: made.body.id }));
    c.close();
    await call('POST', '/api/tokens', {
      cookie: acc.cookie,
      body: { description: 'analysis script', scopes: ['engine:analyse'] },
    });
    const pdn = await call('GET', '/api/accounts/me/export/games.pdn', { cookie: acc.cookie });
    expect(pdn.status).toBe(200);
    expect(pdn.body).toContain('[White "keeper"]');
    expect(pdn.body).toContain('[Result "0-2"]');
    const data = await call('GET', '/api/accounts/me/export/data.json', { token: acc.token });
    expect(data.status).toBe(200);
    expect(data.body.profile).toMatchObject({ id: acc.id, username: 'keeper', bot: false });
    expect(data.body.chat).toEqual([
      expect.objectContaining({ matchId: made.body.id, room: 'players', text: 'have fun' }),
    ]);
    expect(data.body.tokens).toEqual([
      expect.objectContaining({ description: 'analysis script', scopes: ['engine:analyse'] }),
    ]);
    expect(JSON.stringify(data.body)).not.toContain('dam_');
    expect(data.body.settings).toHaveProperty('takebacks');
    const none = await call('GET', '/api/accounts/me/export/data.json', { token: guest.token });
    expect(none.body.error.code).toBe('ACCOUNT_REQUIRED');
  }, 60_000);
});

describe('closing an account', () => {
  it('ends every session, the key and the tokens; the games stay as "deleted player"; the name is never taken again', async () => {
    const acc = await signUp('closer');
    const other = await call('POST', '/api/session', {
      body: { username: 'closer', password: 'correct horse' },
    });
    const secondCookie = (other.cookie ?? '').split(';')[0];
    const pat = await call('POST', '/api/tokens', {
      cookie: acc.cookie,
      body: { description: 'my bot', scopes: ['challenge:read'] },
    });
    expect(pat.status).toBe(201);
    const guest = await newPlayer(server, 'gus');
    const made = await http(server, 'POST', '/api/test/matches', {
      variant: 'brazilian',
      whiteId: acc.id,
      blackId: guest.id,
    });
    expect(made.status).toBe(201);
    const socket = await connect(server, acc.token);
    const dropped = new Promise<void>((r) => socket.socket.once('disconnect', () => r()));
    // What it has open: a seek, a link and a direct challenge (by HTTP: no socket holds them),
    // one received, a queue ticket, an arena entry.
    const friend = await signUp('pal_of_c');
    const open = [
      { public: true, clock: { initial: 180_000, increment: 2000 } },
      {},
      { to: 'pal_of_c' },
    ];
    const mine: string[] = [];
    for (const terms of open) {
      const r = await call('POST', '/api/challenges', { token: acc.token, body: terms });
      expect(r.status).toBe(201);
      mine.push(r.body.id as string);
    }
    const received = await call('POST', '/api/challenges', {
      token: friend.token,
      body: { to: 'closer' },
    });
    expect(received.status).toBe(201);
    const seekId = mine[0];
    expect((await call('GET', '/api/lobby/seeks')).body.map((c: any) => c.id)).toContain(seekId);
    expectOk(
      await socket.emit('queue:join', {
        variant: 'russian',
        clock: { initial: 60_000, increment: 0 },
      }),
    );
    const tickets = async () =>
      (
        await server.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM queue_tickets WHERE player_id = $1`, [acc.id])
      )[0].n as number;
    expect(await tickets()).toBe(1);
    const arena = await call('POST', '/api/tournament', {
      token: friend.token,
      body: {
        variant: 'russian',
        clock: { initial: 180_000, increment: 2000 },
        minutes: 30,
        startsAt: new Date(time.now().getTime() + 60_000).toISOString(),
      },
    });
    expect(arena.status).toBe(201);
    const joined = await call('POST', `/api/tournament/${arena.body.id}/join`, {
      token: acc.token,
      body: {},
    });
    expect(joined.status).toBe(200);
    expect(joined.body.me.status).toBe('active');

    const wrong = await call('POST', '/api/accounts/me/close', {
      cookie: acc.cookie,
      body: { password: 'wrong horse' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
    expect((await call('GET', '/api/accounts/me', { cookie: acc.cookie })).status).toBe(200);

    const closed = await call('POST', '/api/accounts/me/close', {
      cookie: acc.cookie,
      body: { password: 'correct horse' },
    });
    expect(closed.status).toBe(204);
    await dropped;

    // Both sessions, the key and the personal token are dead.
    for (const cookie of [acc.cookie, secondCookie])
      expect((await call('GET', '/api/session', { cookie })).body).toEqual({ account: null });
    expect((await call('GET', '/api/accounts/me', { token: acc.token })).status).toBe(401);
    expect((await call('GET', '/api/tokens', { token: pat.body.token })).status).toBe(401);
    const refused = io(server.url, {
      auth: { token: acc.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      refused.once('connect_error', () => resolve());
      refused.once('connect', () => reject(new Error('the old key still connects')));
    });
    refused.close();
    const login = await call('POST', '/api/session', {
      body: { username: 'closer', password: 'correct horse' },
    });
    expect(login.status).toBe(401);
    // The name is never reusable, in any case.
    const again = await call('POST', '/api/accounts', {
      body: { username: 'CLOSER', password: 'another horse' },
    });
    expect(again.body.error?.code).toBe('USERNAME_TAKEN');
    // The profile is gone; the game is still there, with its player as "deleted player".
    expect((await call('GET', '/api/users/closer')).status).toBe(404);
    // Nobody finds it by name, nor follows it.
    expect((await call('GET', '/api/player/autocomplete?term=close')).body).toEqual([]);
    expect((await call('GET', '/api/rel/status/closer')).status).toBe(404);
    const game = await call('GET', `/api/matches/${made.body.id}`);
    expect(game.status).toBe(200);
    expect(game.body.white.name).toBe('deleted player');
    // Nothing it had open can start a game: its challenges are cancelled (the seek gone from the
    // lobby), the one it received too; its ticket is gone; it is withdrawn from the arena.
    for (const id of [...mine, received.body.id]) {
      expect((await call('GET', `/api/challenges/${id}`)).body.status).toBe('cancelled');
      const taker = id === mine[2] ? friend.token : guest.token;
      const accept = await call('POST', `/api/challenges/${id}/accept`, { token: taker });
      expect(accept.status).toBeGreaterThanOrEqual(400);
    }
    expect((await call('GET', '/api/lobby/seeks')).body.map((c: any) => c.id)).not.toContain(
      seekId,
    );
    expect(await tickets()).toBe(0);
    const standings = (await call('GET', `/api/tournament/${arena.body.id}`)).body.standings;
    expect(standings.players.find((p: any) => p.playerId === acc.id).status).toBe('withdrawn');
    // Its live game was left to its end: that end (its hooks, the names told) still works.
    const opponent = await connect(server, guest.token);
    expectOk(await opponent.emit('match:resign', { matchId: made.body.id }));
    const ended = (await call('GET', `/api/matches/${made.body.id}`)).body;
    expect(ended.status).toBe('finished');
    expect(ended.white.name).toBe('deleted player');
    opponent.close();
    socket.close();
  }, 60_000); // six password hashes (scrypt) on a loaded machine
});

describe('chat safety', () => {
  it('flags an insult, hides a slur, mutes the repeat offender for a while', async () => {
    const { match, white, black, close } = await pairedMatch(server);
    const say = (text: string) =>
      white.client.emit('chat:say', { matchId: match.id, room: 'players', text });
    // An insult is said (and counted).
    expectOk(await say('you idiot'));
    expect((await black.client.next('chat:line')).text).toBe('you idiot');
    // A slur is not shown to anyone: two more points, so a mute.
    expect(refusal(await say('kys'))).toBe('REFUSED/CHAT_HIDDEN');
    const t0 = time.now().getTime();
    const muted = await say('sorry');
    expect(errorCode(muted)).toBe('MUTED');
    const until = (muted as { error: { until: number } }).error.until;
    expect(until).toBeGreaterThan(t0 + 4 * 60_000);
    expect(until).toBeLessThanOrEqual(t0 + 5 * 60_000 + 5_000);
    // The other player is not muted.
    expectOk(
      await black.client.emit('chat:say', { matchId: match.id, room: 'players', text: 'gg' }),
    );
    // The mute ends.
    time.advance(5 * 60_000 + 1_000);
    expectOk(await say('sorry, really'));
    expect(black.client.events.some((e) => e.event === 'chat:line' && e.data.text === 'kys')).toBe(
      false,
    );
    close();
  });

  it('holds the rate limit across processes (PostgreSQL: two apps)', async () => {
    const other = usingPostgres() ? await server.another() : server;
    try {
      const { match, white, close } = await pairedMatch(server);
      const there = await connect(other, white.player.token);
      const on = [white.client, there];
      // 4 lines a window, said alternately through the two processes: the fifth is refused.
      for (let i = 0; i < 4; i++)
        expectOk(
          await on[i % 2].emit('chat:say', { matchId: match.id, room: 'players', text: `l${i}` }),
        );
      for (const c of on)
        expect(
          errorCode(await c.emit('chat:say', { matchId: match.id, room: 'players', text: 'more' })),
        ).toBe('RATE_LIMITED');
      there.close();
      close();
    } finally {
      if (other !== server) await other.stop();
    }
  });
});

describe('playban', () => {
  it('makes a player who aborts too often wait before the queue pairs them, with the reason and the time', async () => {
    const ana = await newPlayer(server, 'aborter');
    const bea = await newPlayer(server, 'patient');
    const ca = await connect(server, ana.token);
    const cb = await connect(server, bea.token);
    const game = async () => {
      const made = await http(server, 'POST', '/api/test/matches', {
        variant: 'brazilian',
        whiteId: ana.id,
        blackId: bea.id,
      });
      expect(made.status).toBe(201);
      return made.body.id as string;
    };
    // Two aborts: no ban yet (the rule: 3 bad games of the last 10).
    for (let i = 0; i < 2; i++) expectOk(await ca.emit('match:abort', { matchId: await game() }));
    expectOk(await ca.emit('queue:join', { variant: 'brazilian' }));
    expectOk(await ca.emit('queue:leave'));
    // The one who did not abort is never banned.
    const third = await game();
    expectOk(await ca.emit('match:abort', { matchId: third }));
    const t0 = time.now().getTime();
    const refused = await ca.emit('queue:join', { variant: 'brazilian' });
    expect(errorCode(refused)).toBe('PLAYBANNED');
    const error = (refused as { error: { until: number; reason: string } }).error;
    expect(error.reason).toBe('abort');
    expect(error.until).toBeGreaterThan(t0 + 4 * 60_000);
    expect(error.until).toBeLessThanOrEqual(t0 + 5 * 60_000 + 5_000);
    const status = await http(server, 'GET', '/api/players/me/playban', undefined, ana.token);
    expect(status.body).toEqual({ playban: { reason: 'abort', until: error.until } });
    expect(
      (await http(server, 'GET', '/api/players/me/playban', undefined, bea.token)).body,
    ).toEqual({ playban: null });
    expectOk(await cb.emit('queue:join', { variant: 'brazilian' }));
    expectOk(await cb.emit('queue:leave'));
    // The wait ends.
    time.advance(5 * 60_000 + 1_000);
    expectOk(await ca.emit('queue:join', { variant: 'brazilian' }));
    expectOk(await ca.emit('queue:leave'));
    // The next bad game bans again, longer: 15 minutes.
    expectOk(await ca.emit('match:abort', { matchId: await game() }));
    const again = await ca.emit('queue:join', { variant: 'brazilian' });
    const until2 = (again as { error: { until: number } }).error.until;
    expect(until2 - time.now().getTime()).toBeGreaterThan(14 * 60_000);
    ca.close();
    cb.close();
  });
});
