/**
 * Accounts through the real app: sign up (new, or a guest keeping its games), log in with
 * growing delays after failures, sessions in an HttpOnly cookie that authenticate REST and the
 * socket, log out (here and everywhere), change password, and the cross-site defences.
 */
import { io } from 'socket.io-client';
import {
  connect,
  expectOk,
  newPlayer,
  pairedMatch,
  startServer,
  TestTime,
  type Server,
} from './harness.js';

const time = new TestTime();
let server: Server;
beforeAll(async () => {
  server = await startServer({ origins: ['https://friend.example'] }, { time });
});

/** `fn` with the app's clock stopped: delays are what the test says, not the machine's speed. */
async function frozen<T>(clock: TestTime, fn: () => Promise<T>): Promise<T> {
  clock.freeze();
  try {
    return await fn();
  } finally {
    clock.thaw();
  }
}
afterAll(async () => {
  await server.destroy();
});

interface Reply {
  status: number;
  body: any;
  cookie: string | undefined;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string; token?: string; origin?: string } = {},
): Promise<Reply> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    cookie: res.headers.get('set-cookie') ?? undefined,
    headers: res.headers,
  };
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
const cookieOf = (r: Reply): string => {
  if (!r.cookie) throw new Error(`no cookie (status ${r.status})`);
  return r.cookie.split(';')[0];
};

/** The reason a socket closes (within 5 s), or 'still open'. */
/**
 * Why the socket closed, waited for from the moment it is asked (`await closed(s).reason()`):
 * the disconnect is recorded whenever it comes, and the 5 s wait starts only once the test has
 * done what should close it (not while the passwords before it are still being hashed).
 */
const closed = (socket: { once(e: 'disconnect', fn: (reason: string) => void): unknown }) => {
  const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return {
    reason: () =>
      Promise.race([
        reason,
        new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000)),
      ]),
  };
};

let n = 0;
const unique = (base: string) => `${base}${++n}_${Date.now() % 100000}`;

async function signUp(username = unique('user'), password = 'correct horse') {
  const r = await call('POST', '/api/accounts', { body: { username, password } });
  expect(r.status).toBe(201);
  return { username, password, id: r.body.id as string, token: r.body.token, cookie: cookieOf(r) };
}

function socketWith(cookie: string, origin?: string) {
  const socket = io(server.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
  });
  return new Promise<{ ok: true; socket: typeof socket } | { ok: false; code: string }>(
    (resolve) => {
      socket.once('connect', () => resolve({ ok: true, socket }));
      socket.once('connect_error', (e: Error & { data?: { code: string } }) => {
        socket.close();
        resolve({ ok: false, code: e.data?.code ?? e.message });
      });
    },
  );
}

test('sign up: an account, a token, and an HttpOnly SameSite=Lax session cookie that authenticates', async () => {
  const username = unique('Ana_');
  const r = await call('POST', '/api/accounts', { body: { username, password: 'correct horse' } });
  expect(r.status).toBe(201);
  expect(r.body).toEqual({ id: expect.any(String), username, token: expect.any(String) });
  expect(r.cookie).toMatch(/^damas_session=[\w-]{40,};/);
  expect(r.cookie).toMatch(/HttpOnly/i);
  expect(r.cookie).toMatch(/SameSite=Lax/i);
  expect(r.cookie).not.toMatch(/Secure/i); // plain HTTP here
  expect(JSON.stringify(r.body)).not.toMatch(/scrypt|damas_session/);
  const me = await call('GET', '/api/accounts/me', { cookie: cookieOf(r) });
  expect(me.body).toEqual({ id: r.body.id, username });
  expect((await call('GET', '/api/session', { cookie: cookieOf(r) })).body).toEqual({
    account: { id: r.body.id, username },
  });
  expect(await call('GET', '/api/session')).toMatchObject({ status: 200, body: { account: null } });
  // The session authenticates the socket, as the token does.
  const s = await socketWith(cookieOf(r));
  expect(s.ok).toBe(true);
  if (s.ok) s.socket.close();
  (await connect(server, r.body.token)).close();
});

test('a guest who signs up keeps its games, under its new name', async () => {
  const { match, white, close } = await pairedMatch(server, 'english');
  close();
  const username = unique('guest');
  const r = await call('POST', '/api/accounts', {
    body: { username, password: 'correct horse' },
    token: white.player.token,
  });
  expect(r.status).toBe(201);
  expect(r.body).toEqual({ id: white.player.id, username }); // no new token: it has one
  const state = await call('GET', `/api/matches/${match.id}`);
  expect(state.body.white).toEqual({ id: white.player.id, name: username });
  // The guest's token still works; signing up twice does not.
  const again = await call('POST', '/api/accounts', {
    body: { username: unique('other'), password: 'correct horse' },
    token: white.player.token,
  });
  expect(again.status).toBe(400);
  expect(again.body.error.code).toBe('INVALID_PAYLOAD');
});

test('usernames: unique without regard to case, 2-20 of [A-Za-z0-9_-], not all digits, not reserved', async () => {
  const { username } = await signUp(unique('Case'));
  const taken = await call('POST', '/api/accounts', {
    body: { username: username.toUpperCase(), password: 'correct horse' },
  });
  expect(taken.status).toBe(409);
  expect(taken.body.error.code).toBe('USERNAME_TAKEN');
  for (const bad of ['a', 'x'.repeat(21), 'has space', 'ümlaut', '12345', 'Admin', 'computer']) {
    const r = await call('POST', '/api/accounts', {
      body: { username: bad, password: 'correct horse' },
    });
    expect([bad, r.status, r.body.error.code]).toEqual([bad, 400, 'INVALID_PAYLOAD']);
  }
  const short = await call('POST', '/api/accounts', {
    body: { username: unique('pw'), password: 'short' },
  });
  expect(short.status).toBe(400);
  expect(short.body.error.message).toMatch(/password/);
  // Nothing was made by the refusals.
  expect(
    (
      await call('POST', '/api/session', {
        body: { username: 'has space', password: 'correct horse' },
      })
    ).status,
  ).toBe(401);
});

test('two sign-ups for one name at the same instant: one account, one USERNAME_TAKEN', async () => {
  const username = unique('race');
  const replies = await Promise.all(
    ['first password', 'second password'].map((password) =>
      call('POST', '/api/accounts', { body: { username, password } }),
    ),
  );
  expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  const winner = replies.find((r) => r.status === 201)!;
  const loser = replies.find((r) => r.status === 409)!;
  expect(loser.body.error.code).toBe('USERNAME_TAKEN');
  expect(loser.cookie).toBeUndefined();
  expect((await call('GET', '/api/accounts/me', { cookie: cookieOf(winner) })).body.id).toBe(
    winner.body.id,
  );
});

test('log in: the same error for an unknown user and a wrong password; any case of the username', async () => {
  const { username, id } = await signUp();
  const wrong = await call('POST', '/api/session', {
    body: { username, password: 'not it at all' },
  });
  const unknown = await call('POST', '/api/session', {
    body: { username: unique('nobody'), password: 'not it at all' },
  });
  expect(wrong.status).toBe(401);
  expect(unknown.status).toBe(401);
  expect(wrong.body).toEqual(unknown.body);
  expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
  expect(wrong.cookie).toBeUndefined();
  const ok = await call('POST', '/api/session', {
    body: { username: username.toUpperCase(), password: 'correct horse' },
  });
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ id, username });
  expect((await call('GET', '/api/accounts/me', { cookie: cookieOf(ok) })).status).toBe(200);
});

test('repeated failures: growing delays per username, even for the right password, then it passes', async () => {
  const { username, password } = await signUp();
  await frozen(time, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call('POST', '/api/session', { body: { username, password: 'guess ' + i } })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401]);
    const blocked = await call('POST', '/api/session', { body: { username, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(blocked.body.error.message).toMatch(/try again in 1 s/);
    time.advance(999); // the first delay is 1 s
    expect((await call('POST', '/api/session', { body: { username, password } })).status).toBe(429);
    time.advance(1);
    expect((await call('POST', '/api/session', { body: { username, password } })).status).toBe(200);
  });
});

test('log out closes this session; log out everywhere closes them all', async () => {
  const a = await signUp();
  const second = cookieOf(
    await call('POST', '/api/session', { body: { username: a.username, password: a.password } }),
  );
  const out = await call('DELETE', '/api/session', { cookie: a.cookie });
  expect(out.status).toBe(204);
  expect(out.cookie).toMatch(/damas_session=;.*Max-Age=0/i);
  expect((await call('GET', '/api/accounts/me', { cookie: a.cookie })).status).toBe(401);
  expect((await call('GET', '/api/accounts/me', { cookie: second })).status).toBe(200);
  const third = cookieOf(
    await call('POST', '/api/session', { body: { username: a.username, password: a.password } }),
  );
  expect((await call('GET', '/api/accounts/me', { token: a.token })).status).toBe(200);
  const open = await socketWith(third);
  if (!open.ok) throw new Error(`socket refused: ${open.code}`);
  const dropped = closed(open.socket);
  expect((await call('DELETE', '/api/sessions', { cookie: third })).status).toBe(204);
  for (const c of [second, third])
    expect((await call('GET', '/api/accounts/me', { cookie: c })).status).toBe(401);
  const s = await socketWith(second);
  expect(s).toEqual({ ok: false, code: 'UNAUTHENTICATED' });
  // Everywhere means the bearer token too, and the sockets already open.
  expect((await call('GET', '/api/accounts/me', { token: a.token })).status).toBe(401);
  expect(await dropped.reason()).toBe('io server disconnect');
});

test('change password: the current one is required, other sessions close, the new one logs in', async () => {
  const a = await signUp();
  const other = cookieOf(
    await call('POST', '/api/session', { body: { username: a.username, password: a.password } }),
  );
  const open = await socketWith(other);
  if (!open.ok) throw new Error(`socket refused: ${open.code}`);
  const dropped = closed(open.socket);
  const wrong = await call('PUT', '/api/accounts/password', {
    cookie: a.cookie,
    body: { current: 'not the password', password: 'a new password' },
  });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error.code).toBe('BAD_CREDENTIALS');
  const ok = await call('PUT', '/api/accounts/password', {
    cookie: a.cookie,
    body: { current: a.password, password: 'a new password' },
  });
  expect(ok.status).toBe(204);
  expect((await call('GET', '/api/accounts/me', { cookie: a.cookie })).status).toBe(200);
  expect((await call('GET', '/api/accounts/me', { cookie: other })).status).toBe(401);
  // The bearer token is revoked with the other sessions; the sockets were dropped, and the
  // kept session connects again.
  expect((await call('GET', '/api/accounts/me', { token: a.token })).status).toBe(401);
  expect(await dropped.reason()).toBe('io server disconnect');
  const again = await socketWith(a.cookie);
  expect(again.ok).toBe(true);
  if (again.ok) again.socket.close();
  const login = (password: string) =>
    call('POST', '/api/session', { body: { username: a.username, password } });
  expect((await login(a.password)).status).toBe(401);
  expect((await login('a new password')).status).toBe(200);
});

test('another site: a state-changing request or a socket with the cookie is refused BAD_ORIGIN', async () => {
  const a = await signUp();
  const evil = await call('DELETE', '/api/sessions', {
    cookie: a.cookie,
    origin: 'https://evil.example',
  });
  expect(evil.status).toBe(403);
  expect(evil.body.error.code).toBe('BAD_ORIGIN');
  expect((await call('GET', '/api/accounts/me', { cookie: a.cookie })).status).toBe(200);
  const socket = await socketWith(a.cookie, 'https://evil.example');
  expect(socket).toEqual({ ok: false, code: 'BAD_ORIGIN' });
  // Our own origin, and one in ORIGINS, are welcome.
  for (const origin of [server.url, 'https://friend.example']) {
    const s = await socketWith(a.cookie, origin);
    expect(s.ok).toBe(true);
    if (s.ok) s.socket.close();
  }
  const friendly = await call('PUT', '/api/accounts/password', {
    cookie: a.cookie,
    origin: server.url,
    body: { current: a.password, password: a.password },
  });
  expect(friendly.status).toBe(204);
  // A bearer token is no ambient credential: no Origin check for it.
  const p = await newPlayer(server);
  const c = await connect(server, p.token);
  expectOk(await c.emit('queue:leave', {}));
  c.close();
});

test('hashing calls are limited per address: RATE_LIMITED after the burst', async () => {
  const tight = await startServer({ accountsLimit: { capacity: 2, perSecond: 0.01 } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${tight.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `nobody${i}`, password: 'not a password' }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  } finally {
    await tight.destroy();
  }
});

test('behind a trusted proxy: limits per forwarded address, Secure cookie; parallel guesses are throttled', async () => {
  const clock = new TestTime();
  const proxied = await startServer(
    { trustProxy: 'loopback', accountsLimit: { capacity: 10, perSecond: 0.01 } },
    { time: clock },
  );
  const post = (path: string, body: unknown, from: string, proto = 'http') =>
    fetch(`${proxied.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': from,
        'x-forwarded-proto': proto,
      },
      body: JSON.stringify(body),
    });
  try {
    const username = unique('proxied');
    const made = await post(
      '/api/accounts',
      { username, password: 'correct horse' },
      '198.51.100.1',
      'https',
    );
    expect(made.status).toBe(201);
    expect(made.headers.get('set-cookie')).toMatch(/; Secure/i);
    // Ten guesses at once: only the free failures and the one that starts the delay are
    // checked; the others are refused while it hashes (the clock stopped: however long the
    // hashing takes on a loaded machine, the first delay is still running).
    const guesses = await frozen(clock, () =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post('/api/session', { username, password: `guess ${i}` }, '198.51.100.2'),
        ),
      ),
    );
    const statuses = guesses.map((r) => r.status).sort();
    // Three free failures and the one that starts the first delay; the other six wait.
    expect(statuses.filter((s) => s === 401).length).toBe(4);
    expect(statuses.filter((s) => s === 429).length).toBe(6);
    // The address 198.51.100.2 has used its burst; another address has its own.
    expect(
      (await post('/api/session', { username: 'nobody', password: 'x' }, '198.51.100.2')).status,
    ).toBe(429);
    expect(
      (await post('/api/session', { username: 'nobody', password: 'x' }, '198.51.100.3')).status,
    ).toBe(401);
  } finally {
    await proxied.destroy();
  }
});

test('every answer carries the security headers', async () => {
  const r = await call('GET', '/health');
  const csp = r.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('referrer-policy')).toBe('no-referrer');
});
