/**
 * Presence under reconnect churn: a player who closes a socket and opens a new one at once, over
 * and over, and then stays connected must not be marked away: after the grace period the
 * opponent's claim is refused and the last presence notice the room heard says online.
 */
import {
  connect,
  errorCode,
  http,
  newPlayer,
  startServer,
  usingPostgres,
  type Client,
  type Server,
} from './harness.js';

const GRACE_MS = 1500;
const GAMES = 16;
const CYCLES = 6;
/** Half the players wait up to this long before reconnecting (the windows differ with load). */
const SPREAD_MS = 150;

let server: Server;
beforeAll(async () => {
  server = await startServer({
    disconnectGraceMs: GRACE_MS,
    // Every socket and request here comes from 127.0.0.1.
    connectLimit: { capacity: 10_000, perSecond: 10_000 },
    httpLimit: { capacity: 10_000, perSecond: 10_000 },
  });
});
afterAll(async () => {
  await server.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two connected players in a new match (test API: games can be set up in parallel). */
async function game(servers: Server[], i: number) {
  const at = (k: number) => servers[k % servers.length];
  const [w, b] = await Promise.all([newPlayer(at(i), `w${i}`), newPlayer(at(i), `b${i}`)]);
  const [cw, cb] = await Promise.all([connect(at(i), w.token), connect(at(i + 1), b.token)]);
  const created = await http(at(i), 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: w.id,
    blackId: b.id,
  });
  expect(created.status).toBe(201);
  const matchId: string = created.body.id;
  await Promise.all([
    cw.next('match:start', (m) => m.id === matchId),
    cb.next('match:start', (m) => m.id === matchId),
  ]);
  return { matchId, white: cw, black: cb, blackToken: b.token, at };
}

/**
 * In every game at once, black closes its socket and opens a new one (straight away, or after a
 * short wait in every other game; on the next server when there are several), CYCLES times, and
 * stays; past the grace period white claims.
 */
async function churn(servers: Server[]): Promise<void> {
  const games = await Promise.all(Array.from({ length: GAMES }, (_, i) => game(servers, i)));
  const last = await Promise.all(
    games.map(async (g, i) => {
      let socket: Client = g.black;
      for (let c = 0; c < CYCLES; c++) {
        socket.close();
        if (i % 2 === 1) await sleep((((i * 7 + c * 13) % GAMES) / GAMES) * SPREAD_MS);
        socket = await connect(g.at(i + c + 2), g.blackToken);
      }
      return socket;
    }),
  );
  await sleep(GRACE_MS + 700);
  const claims = await Promise.all(
    games.map((g) => g.white.emit('match:claim', { matchId: g.matchId })),
  );
  const states = await Promise.all(
    games.map(async (g) => (await http(server, 'GET', `/api/matches/${g.matchId}`)).body),
  );
  // What white last heard of black's presence (nothing at all: never heard away).
  const heard = games.map(
    (g) =>
      g.white.events
        .filter((e) => e.event === 'match:presence' && e.data.matchId === g.matchId)
        .map((e) => e.data as { color: string; online: boolean })
        .filter((p) => p.color === 'black')
        .at(-1) ?? { online: true },
  );
  for (const s of last) s.close();
  for (const g of games) g.white.close();
  // Every game: the claim refused, the match going on, black last heard of as online.
  expect(claims.map(errorCode)).toEqual(games.map(() => 'REFUSED'));
  expect(states.map((s) => s.status)).toEqual(games.map(() => 'active'));
  expect(heard.map((p) => p.online)).toEqual(games.map(() => true));
}

// The bound guards against a hang only: the 96 reconnects take 3-10 s here, more on a machine
// whose cores are busy with other work (the test checks no timing, only where presence ends).
const CHURN_BOUND_MS = 120_000;

test(
  'a player who reconnects at once, again and again, cannot lose by abandonment',
  async () => {
    await churn([server]);
  },
  CHURN_BOUND_MS,
);

// PostgreSQL only: two apps on one database stand for two server processes (the embedded PGlite
// is one process's own). The count of sockets then asks the other process too.
if (usingPostgres())
  test(
    'the same with two server processes, reconnecting to the other one each time',
    async () => {
      const second = await server.another();
      try {
        await churn([server, second]);
      } finally {
        await second.stop();
      }
    },
    CHURN_BOUND_MS,
  );
