/**
 * `npm run bench:swiss [-- --players N] [--rounds R] [--quick] [--pglite]`: issue 30's Swiss
 * event under its own weight, through a real server process (`node dist/main.js`, PostgreSQL in a
 * fresh schema by default). N guests (default 500) join a casual Swiss of R rounds (default 9,
 * 5 s between rounds), each with a socket; when a round pairs them (`match:start`) the two
 * clients settle the game at once from a coin drawn from the match id (a win for either side by
 * resignation, or an agreed draw), so the rounds follow one another as fast as the server pairs.
 *
 * Measured (the server's own figure, test API `POST /api/test/tournaments/rounds`): each round's
 * pairing transaction (the Dutch pairing of every player from the stored rounds, the games
 * started, byes and absences written): goal < 2 s. Checked: every round seats every player once
 * (games x 2 + the bye = N), nobody is sent two games in one round, the event ends after R
 * rounds, and the points add up (2 a game + 2 a bye, every round). --quick: 40 players, 4 rounds.
 * --kill: a second process runs the same clock and is killed (-9) once round 1 is paired: the
 * rounds are still paired once each (the games and points add up) and the event ends.
 */
import { createHash } from 'node:crypto';
import type { MatchState, StandingsPage } from '../src/common/protocol.js';
import { alive, startProc } from '../test/cluster/procs.js';
import { connect, createPlayers, pool, type WireSocket } from './server/clients.js';
import { freshDatabase } from './server/fresh-database.js';

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const quick = args.includes('--quick');
const PLAYERS = num('--players', quick ? 40 : 500);
const ROUNDS = num('--rounds', quick ? 4 : 9);

const db = await freshDatabase('swiss', args.includes('--pglite'));
const env = {
  ...db.env,
  DAMAS_TEST_API: '1',
  ARENA_SCHEDULE: '0',
  TOURNAMENT_TICK_MS: '250',
  RATE_HTTP: '100000/100000',
  RATE_CONNECT: '100000/100000',
  RATE_SOCKET: '100000/100000',
  RATE_ACCOUNTS: '1000/1000',
};
const server = await startProc(env);
// --kill (PostgreSQL): a second process runs the same rounds' clock and is killed (-9) once the
// first round is paired; the event must still pair every round once and end.
const KILL = args.includes('--kill');
const second = KILL ? await startProc(env) : null;
const failures: string[] = [];
try {
  const post = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(server.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const owner = await post('/api/accounts', {
    username: `swiss${Date.now() % 100000}`,
    password: 'correct horse',
  });
  const startsAt = new Date(Date.now() + 10_000 + PLAYERS * 60).toISOString();
  const swiss = await post(
    '/api/swiss',
    {
      name: 'Bench Swiss',
      variant: 'russian',
      clock: { initial: 300_000, increment: 3000 },
      rounds: ROUNDS,
      rated: false,
      startsAt,
      roundInterval: 5000,
      lateJoinUntilRound: 1,
    },
    owner.token as string,
  );
  const id = swiss.id as string;
  const t0 = performance.now();
  const players = await createPlayers(server.url, PLAYERS);
  await pool(players, 16, (p) => post(`/api/tournament/${id}/join`, {}, p.token));
  const sockets: WireSocket[] = await pool(players, 32, (p) => connect(server.url, p.token));
  console.log(
    `${PLAYERS} players joined and connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // Per player: the rounds they were sent a game in (a second game in one round is a failure).
  const seen = new Map<string, Set<string>>();
  let games = 0;
  sockets.forEach((s, i) => {
    const me = players[i].id;
    s.on('match:start', (m: MatchState) => {
      if (m.tournamentId !== id) return;
      const mine = seen.get(me) ?? new Set<string>();
      mine.add(m.id);
      seen.set(me, mine);
      void settle(s, m, me === m.white.id ? 'white' : 'black');
    });
  });
  async function settle(s: WireSocket, m: MatchState, side: 'white' | 'black') {
    const coin = createHash('sha1').update(m.id).digest()[0] % 3;
    if (side === 'white') games++;
    // 0: White resigns, 1: Black resigns, 2: a draw (White offers, Black accepts).
    if (coin === 2) {
      if (side === 'white') await s.emitWithAck('match:draw', { matchId: m.id, action: 'offer' });
      else {
        await new Promise<void>((resolve) => {
          const heard = (e: { matchId: string; action: string }) => {
            if (e.matchId !== m.id || e.action !== 'offer') return;
            s.off('match:draw', heard);
            resolve();
          };
          s.on('match:draw', heard);
        });
        await s.emitWithAck('match:draw', { matchId: m.id, action: 'accept' });
      }
      return;
    }
    if ((coin === 0) === (side === 'white')) await s.emitWithAck('match:resign', { matchId: m.id });
  }
  console.log(`waiting for the start (${startsAt}) and ${ROUNDS} rounds...`);
  const deadline = Date.now() + 120_000 + ROUNDS * 60_000;
  let status = '';
  while (Date.now() < deadline) {
    const r = await fetch(`${server.url}/api/tournament/${id}`);
    const page = (await r.json()) as { tournament: { status: string; round: number } };
    status = page.tournament.status;
    if (status === 'finished') break;
    if (second && alive(second) && page.tournament.round >= 1) {
      second.child.kill('SIGKILL');
      console.log(`killed the second process (-9) in round ${page.tournament.round}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (status !== 'finished') failures.push(`the event did not finish (status ${status})`);
  // Rounds paired by the process that lived (the killed one's are gone with it).
  const { rounds } = (await post('/api/test/tournaments/rounds', {})) as {
    rounds: { round: number; ms: number; players: number }[];
  };
  console.log('\nround  players  pairing (ms)');
  for (const r of rounds)
    console.log(`${String(r.round).padStart(5)}  ${String(r.players).padStart(7)}  ${r.ms}`);
  const worst = Math.max(...rounds.map((r) => r.ms));
  console.log(`worst round: ${worst} ms (goal < 2000 ms); games: ${games}`);
  if (!KILL && rounds.length !== ROUNDS)
    failures.push(`${rounds.length} rounds paired, not ${ROUNDS}`);
  const finalRound = (
    (await (await fetch(`${server.url}/api/tournament/${id}`)).json()) as {
      tournament: { round: number };
    }
  ).tournament.round;
  if (finalRound !== ROUNDS) failures.push(`the event stopped at round ${finalRound}`);
  if (worst >= 2000) failures.push(`a round took ${worst} ms to pair`);
  // Every player seated every round: games x 2 + one bye per round when N is odd.
  const expectedGames = ROUNDS * Math.floor(PLAYERS / 2);
  if (games !== expectedGames) failures.push(`${games} games, expected ${expectedGames}`);
  const twice = [...seen.values()].filter((g) => g.size > ROUNDS).length;
  if (twice > 0) failures.push(`${twice} players were sent more games than rounds`);
  let total = 0;
  for (let page = 1; page <= Math.ceil(PLAYERS / 20); page++) {
    const r = await fetch(`${server.url}/api/tournament/${id}/standings?page=${page}`);
    total += ((await r.json()) as StandingsPage).players.reduce((s, p) => s + p.score, 0);
  }
  const expectedPoints = ROUNDS * (Math.floor(PLAYERS / 2) * 2 + (PLAYERS % 2) * 2);
  console.log(`points in all: ${total} (expected ${expectedPoints})`);
  if (total !== expectedPoints) failures.push(`points ${total}, expected ${expectedPoints}`);
  for (const s of sockets) s.close();
} finally {
  await db.stop([server, second]);
}
for (const f of failures) console.log(`FAIL ${f}`);
console.log(failures.length === 0 ? 'PASS' : 'FAILED');
process.exit(failures.length === 0 ? 0 : 1);
