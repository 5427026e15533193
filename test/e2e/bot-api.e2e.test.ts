/**
 * The Bot and Board APIs through the real app: bot accounts, the event stream, game streams and
 * their actions, challenges by token, the example bots (examples/bot) playing the computer, and a
 * bot playing turkish (one of issue 31's variants) through the Bot API.
 */
import {
  connect,
  errorCode,
  http,
  newAccount,
  startServer,
  usingPostgres,
  type Server,
} from './harness.js';
import { openNdjson, type Ndjson } from './ndjson.js';
import { runBot } from '../../examples/bot/runner.js';
import { randomChooser } from '../../examples/bot/random-mover.js';
import { positionAfter } from '../../examples/bot/lib.js';
import { Position } from '../../src/rules/position.js';
import pg from 'pg';
import type { TokenScope } from '../../src/common/protocol.js';
import { ClusterBus } from '../../src/realtime/cluster-bus.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ engineThreads: 1, disconnectGraceMs: 60_000 });
});
afterAll(async () => {
  await server.destroy();
});

let n = 0;
const uniq = () => `${++n}_${Date.now() % 100000}`;

interface Who {
  id: string;
  username: string;
  /** The player's own bearer token (makes personal tokens). */
  token: string;
  /** A personal token with the scopes asked. */
  api: string;
}

async function personal(me: { token: string }, scopes: TokenScope[]): Promise<string> {
  const r = await http(server, 'POST', '/api/tokens', { description: 't', scopes }, me.token);
  if (r.status !== 201) throw new Error(r.text);
  return r.body.token as string;
}

async function person(
  scopes: TokenScope[] = ['board:play', 'challenge:read', 'challenge:write'],
): Promise<Who> {
  const a = await newAccount(server, `p${uniq()}`);
  return { ...a, api: await personal(a, scopes) };
}

async function bot(): Promise<Who> {
  const a = await newAccount(server, `b${uniq()}`);
  const api = await personal(a, ['bot:play', 'challenge:read', 'challenge:write']);
  const r = await http(server, 'POST', '/api/bot/account/upgrade', undefined, api);
  expect(r.body).toEqual({ ok: true });
  return { ...a, api };
}

const events = (who: Who) => openNdjson(`${server.url}/api/stream/event`, who.api);
const gameStream = (who: Who, api: 'bot' | 'board', id: string) =>
  openNdjson(`${server.url}/api/${api}/game/stream/${id}`, who.api);

/** A challenge from `from` to `to` accepted by `to`: the game's id. */
async function game(from: Who, to: Who, terms: object = {}): Promise<string> {
  const c = await http(server, 'POST', `/api/challenge/${to.username}`, terms, from.api);
  expect(c.status).toBe(201);
  const a = await http(server, 'POST', `/api/challenge/${c.body.id}/accept`, undefined, to.api);
  expect(a.body).toMatchObject({ ok: true, matchId: expect.any(String) });
  return a.body.matchId as string;
}

const act = (who: Who, api: 'bot' | 'board', id: string, action: string) =>
  http(server, 'POST', `/api/${api}/game/${id}/${action}`, undefined, who.api);

describe('tokens and accounts', () => {
  test('401 without a valid token, 403 without the scope or with the wrong kind of account', async () => {
    const b = await bot();
    const p = await person();
    const id = await game(p, b);
    const analyseOnly = await personal(p, ['engine:analyse']);
    // Well-formed requests (a malformed one is INVALID_PAYLOAD first: PROTOCOL.md's precedence).
    const paths: [string, string, unknown][] = [
      ['GET', '/api/stream/event', undefined],
      ['GET', `/api/board/game/stream/${id}`, undefined],
      ['POST', `/api/board/game/${id}/move/11-15`, undefined],
      ['POST', `/api/board/game/${id}/resign`, undefined],
      ['POST', `/api/challenge/${b.username}`, {}],
      ['POST', '/api/challenge/ai', { level: 1 }],
    ];
    for (const [method, path, body] of paths) {
      for (const token of [undefined, 'dam_nope', p.token]) {
        const r = await http(server, method, path, body, token);
        expect([path, token, r.status]).toEqual([path, token, 401]);
      }
      const r = await http(server, method, path, body, analyseOnly);
      expect([path, r.status, r.body.error?.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    // The shape is checked before the token.
    const bad = await http(server, 'POST', `/api/board/game/${id}/move/0-5`, undefined, undefined);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_PAYLOAD']);
    // A person's token on the Bot API, and a bot's on the Board API.
    const asPerson = await http(server, 'POST', `/api/bot/game/${id}/resign`, undefined, p.api);
    expect([asPerson.status, asPerson.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const asBot = await http(server, 'POST', `/api/board/game/${id}/resign`, undefined, b.api);
    expect([asBot.status, asBot.body.error.code]).toEqual([403, 'FORBIDDEN']);
    // Somebody else's game.
    const other = await person();
    const notMine = await act(other, 'board', id, 'resign');
    expect(notMine.body.error.code).toBe('NOT_A_PLAYER');
    const notMineStream = await gameStream(other, 'board', id);
    expect(notMineStream.status).toBe(403);
    notMineStream.close();
  });

  test('an account with games cannot become a bot; a bot is marked BOT and plays by challenge only', async () => {
    const p = await person(['bot:play', 'challenge:write']);
    const b = await bot();
    await game(p, b);
    const upgrade = await http(server, 'POST', '/api/bot/account/upgrade', undefined, p.api);
    expect([upgrade.status, upgrade.body.error.code]).toEqual([403, 'FORBIDDEN']);
    // Marked everywhere: the account, the profile, the games, the challenges.
    expect((await http(server, 'GET', '/api/account', undefined, b.api)).body).toMatchObject({
      username: b.username,
      title: 'BOT',
    });
    expect((await http(server, 'GET', `/api/users/${b.username}`)).body.title).toBe('BOT');
    expect((await http(server, 'GET', `/api/users/${p.username}`)).body.title).toBeUndefined();
    const mine = (await http(server, 'GET', '/api/me/games', undefined, p.token)).body;
    expect(mine.games[0]).toMatchObject({ speed: 'untimed', timeControl: null });
    const opponent = mine.games[0].white.id === p.id ? mine.games[0].black : mine.games[0].white;
    expect(opponent).toMatchObject({ name: b.username, title: 'BOT' });
    const c = await http(server, 'POST', `/api/challenge/${p.username}`, {}, b.api);
    expect(c.body.challenger).toMatchObject({ name: b.username, title: 'BOT' });
    // Not the queue, not the lobby's seeks.
    const seek = await http(server, 'POST', '/api/challenges', { public: true }, b.token);
    expect(seek.body.error.code).toBe('FORBIDDEN');
    const socket = await connect(server, b.token);
    expect(errorCode(await socket.emit('queue:join', {}))).toBe('FORBIDDEN');
    socket.close();
  });
});

describe('the event stream', () => {
  test('challenges, declines, cancels, starts and finishes, with the reason; games on come first', async () => {
    const b = await bot();
    const p = await person();
    const bs = await events(b);
    const ps = await events(p);
    expect(bs.status).toBe(200);
    expect(bs.contentType).toMatch(/^application\/x-ndjson/);

    const first = await http(server, 'POST', `/api/challenge/${b.username}`, { days: 3 }, p.api);
    const got = await bs.next((l) => l.type === 'challenge');
    expect(got.challenge).toMatchObject({ id: first.body.id, days: 3, dest: { id: b.id } });
    await http(
      server,
      'POST',
      `/api/challenge/${first.body.id}/decline`,
      { reason: 'tooSlow' },
      b.api,
    );
    const declined = await ps.next((l) => l.type === 'challengeDeclined');
    expect(declined.challenge).toMatchObject({ id: first.body.id, declineReason: 'tooSlow' });

    const second = await http(server, 'POST', `/api/challenge/${b.username}`, {}, p.api);
    await bs.next((l) => l.type === 'challenge' && l.challenge.id === second.body.id);
    await http(server, 'POST', `/api/challenge/${second.body.id}/cancel`, undefined, p.api);
    const cancelled = await bs.next((l) => l.type === 'challengeCanceled');
    expect(cancelled.challenge).toMatchObject({ id: second.body.id, status: 'cancelled' });

    const id = await game(p, b, { color: 'white', clock: { initial: 300_000, increment: 2_000 } });
    for (const [s, who, color, opp] of [
      [bs, b, 'black', p],
      [ps, p, 'white', b],
    ] as const) {
      const start = await s.next((l) => l.type === 'gameStart');
      expect(start.game).toMatchObject({
        id,
        color,
        isMyTurn: color === 'white',
        clock: { initial: 300_000, increment: 2_000 },
        speed: 'blitz',
        opponent: { id: opp.id },
        status: 'active',
      });
      expect(who.id).not.toBe(opp.id);
    }
    // A new stream opens with the games still on.
    bs.close();
    const again = await events(b);
    expect((await again.next((l) => l.type === 'gameStart')).game.id).toBe(id);

    expect((await act(b, 'bot', id, 'resign')).body).toEqual({ ok: true });
    for (const s of [again, ps]) {
      const end = await s.next((l) => l.type === 'gameFinish');
      expect(end.game).toMatchObject({ id, status: 'finished', winner: 'white', reason: 'resign' });
    }
    again.close();
    ps.close();
  });

  test('one stream per token: a second closes the first; another token keeps its own', async () => {
    const p = await person();
    const other = await personal(p, ['challenge:read']);
    const one = await events(p);
    const mine = await openNdjson(`${server.url}/api/stream/event`, other);
    const two = await events(p);
    await one.ended; // closed by the server
    const c = await person();
    await http(server, 'POST', `/api/challenge/${p.username}`, {}, c.api);
    await two.next((l) => l.type === 'challenge');
    await mine.next((l) => l.type === 'challenge');
    expect(one.objects().some((l) => l.type === 'challenge')).toBe(false);
    two.close();
    mine.close();
  });
});

test('revoking a token closes its streams; "ai" is no username (it is the computer\'s path)', async () => {
  const p = await person();
  const b = await bot();
  const id = await game(p, b);
  const list = (await http(server, 'GET', '/api/tokens', undefined, p.token)).body as {
    id: string;
  }[];
  const ev = await events(p);
  const gs = await gameStream(p, 'board', id);
  await gs.next((l) => l.type === 'gameFull');
  expect(
    (await http(server, 'DELETE', `/api/tokens/${list[0].id}`, undefined, p.token)).status,
  ).toBe(204);
  await ev.ended;
  await gs.ended;
  expect((await http(server, 'GET', '/api/account', undefined, p.api)).status).toBe(401);
  const ai = await http(server, 'POST', '/api/accounts', {
    username: 'ai',
    password: 'correct horse',
  });
  expect(ai.body.error.code).toBe('INVALID_PAYLOAD');
});

describe('game streams', () => {
  test('gameFull first, then one gameState per change: moves with every landing square, clocks, draw offers, the end', async () => {
    const p = await person();
    const b = await bot();
    // A position where white's only move takes two men: 20x11x18.
    const created = await http(server, 'POST', '/api/test/matches', {
      variant: 'russian',
      fen: 'W:W20,21,26,28,29,30,31,32:B1,2,3,4,5,6,10,12,15,16',
      whiteId: p.id,
      blackId: b.id,
      clock: { initial: 60_000, increment: 1_000 },
    });
    const id = created.body.id as string;
    const ps = await gameStream(p, 'board', id);
    const full = await ps.next(() => true);
    expect(full).toMatchObject({
      type: 'gameFull',
      id,
      variant: 'russian',
      clock: { initial: 60_000, increment: 1_000 },
      white: { id: p.id },
      black: { id: b.id, title: 'BOT' },
      initialFen: 'W:W20,21,26,28,29,30,31,32:B1,2,3,4,5,6,10,12,15,16',
      state: {
        type: 'gameState',
        moves: '',
        // v1.14: the position now, as a program can read it without replaying the moves.
        fen: 'W:W20,21,26,28,29,30,31,32:B1,2,3,4,5,6,10,12,15,16',
        wtime: expect.any(Number),
        btime: 60_000,
        winc: 1_000,
        binc: 1_000,
        status: 'active',
        wdraw: false,
        bdraw: false,
      },
    });
    const bs = await gameStream(b, 'bot', id);
    expect((await bs.next(() => true)).type).toBe('gameFull');

    expect((await act(p, 'board', id, 'move/20x11x18?offeringDraw=true')).body).toEqual({
      ok: true,
    });
    const afterMove = await bs.next((l) => l.type === 'gameState' && l.moves !== '');
    expect(afterMove.moves).toBe('20x11x18');
    expect(afterMove.fen).toBe(
      positionAfter('russian', 'W:W20,21,26,28,29,30,31,32:B1,2,3,4,5,6,10,12,15,16', '20x11x18')
        .fen,
    );
    await bs.next((l) => l.type === 'gameState' && l.wdraw === true);
    // The bot moves (declining the offer by moving on), then offers itself, and the person accepts.
    const legal = (await http(server, 'GET', `/api/matches/${id}`)).body;
    expect(legal.turn).toBe('black');
    const reply = positionAfter(
      'russian',
      'W:W20,21,26,28,29,30,31,32:B1,2,3,4,5,6,10,12,15,16',
      '20x11x18',
    ).legalMoves()[0];
    const text = reply.captures.length > 0 ? reply.path.join('x') : reply.path.join('-');
    expect((await act(b, 'bot', id, `move/${text}`)).body).toEqual({ ok: true });
    const second = await ps.next((l) => l.type === 'gameState' && l.moves.split(' ').length === 2);
    expect(second).toMatchObject({ moves: `20x11x18 ${text}`, wdraw: false, bdraw: false });
    expect((await act(b, 'bot', id, 'draw/yes')).body).toEqual({ ok: true });
    await ps.next((l) => l.type === 'gameState' && l.bdraw === true);
    expect((await act(p, 'board', id, 'draw/yes')).body).toEqual({ ok: true });
    const end = await ps.next((l) => l.type === 'gameState' && l.status === 'finished');
    expect(end).toMatchObject({ winner: null, reason: 'draw-agreed', wdraw: false, bdraw: false });
    await ps.ended;
    await bs.ended;
    // Nothing twice, nothing skipped: each gameState differs from the one before, and the moves
    // only ever grow by one.
    for (const s of [ps, bs]) {
      const states = s
        .objects()
        .filter((l) => l.type !== 'opponentGone')
        .map((l) => (l.type === 'gameFull' ? l.state : l));
      for (let i = 1; i < states.length; i++) {
        expect(JSON.stringify(states[i])).not.toBe(JSON.stringify(states[i - 1]));
        const [a, z] = [
          states[i - 1].moves.split(' ').filter(Boolean),
          states[i].moves.split(' ').filter(Boolean),
        ];
        expect(z.length - a.length).toBeLessThanOrEqual(1);
        expect(z.slice(0, a.length)).toEqual(a);
      }
    }
    // A finished game's stream: gameFull with the end, and the stream ends.
    const late = await gameStream(p, 'board', id);
    await late.ended;
    expect(late.objects()).toEqual([
      expect.objectContaining({
        type: 'gameFull',
        state: expect.objectContaining({ status: 'finished', moves: `20x11x18 ${text}` }),
      }),
    ]);
  });

  test('bad moves, aborts and claims answer typed errors and change nothing', async () => {
    const p = await person();
    const b = await bot();
    const id = await game(p, b, { color: 'white' });
    for (const [move, code] of [
      ['32-28x', 'INVALID_PAYLOAD'],
      ['e3-f4', 'INVALID_PAYLOAD'],
      ['22-13', 'ILLEGAL_MOVE'],
      ['15-19', 'NO_PIECE'],
    ]) {
      const r = await act(p, 'board', id, `move/${move}`);
      expect([move, r.body.error?.code]).toEqual([move, code]);
    }
    expect((await act(b, 'bot', id, 'move/9-13')).body.error.code).toBe('NOT_YOUR_TURN');
    expect((await act(p, 'board', id, 'move/22-18?offeringDraw=maybe')).body.error.code).toBe(
      'INVALID_PAYLOAD',
    );
    expect((await act(p, 'board', id, 'draw/perhaps')).body.error.code).toBe('INVALID_PAYLOAD');
    expect((await act(p, 'board', id, 'claim-victory')).body.error.code).toBe('REFUSED');
    expect((await http(server, 'GET', `/api/matches/${id}`)).body.ply).toBe(0);
    expect((await act(p, 'board', id, 'abort')).body).toEqual({ ok: true });
    const state = (await http(server, 'GET', `/api/matches/${id}`)).body;
    expect(state.result).toEqual({ winner: null, reason: 'aborted' });
  });

  test('the opponent gone and back: opponentGone with the claim time', async () => {
    const p = await person();
    const b = await bot();
    const id = await game(p, b, { color: 'white', clock: { initial: 600_000, increment: 0 } });
    const bs = await gameStream(b, 'bot', id);
    await bs.next((l) => l.type === 'gameFull');
    const ps = await gameStream(p, 'board', id);
    await ps.next((l) => l.type === 'gameFull');
    ps.close();
    const gone = await bs.next((l) => l.type === 'opponentGone' && l.gone);
    expect(gone.claimAt).toBeGreaterThan(Date.now() + 50_000);
    expect(gone.claimWinInSeconds).toBeGreaterThan(50);
    const back = await gameStream(p, 'board', id);
    await bs.next((l) => l.type === 'opponentGone' && !l.gone);
    back.close();
    bs.close();
  });
});

test('a game that starts with the opponent away says so: opponentGone after gameFull, cleared when they come', async () => {
  const p = await person();
  const b = await bot();
  // Nobody has a tab or a stream open: both are away from the start.
  const id = await game(p, b, { color: 'white' });
  const bs = await gameStream(b, 'bot', id);
  expect(await bs.next(() => true)).toMatchObject({ type: 'gameFull' });
  const gone = await bs.next((l) => l.type === 'opponentGone');
  expect(gone).toMatchObject({ gone: true, claimAt: expect.any(Number) });
  expect(gone.claimAt).toBeGreaterThan(Date.now() + 50_000);
  const ps = await gameStream(p, 'board', id);
  await bs.next((l) => l.type === 'opponentGone' && !l.gone);
  ps.close();
  bs.close();
});

test('a bot plays turkish (issue 31) through the Bot API: each move acknowledged, both streams carry it', async () => {
  const p = await person();
  const b = await bot();
  const bev = await events(b);
  const clock = { initial: 300_000, increment: 2_000 };
  const id = await game(p, b, { variant: 'turkish', color: 'white', clock });
  const start = await bev.next((l) => l.type === 'gameStart');
  expect(start.game).toMatchObject({ id, variant: 'turkish', color: 'black', isMyTurn: false });
  const initialFen = Position.initial('turkish').fen;
  const bs = await gameStream(b, 'bot', id);
  expect(await bs.next(() => true)).toMatchObject({
    type: 'gameFull',
    id,
    variant: 'turkish',
    black: { id: b.id, title: 'BOT' },
    initialFen,
    state: { type: 'gameState', moves: '', fen: initialFen, status: 'active' },
  });
  const ps = await gameStream(p, 'board', id);
  await ps.next((l) => l.type === 'gameFull');
  // Twelve plies: each side reads the position from its own stream's moves (as a bot does) and
  // plays one of its legal moves, the person by the Board API, the bot by the Bot API: sideways
  // moves (42-41, 32-31, 38-39) and, last, the bot's capture 21x37.
  let moves = '';
  for (let ply = 0; ply < 12; ply++) {
    const [who, api, stream] = ply % 2 === 0 ? [p, 'board', ps] : [b, 'bot', bs];
    const pos = positionAfter('turkish', initialFen, moves);
    expect(pos.turn).toBe(ply % 2 === 0 ? 'white' : 'black');
    const legal = pos.legalMoves();
    const move = legal[(ply * 7) % legal.length];
    const text = move.path.join(move.captures.length > 0 ? 'x' : '-');
    expect([ply, (await act(who, api as 'bot' | 'board', id, `move/${text}`)).body]).toEqual([
      ply,
      { ok: true },
    ]);
    moves = moves === '' ? text : `${moves} ${text}`;
    const fen = pos.play(move).fen;
    for (const s of [bs, stream]) {
      const seen = await s.next((l) => l.type === 'gameState' && l.moves === moves);
      expect([ply, seen.fen, seen.status]).toEqual([ply, fen, 'active']);
    }
  }
  expect((await http(server, 'GET', `/api/matches/${id}`)).body).toMatchObject({
    variant: 'turkish',
    ply: 12,
    fen: positionAfter('turkish', initialFen, moves).fen,
  });
  expect((await act(b, 'bot', id, 'resign')).body).toEqual({ ok: true });
  const end = await bs.next((l) => l.type === 'gameState' && l.status === 'finished');
  expect(end).toMatchObject({ moves, winner: 'white', reason: 'resign' });
  const finish = await bev.next((l) => l.type === 'gameFinish');
  expect(finish.game).toMatchObject({ id, variant: 'turkish', winner: 'white', reason: 'resign' });
  await bs.ended;
  await ps.ended;
  bev.close();
});

describe('bots against the computer', () => {
  // How many: enough for six at a time to start and end over one another. A hundred games, the
  // keep-alives of an idle stream and the figures are the bots benchmark's (npm run bench:bots),
  // where the load is the point.
  const GAMES = 30;
  test('the example random mover plays 30 games against the computer, six at a time, with no protocol error', async () => {
    const b = await bot();
    const lines: { first: string; id: string }[] = [];
    const result = await runBot({ url: server.url, token: b.api }, randomChooser, {
      ai: { level: 1, games: GAMES, parallel: 6 },
      log: () => undefined,
      onGameLine: (id, line, i) => {
        if (i === 0) lines.push({ id, first: line.type });
      },
    });
    expect(result.errors).toEqual([]);
    expect(result.games).toBe(GAMES);
    expect(new Set(lines.map((l) => l.id)).size).toBe(GAMES);
    expect(lines.filter((l) => l.first !== 'gameFull')).toEqual([]);
    const finished = (await http(server, 'GET', `/api/users/${b.username}`)).body.count;
    expect(finished.games).toBe(GAMES);
  }, 300_000);

  test('the example engine bot accepts a challenge and plays it out', async () => {
    const b = await bot();
    const p = await person();
    const stop = new AbortController();
    const { engineChooser } = await import('../../examples/bot/bot.js');
    const running = runBot({ url: server.url, token: b.api }, engineChooser(20), {
      log: () => undefined,
      signal: stop.signal,
    });
    await new Promise((r) => setTimeout(r, 300));
    const id = await challengeAccepted(p, b);
    const ps = await gameStream(p, 'board', id);
    await ps.next((l) => l.type === 'gameFull');
    expect((await act(p, 'board', id, 'move/22-18')).body).toEqual({ ok: true });
    const reply = await ps.next((l) => l.type === 'gameState' && l.moves.split(' ').length === 2);
    expect(reply.moves).toMatch(/^22-18 \d+[-x]\d+/);
    await act(p, 'board', id, 'resign');
    stop.abort();
    const { errors } = await running;
    expect(errors).toEqual([]);
    ps.close();
  });
});

// PostgreSQL only: two apps on one database stand for two server processes.
if (usingPostgres())
  describe('two server processes', () => {
    test('a game stream resumes on another process after its own died: gameFull with every move; moves on one are heard on the other', async () => {
      const other = await server.another();
      const p = await person();
      const b = await bot();
      const id = await game(p, b, { color: 'white' });
      const onOther = await openNdjson(`${other.url}/api/board/game/stream/${id}`, p.api);
      await onOther.next((l) => l.type === 'gameFull');
      // A move made through this process reaches the stream on the other one.
      expect((await act(p, 'board', id, 'move/22-18')).body).toEqual({ ok: true });
      await onOther.next((l) => l.type === 'gameState' && l.moves === '22-18');
      await other.stop();
      await onOther.ended;
      expect((await act(b, 'bot', id, 'move/11-15')).body).toEqual({ ok: true });
      const again = await gameStream(p, 'board', id);
      const full = await again.next(() => true);
      expect(full).toMatchObject({
        type: 'gameFull',
        state: { moves: '22-18 11-15', status: 'active' },
      });
      again.close();
    });

    test('a stream on another process keeps the player present: closing one here claims nothing', async () => {
      const other = await server.another();
      const p = await person();
      const b = await bot();
      // The bot's stream on the other process is open before the game starts: present from the
      // start (asked across processes), so nothing says it is gone.
      const elsewhere = await openNdjson(`${other.url}/api/stream/event`, b.api);
      await new Promise((r) => setTimeout(r, 200));
      const id = await game(p, b, { color: 'white', clock: { initial: 600_000, increment: 0 } });
      const watch = await gameStream(p, 'board', id);
      await watch.next((l) => l.type === 'gameFull');
      await elsewhere.next((l) => l.type === 'gameStart');
      const here = await gameStream(b, 'bot', id);
      await here.next((l) => l.type === 'gameFull');
      here.close();
      await new Promise((r) => setTimeout(r, 1_500));
      expect(watch.objects().filter((l) => l.type === 'opponentGone')).toEqual([]);
      // Its last stream closes: now it is gone.
      elsewhere.close();
      const gone = await watch.next((l) => l.type === 'opponentGone');
      expect(gone.gone).toBe(true);
      watch.close();
      await other.stop();
    });

    test('a process whose cluster listener dropped reads again what it missed: the move and the end reach its streams', async () => {
      const other = await server.another();
      const p = await person();
      const b = await bot();
      const id = await game(p, b, { color: 'white' });
      const gs = await openNdjson(`${other.url}/api/board/game/stream/${id}`, p.api);
      await gs.next((l) => l.type === 'gameFull');
      const ev = await openNdjson(`${other.url}/api/stream/event`, b.api);
      await ev.next((l) => l.type === 'gameStart' && l.game.id === id);
      const c = await person();
      const asked = await http(server, 'POST', `/api/challenge/${b.username}`, {}, c.api);
      await ev.next((l) => l.type === 'challenge' && l.challenge.id === asked.body.id);
      // Both processes' listeners of this test's channel drop; the move and the resignation go
      // out while the other process is reconnecting (it tries again after 500 ms).
      const channel = server.app.get(ClusterBus).notifyChannel as string;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
        [`damas listener ${channel}`],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      expect((await act(p, 'board', id, 'move/22-18')).body).toEqual({ ok: true });
      expect((await act(b, 'bot', id, 'resign')).body).toEqual({ ok: true });
      const declined = await http(
        server,
        'POST',
        `/api/challenge/${asked.body.id}/decline`,
        { reason: 'later' },
        b.api,
      );
      expect(declined.status).toBe(200);
      const end = await gs.next((l) => l.type === 'gameState' && l.status === 'finished');
      expect(end).toMatchObject({ moves: '22-18', winner: 'white', reason: 'resign' });
      await gs.ended;
      const fin = await ev.next((l) => l.type === 'gameFinish');
      expect(fin.game).toMatchObject({ id, winner: 'white', reason: 'resign' });
      await ev.next((l) => l.type === 'challengeDeclined');
      // A moment for anything said twice (the resync and a late notice) to arrive: once each.
      await new Promise((r) => setTimeout(r, 500));
      const types = ev.objects().map((l) => l.type);
      expect(types.filter((t) => t === 'gameFinish')).toHaveLength(1);
      expect(types.filter((t) => t === 'challengeDeclined')).toHaveLength(1);
      expect(types.filter((t) => t === 'gameStart')).toHaveLength(1);
      ev.close();
      await other.stop();
    });

    test('one event stream per token across processes: a stream opened on one closes the other', async () => {
      const other = await server.another();
      const p = await person();
      const first = await openNdjson(`${other.url}/api/stream/event`, p.api);
      await new Promise((r) => setTimeout(r, 200));
      const second = await events(p);
      await first.ended;
      const c = await person();
      await http(server, 'POST', `/api/challenge/${p.username}`, {}, c.api);
      await second.next((l) => l.type === 'challenge');
      second.close();
      await other.stop();
    });
  });

/** `p` challenges the bot (white) and the running bot accepts: the game's id. */
async function challengeAccepted(p: Who, b: Who): Promise<string> {
  const ps: Ndjson = await events(p);
  await http(server, 'POST', `/api/challenge/${b.username}`, { color: 'white' }, p.api);
  const start = await ps.next((l) => l.type === 'gameStart');
  ps.close();
  return start.game.id as string;
}

test("takebacks and the players' chat through the Board and Bot APIs (v1.11)", async () => {
  const p = await person();
  const b = await bot();
  const created = await http(server, 'POST', '/api/test/matches', {
    variant: 'russian',
    whiteId: p.id,
    blackId: b.id,
  });
  const id = created.body.id as string;
  const ps = await gameStream(p, 'board', id);
  const bs = await gameStream(b, 'bot', id);
  await ps.next((l) => l.type === 'gameFull');
  await bs.next((l) => l.type === 'gameFull');
  // A move for another ply than the game's is refused and changes nothing (v1.11 ?ply=).
  const stale = await act(p, 'board', id, 'move/22-18?ply=3');
  expect([stale.status, stale.body.error.code]).toEqual([409, 'NOT_YOUR_TURN']);
  expect((await act(p, 'board', id, 'move/22-18?ply=x')).body.error.code).toBe('INVALID_PAYLOAD');
  expect((await act(p, 'board', id, 'move/22-18?ply=0')).body).toEqual({ ok: true });
  await bs.next((l) => l.type === 'gameState' && l.moves === '22-18');
  expect((await act(p, 'board', id, 'takeback/yes')).body).toEqual({ ok: true });
  const asked = await bs.next((l) => l.type === 'gameState' && l.wtakeback === true);
  expect([asked.moves, asked.btakeback]).toEqual(['22-18', false]);
  expect((await act(b, 'bot', id, 'takeback/yes')).body).toEqual({ ok: true });
  const back = await ps.next((l) => l.type === 'gameState' && l.moves === '');
  expect([back.wtakeback, back.status]).toEqual([false, 'active']);
  expect((await act(p, 'board', id, 'takeback/no')).body.error.code).toBe('REFUSED');

  const said = await http(
    server,
    'POST',
    `/api/bot/game/${id}/chat`,
    { room: 'player', text: 'gl hf' },
    b.api,
  );
  expect(said.body).toEqual({ ok: true });
  const heard = await ps.next((l) => l.type === 'chatLine');
  expect(heard).toEqual({ type: 'chatLine', room: 'player', username: b.username, text: 'gl hf' });
  const bad = await http(
    server,
    'POST',
    `/api/bot/game/${id}/chat`,
    { room: 'player', text: '' },
    b.api,
  );
  expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_PAYLOAD']);
  ps.close();
  bs.close();
});
