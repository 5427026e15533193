/**
 * The fast paths under concurrency: queue joins paired in batches, moves of many games written
 * in batches with a version check against a per-process match cache. What they must keep:
 * everyone paired exactly once, every acknowledged move stored with its pieces, and a move
 * checked against a cached match that someone else changed decided again on the fresh row.
 */
import { DataSource } from 'typeorm';
import { Position, unwrap } from '../../src/rules/index.js';
import {
  connect,
  errorCode,
  expectOk,
  http,
  newPlayer,
  pairedMatch,
  startServer,
  usingPostgres,
  type Server,
} from './harness.js';

let server: Server;
let db: DataSource;
beforeAll(async () => {
  // Many sockets from one address in a few seconds: lift the per-address connection limit.
  server = await startServer({ connectLimit: { capacity: 1_000, perSecond: 1_000 } });
  db = server.app.get(DataSource);
});
afterAll(async () => {
  await server.destroy();
});

test('40 players joining at once are paired exactly once each', async () => {
  const players = await Promise.all(
    Array.from({ length: 40 }, (_, i) => newPlayer(server, `p${i}`)),
  );
  const clients = await Promise.all(players.map((p) => connect(server, p.token)));
  const starts = clients.map((c) => c.next('match:start', () => true, 20_000));
  const acks = await Promise.all(clients.map((c) => c.emit('queue:join', { variant: 'czech' })));
  expect(acks.every((a) => a.ok)).toBe(true);
  const got = await Promise.all(starts);
  await new Promise((r) => setTimeout(r, 300)); // a duplicate start would have arrived by now
  const byMatch = new Map<string, Set<string>>();
  got.forEach((m, i) => {
    expect([m.white.id, m.black.id]).toContain(players[i].id);
    byMatch.set(m.id, (byMatch.get(m.id) ?? new Set()).add(players[i].id));
  });
  expect(byMatch.size).toBe(20);
  for (const seen of byMatch.values()) expect(seen.size).toBe(2);
  for (const c of clients)
    expect(c.events.filter((e) => e.event === 'match:start')).toHaveLength(0);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM matches WHERE variant = 'czech'`);
  expect(n).toBe(20);
  clients.forEach((c) => c.close());
}, 60_000);

test('a player already waiting is refused, however close together the joins', async () => {
  const p = await newPlayer(server, 'twice');
  const c = await connect(server, p.token);
  const acks = await Promise.all([
    c.emit('queue:join', { variant: 'spanish' }),
    c.emit('queue:join', { variant: 'spanish' }),
  ]);
  expect(acks.filter((a) => a.ok)).toHaveLength(1);
  expect(errorCode(acks.find((a) => !a.ok)!)).toBe('ALREADY_QUEUED');
  c.close();
}, 30_000);

/** The pieces rows of a match, as the position they describe. */
async function storedPieces(matchId: string): Promise<string[]> {
  const rows: { color: string; king: boolean; square: number }[] = await db.query(
    'SELECT color, king, square FROM pieces WHERE match_id = $1',
    [matchId],
  );
  return rows.map((r) => `${r.color}${r.king ? 'K' : ''}${r.square}`).sort();
}

test('12 games moving at once: every acknowledged move is stored, pieces equal the FEN', async () => {
  // Paired one after the other (pairedMatch expects its two players to meet), played at once.
  const games = [];
  for (let i = 0; i < 12; i++) games.push(await pairedMatch(server));
  const plies = 24;
  await http(server, 'POST', '/api/test/timings'); // starts the count afresh
  let seed = 3;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const acked = await Promise.all(
    games.map(async ({ match, white, black }) => {
      let fen: string = match.fen;
      let n = 0;
      for (let ply = 0; ply < plies; ply++) {
        const moves = unwrap(Position.fromFen(match.variant, fen)).legalMoves();
        if (moves.length === 0) break;
        const side = ply % 2 === 0 ? white : black;
        const path = moves[Math.floor(rand() * moves.length)].path;
        const ack = await side.client.emit('match:move', { matchId: match.id, path });
        if (!ack.ok) throw new Error(JSON.stringify(ack));
        fen = ack.move.fen;
        n++;
        if (ack.move.turn === null) break;
      }
      return { id: match.id, fen, n };
    }),
  );
  // Every acknowledged move went through the batched writer; on PostgreSQL in fewer statements
  // than moves, since games move at the same moment (PGlite runs on the server's own thread:
  // nothing arrives while a batch is out). The benchmark's reading starts afresh after.
  const moves = acked.reduce((n, g) => n + g.n, 0);
  const seen = (await http(server, 'POST', '/api/test/timings')).body;
  expect(seen.batches.moves).toBe(moves);
  if (usingPostgres()) expect(seen.batches.n).toBeLessThan(moves);
  else expect(seen.batches.n).toBe(moves);
  expect((await http(server, 'POST', '/api/test/timings')).body.batches).toMatchObject({
    n: 0,
    moves: 0,
  });
  for (const g of acked) {
    const history = (await http(server, 'GET', `/api/matches/${g.id}/history`)).body;
    expect(history).toHaveLength(g.n);
    const state = (await http(server, 'GET', `/api/matches/${g.id}`)).body;
    expect(state.fen).toBe(g.fen);
    const want = unwrap(Position.fromFen('brazilian', g.fen))
      .pieces()
      .map((p) => `${p.color}${p.king ? 'K' : ''}${p.square}`)
      .sort();
    expect(await storedPieces(g.id)).toEqual(want);
  }
  games.forEach((g) => g.close());
}, 120_000);

// PostgreSQL only: holding a batch at the database takes a second session, and the embedded
// PGlite is one session on the server's own thread (its batches hold one move each, above).
if (usingPostgres())
  test('while a batch is held at the database, a second goes only once 16 moves wait', async () => {
    const games: Awaited<ReturnType<typeof pairedMatch>>[] = [];
    for (let i = 0; i < 17; i++) games.push(await pairedMatch(server));
    const first = (g: (typeof games)[number]) => {
      const path = unwrap(Position.fromFen('brazilian', g.match.fen)).legalMoves()[0].path;
      const ack = g.white.client.emit('match:move', { matchId: g.match.id, path });
      const state = { ack, done: false };
      void ack.then(() => (state.done = true));
      return state;
    };
    await http(server, 'POST', '/api/test/timings'); // counts from here
    const lock = db.createQueryRunner();
    await lock.startTransaction();
    try {
      await lock.query(`SELECT 1 FROM matches WHERE id = $1 FOR UPDATE`, [games[0].match.id]);
      const held = first(games[0]);
      await new Promise((r) => setTimeout(r, 300)); // its batch is now waiting for the lock
      const waiting = games.slice(1, 16).map(first);
      await new Promise((r) => setTimeout(r, 500));
      expect(waiting.filter((w) => w.done)).toHaveLength(0); // 15 wait: no second batch
      waiting.push(first(games[16]));
      const acks = await Promise.all(waiting.map((w) => w.ack));
      for (const a of acks) expectOk(a);
      expect(held.done).toBe(false); // the 16 went past the held batch
      await lock.commitTransaction();
      expectOk(await held.ack);
    } finally {
      if (lock.isTransactionActive) await lock.rollbackTransaction();
      await lock.release();
    }
    const seen = (await http(server, 'POST', '/api/test/timings')).body;
    expect(seen.batches).toMatchObject({ n: 2, moves: 17 });
    games.forEach((g) => g.close());
  }, 60_000);

test('a move checked on a cached match that changed elsewhere is decided on the fresh row', async () => {
  const { match, white, black, close } = await pairedMatch(server);
  const first = expectOk(
    await white.client.emit('match:move', { matchId: match.id, from: 22, to: 18 }),
  );
  // Another process plays black's reply: this process's cached match still says black to move.
  const reply = unwrap(
    unwrap(Position.fromFen('brazilian', first.move.fen)).findMove({ from: 11, to: 15 }),
  );
  const after = unwrap(Position.fromFen('brazilian', first.move.fen)).play(reply);
  await db.query(
    `UPDATE matches SET ply = 2, fen = $2, turn = 'white', version = version + 1 WHERE id = $1`,
    [match.id, after.fen],
  );
  await db.query(
    `INSERT INTO moves (match_id, ply, by, path, captures, promoted, fen)
     VALUES ($1, 2, 'black', '[11,15]', '[]', false, $2)`,
    [match.id, after.fen],
  );
  await db.query(`UPDATE pieces SET square = 15 WHERE match_id = $1 AND square = 11`, [match.id]);
  // White, refused by the stale cache (black to move), is accepted on the fresh row.
  const path = after.legalMoves()[0].path;
  const third = expectOk(await white.client.emit('match:move', { matchId: match.id, path }));
  expect(third.move.ply).toBe(3);

  // Another process ends the game: black's move passes the cached check, fails the version
  // check when written, and is refused on the fresh row.
  await db.query(
    `UPDATE matches SET status = 'finished', turn = NULL, result_winner = 'white',
       result_reason = 'resign', version = version + 1 WHERE id = $1`,
    [match.id],
  );
  const next = unwrap(Position.fromFen('brazilian', third.move.fen)).legalMoves()[0].path;
  const late = await black.client.emit('match:move', { matchId: match.id, path: next });
  expect(errorCode(late)).toBe('MATCH_OVER');
  const history = (await http(server, 'GET', `/api/matches/${match.id}/history`)).body;
  expect(history.map((m: { ply: number }) => m.ply)).toEqual([1, 2, 3]);
  close();
}, 60_000);
