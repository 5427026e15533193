/**
 * The explorer's catch-up after a restart (issue 35): games that finished while no process
 * indexed them (the loop's beat an hour away) are indexed by the periodic loop of the next start,
 * with no call from the test, each game once.
 */
import { DataSource } from 'typeorm';
import type { ExplorerAnswer } from '../../src/common/protocol.js';
import { Position } from '../../src/rules/index.js';
import { connect, expectOk, http, newAccount, startServer, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await startServer({ explorerIndexMs: 3_600_000 });
});
afterAll(() => server.destroy());

type Account = Awaited<ReturnType<typeof newAccount>>;

/** A game of `plies` first legal moves (each game its own offset), won by Black on resign. */
async function play(white: Account, black: Account, offset: number, plies: number) {
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: white.id,
    blackId: black.id,
    rated: true,
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  let pos = Position.initial('brazilian');
  for (let i = 0; i < plies; i++) {
    const moves = pos.legalMoves();
    const m = moves[(offset + i) % moves.length];
    const mover = pos.turn === 'white' ? white : black;
    const r = await http(server, 'POST', `/api/matches/${id}/moves`, { path: m.path }, mover.token);
    expect(r.status).toBe(201);
    pos = pos.play(m);
  }
  const c = await connect(server, white.token);
  expectOk(await c.emit('match:resign', { matchId: id }));
  c.close();
}

const unexplored = async (s: Server) =>
  Number(
    (
      (await s.app
        .get(DataSource)
        .query(`SELECT count(*) AS n FROM matches WHERE status = 'finished' AND NOT explored`)) as {
        n: string;
      }[]
    )[0].n,
  );

const atStart = async (s: Server) => {
  const r = await http(s, 'GET', '/api/explorer/lichess?variant=brazilian');
  expect(r.status).toBe(200);
  const a = r.body as ExplorerAnswer;
  return a.white + a.draws + a.black;
};

test('games finished while nothing indexed are indexed by the loop after a restart, once', async () => {
  const ana = await newAccount(server, 'catchup_ana');
  const bob = await newAccount(server, 'catchup_bob');
  for (let i = 0; i < 5; i++) await play(i % 2 ? ana : bob, i % 2 ? bob : ana, i, 4 + i);
  // The backlog: finished, not indexed, not readable.
  expect(await unexplored(server)).toBe(5);
  expect(await atStart(server)).toBe(0);

  // The next start beats every 100 ms: its loop takes the backlog on its own.
  server = await server.restart({ explorerIndexMs: 100 });
  const until = Date.now() + 20_000;
  while ((await unexplored(server)) > 0 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
  expect(await unexplored(server)).toBe(0);
  expect(await atStart(server)).toBe(5);
  // Later beats find nothing new: still each game once.
  await new Promise((r) => setTimeout(r, 500));
  expect(await atStart(server)).toBe(5);
  const first = await http(server, 'GET', '/api/explorer/lichess?variant=brazilian&moves=50');
  const byMove = (first.body as ExplorerAnswer).moves.map((m) => m.white + m.draws + m.black);
  expect(byMove.reduce((a, b) => a + b, 0)).toBe(5);
}, 90_000);
