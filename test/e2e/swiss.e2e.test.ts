/**
 * Swiss events through the real app: made by an account, joined, started on time, each round
 * paired by the Dutch system (the odd player out gets the pairing-allocated bye), played
 * (resignations), the next round after 'auto' (10 s of the test's clock), a no-show forfeits and
 * is absent next round, late join closes, the end with a winner by score and tie-breaks, and the
 * TRF export read back by the pairing's own reader.
 */
import type { MatchState, StandingsPage, TournamentPage } from '../../src/common/protocol.js';
import { parseTrf } from '../../src/tournaments/swiss/trf.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  refusal,
  startServer,
  TestTime,
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

let n = 0;
const account = () => newAccount(server, `sw${++n}_${Date.now() % 100000}`);

const page = async (id: string) =>
  (await http(server, 'GET', `/api/tournament/${id}`)).body as TournamentPage;

test('a Swiss of 5: three rounds, byes, a forfeit then an absence, the winner, the TRF', async () => {
  const owner = await account();
  const startsAt = new Date(time.now().getTime() + 60_000).toISOString();
  const made = await http(
    server,
    'POST',
    '/api/swiss',
    {
      name: 'Friday Swiss',
      variant: 'russian',
      clock: { initial: 300_000, increment: 3000 },
      rounds: 3,
      startsAt,
      lateJoinUntilRound: 2,
    },
    owner.token,
  );
  expect(made.status).toBe(201);
  const id = (made.body as { id: string }).id;
  const players: Player[] = [];
  const clients = new Map<string, Client>();
  for (let i = 0; i < 5; i++) {
    const p = await account();
    players.push(p);
    expect((await http(server, 'POST', `/api/tournament/${id}/join`, {}, p.token)).status).toBe(
      200,
    );
    const c = await connect(server, p.token);
    open.push(c);
    clients.set(p.id, c);
  }
  expect((await page(id)).tournament).toMatchObject({ kind: 'swiss', rounds: 3, players: 5 });

  time.advance(61_000);
  const round1 = await games(players, clients, id, 2);
  let pg = await page(id);
  expect(pg.tournament).toMatchObject({ status: 'started', round: 1 });
  // Five players: two games and the pairing-allocated bye (2 points at once).
  const bye1 = players.find((p) => !round1.some((g) => seated(g, p)));
  expect(pg.standings.players.find((s) => s.playerId === bye1?.id)?.score).toBe(2);

  // Round 1: White resigns in the first game; in the second, Black never moves (a forfeit).
  await resign(clients, round1[0], 'white');
  const noShow = round1[1].black.id;
  await move(clients, round1[1]);
  time.advance(31_000); // past Black's first-move time: the game is called off, Black forfeits
  await clients.get(round1[1].white.id)?.next('match:end', (e) => e.matchId === round1[1].id);
  pg = await page(id);
  const line = (pid: string) => pg.standings.players.find((s) => s.playerId === pid);
  expect(line(round1[0].black.id)?.score).toBe(2);
  expect(line(noShow)).toMatchObject({ score: 0, status: 'paused' });
  expect(line(round1[1].white.id)?.score).toBe(2);

  // 'auto': the next round 10 s after the last game; the no-show is absent (no game).
  await nextRoundSet(id);
  time.advance(11_000);
  const round2 = await games(players, clients, id, 2, round1);
  expect(round2.some((g) => g.white.id === noShow || g.black.id === noShow)).toBe(false);
  // Late join closes once round 2 is paired.
  const late = await account();
  const r = await http(server, 'POST', `/api/tournament/${id}/join`, {}, late.token);
  expect(refusal(r.body as never)).toBe('REFUSED/LATE_JOIN_CLOSED');
  for (const g of round2) await resign(clients, g, 'black');

  // The no-show comes back for round 3.
  expect(
    (
      await http(
        server,
        'POST',
        `/api/tournament/${id}/join`,
        {},
        players.find((p) => p.id === noShow)?.token,
      )
    ).status,
  ).toBe(200);
  await nextRoundSet(id);
  time.advance(11_000);
  const round3 = await games(players, clients, id, 2, [...round1, ...round2]);
  for (const g of round3) await resign(clients, g, 'white');
  time.advance(11_000);
  await waitFor(async () => (await page(id)).tournament.status === 'finished');
  pg = await page(id);
  const standings = (await http(server, 'GET', `/api/tournament/${id}/standings`))
    .body as StandingsPage;
  expect(pg.tournament.winner?.id).toBe(standings.players[0].playerId);
  expect(standings.players[0].tiebreaks).toHaveLength(3);
  // Points on the 2/1/0 scale: rounds 1 and 3 had two games and a bye (6 each), round 2 two
  // games and the absent no-show (4): 16 in all.
  expect(standings.players.reduce((s, p) => s + p.score, 0)).toBe(16);

  // The TRF export: the pairing's own reader takes it, with every round of every player.
  const trf = await http(server, 'GET', `/api/swiss/${id}.trf`);
  expect(trf.status).toBe(200);
  const parsed = parseTrf(trf.text);
  expect(parsed.ok).toBe(true);
  if (parsed.ok) {
    expect(parsed.input.players).toHaveLength(5);
    expect(parsed.input.players.every((p) => p.history.length === 3)).toBe(true);
  }
  expect(trf.text).toContain(players[0].name);
}, 60_000);

const seated = (g: MatchState, p: Player) => g.white.id === p.id || g.black.id === p.id;

/** The round's games, as match:start said them (`count` of them, none of `before`). */
async function games(
  players: Player[],
  clients: Map<string, Client>,
  id: string,
  count: number,
  before: MatchState[] = [],
): Promise<MatchState[]> {
  const seen = new Map<string, MatchState>();
  await waitFor(async () => {
    for (const p of players) {
      const c = clients.get(p.id) as Client;
      const i = c.events.findIndex(
        (e) =>
          e.event === 'match:start' &&
          e.data.tournamentId === id &&
          !before.some((b) => b.id === e.data.id),
      );
      if (i >= 0) {
        const [e] = c.events.splice(i, 1);
        seen.set((e.data as MatchState).id, e.data as MatchState);
      }
    }
    return seen.size === count;
  });
  return [...seen.values()];
}

async function move(clients: Map<string, Client>, g: MatchState): Promise<void> {
  const { Position, unwrap } = await import('../../src/rules/index.js');
  const path = unwrap(Position.fromFen(g.variant, g.fen)).legalMoves()[0].path;
  expectOk(await (clients.get(g.white.id) as Client).emit('match:move', { matchId: g.id, path }));
}

async function resign(clients: Map<string, Client>, g: MatchState, side: 'white' | 'black') {
  const c = clients.get(side === 'white' ? g.white.id : g.black.id) as Client;
  expectOk(await c.emit('match:resign', { matchId: g.id }));
  await c.next('match:end', (e) => e.matchId === g.id);
}

/** The round is over and the next one's time set (then the test's clock can move past it). */
const nextRoundSet = (id: string) =>
  waitFor(async () => (await page(id)).tournament.nextRoundAt !== null);

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
