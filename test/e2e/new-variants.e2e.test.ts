/**
 * The seven variants of issue 31 (frisian, frysk, antidraughts, breakthrough, canadian, thai,
 * turkish) through the real app and real socket.io clients: each paired from the queue and played
 * move by move with the server agreeing on every position; antidraughts and breakthrough played
 * to their own kind of end from a challenge's start position; frisian's king runs kept in the
 * match's FEN; a rated game landing in its variant's rating; the computer, game analysis, the
 * Board API (squares past 50), PDN export and tournaments in the new variants.
 */
import { DataSource } from 'typeorm';
import type { MatchEnd, MatchState } from '../../src/common/protocol.js';
import {
  advance,
  outcome,
  parsePdn,
  Position,
  startProgress,
  unwrap,
  type Color,
  type Progress,
  type VariantId,
} from '../../src/rules/index.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newAccount,
  newPlayer,
  pairedMatch,
  startServer,
  type Client,
  type Player,
  type Server,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ engineThreads: 1, computerSweepMs: 100 });
});
afterAll(async () => {
  await server.destroy();
});

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

let n = 0;
const account = () => newAccount(server, `nv${++n}_${Date.now() % 100000}`);
const BLITZ = { initial: 180_000, increment: 2_000 };

const GAME_TYPES: Record<string, string> = {
  frisian: '40',
  frysk: '97',
  antidraughts: '98',
  breakthrough: '96',
  canadian: '27',
  thai: '31',
  turkish: '30',
};
const NEW_VARIANTS = Object.keys(GAME_TYPES) as VariantId[];

/** A fixed pseudo-random choice (the same game every run). */
function picker(seed: number) {
  return (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * k);
  };
}

/**
 * Plays `plies` moves over the sockets (or fewer, if the rules end the game), each picked from
 * the rules' legal moves; the server's FEN and turn must be the rules' after every one.
 */
async function playOver(
  matchId: string,
  clients: Record<Color, Client>,
  start: Progress,
  plies: number,
  seed = 7,
): Promise<{ game: Progress; ply: number; texts: number[][] }> {
  const pick = picker(seed);
  let game = start;
  let ply = 0;
  const texts: number[][] = [];
  while (ply < plies && outcome(game) === null) {
    const moves = game.position.legalMoves();
    const move = moves[pick(moves.length)];
    const mover = clients[game.position.turn];
    const ack = expectOk(await mover.emit('match:move', { matchId, path: move.path }));
    game = advance(game, move);
    ply++;
    texts.push(move.path.slice());
    expect([ply, ack.move.fen]).toEqual([ply, game.position.fen]);
    expect(ack.move.turn).toBe(outcome(game) === null ? game.position.turn : null);
  }
  return { game, ply, texts };
}

const state = async (id: string) =>
  (await http(server, 'GET', `/api/matches/${id}`)).body as MatchState;

describe.each(NEW_VARIANTS)('%s', (variant) => {
  test('paired from the queue and played, the server agreeing on every position', async () => {
    const { match, white, black, close } = await pairedMatch(server, variant, BLITZ);
    try {
      expect(match.variant).toBe(variant);
      const initial = Position.initial(variant);
      expect(match.fen).toBe(initial.fen);
      expect(match.pieces).toHaveLength(
        [...Array(initial.variant.geometry.squares).keys()].filter((i) => initial.pieceAt(i + 1))
          .length,
      );
      const clients = { white: white.client, black: black.client };
      const { game, ply } = await playOver(match.id, clients, startProgress(initial), 40);
      expect(ply).toBeGreaterThan(10);
      const now = await state(match.id);
      expect([now.ply, now.fen]).toEqual([ply, game.position.fen]);
      // The pieces the server mirrors are the rules' pieces, square for square.
      const squares = (p: Position) =>
        [...Array(p.variant.geometry.squares).keys()]
          .map((i) => p.pieceAt(i + 1))
          .filter((x) => x !== null)
          .map((x) => `${x.color}${x.king ? 'K' : ''}${x.square}`)
          .sort();
      expect(now.pieces.map((p) => `${p.color}${p.king ? 'K' : ''}${p.square}`).sort()).toEqual(
        squares(game.position),
      );
      if (outcome(game) === null)
        expectOk(await clients[game.position.turn].emit('match:resign', { matchId: match.id }));
      const end = await white.client.next('match:end', (e) => e.matchId === match.id);
      expect(end.result).toEqual(outcome(game) ?? expect.objectContaining({ reason: 'resign' }));
      // The PDN export names the variant by its GameType and replays to the same position.
      const pdn = await http(server, 'GET', `/api/matches/${match.id}/pdn`);
      expect(pdn.text).toContain(`[GameType "${GAME_TYPES[variant]}"]`);
      const read = unwrap(parsePdn(pdn.text));
      expect(read.variant.id).toBe(variant);
      expect(read.positions.at(-1)?.fen).toBe(game.position.fen);
    } finally {
      close();
    }
  });
});

/** A casual challenge from `fen`, accepted: both clients, by colour, and the match. */
async function fromFen(variant: VariantId, fen: string) {
  const [a, b] = [await newPlayer(server, 'ana'), await newPlayer(server, 'bruno')];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  open.push(ca, cb);
  const made = await http(
    server,
    'POST',
    '/api/challenges',
    { variant, fen, color: 'white' },
    a.token,
  );
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ variant, fen });
  const { matchId } = expectOk(await cb.emit('challenge:accept', { challengeId: made.body.id }));
  const start = await ca.next('match:start', (s) => s.id === matchId);
  expect([start.variant, start.initialFen]).toEqual([variant, fen]);
  return { matchId, clients: { white: ca, black: cb }, start };
}

test('antidraughts to its end: white must take the last black man, and black wins by having none', async () => {
  const fen = 'W:W28:B23';
  const { matchId, clients } = await fromFen('antidraughts', fen);
  const start = startProgress(unwrap(Position.fromFen('antidraughts', fen)));
  const { game, ply } = await playOver(matchId, clients, start, 5);
  expect(ply).toBe(1);
  expect(outcome(game)).toEqual({ winner: 'black', reason: 'given-away' });
  const end: MatchEnd = await clients.white.next('match:end', (e) => e.matchId === matchId);
  expect(end.result).toEqual({ winner: 'black', reason: 'given-away' });
  expect((await state(matchId)).result).toEqual({ winner: 'black', reason: 'given-away' });
  // The PDN's result token is black's win.
  expect((await http(server, 'GET', `/api/matches/${matchId}/pdn`)).text).toMatch(/\b0-2\s*$/);
});

test('breakthrough to its end: the first king wins (crowned), with men left on both sides', async () => {
  const fen = 'W:W6,40:B16,45';
  const { matchId, clients } = await fromFen('breakthrough', fen);
  // 6-1 crowns a king at once.
  const ack = expectOk(await clients.white.emit('match:move', { matchId, from: 6, to: 1 }));
  expect(ack.move).toMatchObject({ promoted: true, turn: null });
  const end = await clients.black.next('match:end', (e) => e.matchId === matchId);
  expect(end.result).toEqual({ winner: 'white', reason: 'crowned' });
});

test("frisian: a king's quiet moves are counted in the match's FEN (:KW), and the fourth is refused", async () => {
  // White: a king on 46 and a man on 45; black: men on 1 and 2, far from it.
  const fen = 'W:W45,K46:B1,2';
  const { matchId, clients } = await fromFen('frisian', fen);
  let game = startProgress(unwrap(Position.fromFen('frisian', fen)));
  let king = 46;
  const pickBlack = picker(3);
  for (let run = 1; run <= 3; run++) {
    // The king's shortest quiet move: along its first diagonal, one square.
    const move = game.position
      .legalMoves()
      .filter((m) => m.from === king && m.captures.length === 0)
      .sort((x, y) => Math.abs(x.to - x.from) - Math.abs(y.to - y.from))[0];
    expect(move).toBeDefined();
    const ack = expectOk(await clients.white.emit('match:move', { matchId, path: move.path }));
    game = advance(game, move);
    king = move.to;
    expect(ack.move.fen).toBe(game.position.fen);
    expect(ack.move.fen).toContain(`:KW${king}/${run}`);
    // Black answers with a man's move that offers white no capture (a capture would end the run).
    const replies = game.position.legalMoves().filter((m) =>
      game.position
        .play(m)
        .legalMoves()
        .every((w) => w.captures.length === 0),
    );
    const reply = replies[pickBlack(replies.length)];
    expectOk(await clients.black.emit('match:move', { matchId, path: reply.path }));
    game = advance(game, reply);
  }
  // Three in a row: the king may not move again without capturing while white has a man.
  expect(game.position.legalMoves().filter((m) => m.from === king)).toEqual([]);
  const asked = expectOk(await clients.white.emit('match:moves', { matchId, square: king }));
  expect(asked.moves).toEqual([]);
  // Without the count the king could step on; with it the server refuses that step.
  const free = unwrap(Position.fromFen('frisian', game.position.fen.replace(/:KW\d+\/\d+/, '')));
  const barred = free.legalMoves().find((m) => m.from === king);
  expect(barred).toBeDefined();
  const refused = await clients.white.emit('match:move', { matchId, path: barred!.path });
  expect(refused.ok).toBe(false);
  // A man's move is still allowed, and the server's FEN is the rules' throughout.
  expect((await state(matchId)).fen).toBe(game.position.fen);
});

test('a rated canadian game moves the canadian blitz ratings, listed on the profile and the leaderboard', async () => {
  const [a, b] = [await account(), await account()];
  const [ca, cb] = [await connect(server, a.token), await connect(server, b.token)];
  open.push(ca, cb);
  for (const c of [ca, cb])
    expectOk(await c.emit('queue:join', { variant: 'canadian', clock: BLITZ, rated: true }));
  const start = await ca.next('match:start');
  await cb.next('match:start');
  expect([start.variant, start.rated]).toEqual(['canadian', true]);
  const clients = start.white.id === a.id ? { white: ca, black: cb } : { white: cb, black: ca };
  // A few moves, then white resigns.
  await playOver(start.id, clients, startProgress(Position.initial('canadian')), 6);
  expectOk(await clients.white.emit('match:resign', { matchId: start.id }));
  const end = await ca.next('match:end', (e) => e.matchId === start.id);
  expect(end.match.black.ratingDiff).toBeGreaterThan(0);
  const rows = (await server.app
    .get(DataSource)
    .query(
      `SELECT player_id, variant, speed, games, wins, losses FROM ratings ORDER BY wins`,
      [],
    )) as {
    player_id: string;
    variant: string;
    speed: string;
    games: number;
    wins: number;
    losses: number;
  }[];
  const mine = rows.filter((r) => r.player_id === a.id || r.player_id === b.id);
  expect(mine.map((r) => [r.variant, r.speed, r.games])).toEqual([
    ['canadian', 'blitz', 1],
    ['canadian', 'blitz', 1],
  ]);
  const winner = start.black.id === a.id ? a : b;
  const profile = await http(server, 'GET', `/api/users/${winner.username}`);
  expect(profile.body.ratings).toContainEqual(
    expect.objectContaining({ variant: 'canadian', speed: 'blitz', games: 1, wins: 1 }),
  );
  const games = await http(server, 'GET', `/api/users/${winner.username}/games?variant=canadian`);
  expect(games.status).toBe(200);
  expect(JSON.stringify(games.body)).toContain(start.id);
  // The leaderboard of every new variant answers (empty until ratings settle).
  for (const v of NEW_VARIANTS) {
    const lb = await http(server, 'GET', `/api/leaderboard/${v}/blitz`);
    expect([v, lb.status]).toEqual([v, 200]);
  }
});

test.each(['turkish', 'canadian', 'thai'] as const)(
  "the computer plays %s (level 1): its moves are the rules' moves",
  async (variant) => {
    const p = await newPlayer(server, 'eva');
    const c = await connect(server, p.token);
    open.push(c);
    const { matchId } = expectOk(
      await c.emit('computer:play', { variant, level: 1, color: 'white', clock: null }),
    );
    const start = await c.next('match:start', (m) => m.id === matchId);
    expect(start.computer).toEqual({ color: 'black', level: 1 });
    let pos = Position.initial(variant);
    const pick = picker(11);
    for (let ply = 1; ply <= 8; ply += 2) {
      const moves = pos.legalMoves();
      const move = moves[pick(moves.length)];
      expectOk(await c.emit('match:move', { matchId, path: move.path }));
      pos = pos.play(move);
      const reply = await c.next(
        'match:move',
        (m) => m.matchId === matchId && m.ply === ply + 1,
        30_000,
      );
      expect(pos.legalMoves().map((m) => m.path)).toContainEqual(reply.path);
      pos = pos.play(unwrap(pos.findMove({ path: reply.path })));
      expect(reply.fen).toBe(pos.fen);
    }
    expectOk(await c.emit('match:resign', { matchId }));
  },
  90_000,
);

test('a finished turkish game is analysed by the server: every position scored', async () => {
  const [w, b] = [await newPlayer(server, 'wes'), await newPlayer(server, 'bel')];
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'turkish',
    whiteId: w.id,
    blackId: b.id,
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  const [cw, cb] = [await connect(server, w.token), await connect(server, b.token)];
  open.push(cw, cb);
  await playOver(id, { white: cw, black: cb }, startProgress(Position.initial('turkish')), 4);
  expectOk(await cw.emit('match:resign', { matchId: id }));
  const first = await http(server, 'POST', `/api/matches/${id}/analysis`);
  expect([200, 202]).toContain(first.status);
  expect(first.body).toMatchObject({ variant: 'turkish', progress: { total: 5 } });
  let body = first.body;
  // The engine's budget on 64 squares, on a machine busy with other tests: up to 100 s.
  for (let i = 0; i < 1000 && body.status !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    body = (await http(server, 'GET', `/api/matches/${id}/analysis`)).body;
  }
  expect(body.status).toBe('done');
  expect(body.positions).toHaveLength(5);
  for (const p of body.positions) expect(Math.abs(p.chance)).toBeLessThanOrEqual(1);
}, 120_000);

test('the Board API plays canadian moves on squares past 50, written as text', async () => {
  const who = async () => {
    const a = await account();
    const r = await http(
      server,
      'POST',
      '/api/tokens',
      { description: 't', scopes: ['board:play', 'challenge:write'] },
      a.token,
    );
    return { ...a, api: r.body.token as string };
  };
  const [p, q] = [await who(), await who()];
  // White's man on 66 and king on 72, black's man on 1: moves among the high squares.
  const fen = 'W:W66,K72:B1';
  const c = await http(
    server,
    'POST',
    `/api/challenge/${q.username}`,
    { variant: 'canadian', fen, color: 'white' },
    p.api,
  );
  expect(c.status).toBe(201);
  const acc = await http(server, 'POST', `/api/challenge/${c.body.id}/accept`, undefined, q.api);
  const id = acc.body.matchId as string;
  let pos = unwrap(Position.fromFen('canadian', fen));
  const move = pos.legalMoves().find((m) => m.from === 66)!;
  const r = await http(
    server,
    'POST',
    `/api/board/game/${id}/move/${move.from}-${move.to}`,
    undefined,
    p.api,
  );
  expect([r.status, r.body]).toEqual([200, { ok: true }]);
  pos = pos.play(move);
  expect((await state(id)).fen).toBe(pos.fen);
});

test('arenas and Swiss events are made in the new variants', async () => {
  const owner = await account();
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  for (const variant of NEW_VARIANTS) {
    const arena = await http(
      server,
      'POST',
      '/api/tournament',
      { variant, clock: { initial: 180_000, increment: 2000 }, minutes: 30, startsAt },
      owner.token,
    );
    expect([variant, arena.status]).toEqual([variant, 201]);
    const swiss = await http(
      server,
      'POST',
      '/api/swiss',
      {
        name: `${variant} swiss`,
        variant,
        clock: { initial: 300_000, increment: 3000 },
        rounds: 3,
        startsAt,
      },
      owner.token,
    );
    expect([variant, swiss.status]).toEqual([variant, 201]);
    const page = (await http(server, 'GET', `/api/tournament/${swiss.body.id}`)).body;
    expect(page.tournament?.variant ?? page.variant).toBe(variant);
  }
});

test('a challenge and the queue refuse a variant that does not exist', async () => {
  const p: Player = await newPlayer(server, 'zed');
  const r = await http(server, 'POST', '/api/challenges', { variant: 'checkers' }, p.token);
  expect(r.body.error.code).toBe('INVALID_PAYLOAD');
  const c = await connect(server, p.token);
  open.push(c);
  expect(errorCode(await c.emitRaw('queue:join', { variant: 'checkers' }))).toBe('INVALID_PAYLOAD');
  expectOk(await c.emit('queue:join', { variant: 'turkish' }));
});
