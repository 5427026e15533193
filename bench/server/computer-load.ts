/**
 * Games against the computer running beside workload 1 (`npm run bench:server`): a process of
 * its own with N players, each in a game against the computer (levels 1-8 in turn, brazilian,
 * untimed), answering the computer at once with a random legal move and starting a new game
 * when one ends, so the engine pool is kept busy. Runs until the runner sends "stop" (IPC), then
 * prints one JSON line: the computer's moves, its reply time (the player's ack -> the
 * computer's match:move), errors.
 */
import { Position, unwrap } from '../../src/rules/index.js';
import { latency, type Latency } from '../../src/testing/latency.js';
import { connect, createPlayers, type WireSocket } from './clients.js';

export interface ComputerJob {
  url: string;
  games: number;
}

export interface ComputerLoadResult {
  games: number;
  gamesFinished: number;
  computerMoves: number;
  /** Player's move acked -> the computer's answer arrives (queue wait + think + write), ms. */
  reply: Latency;
  errors: Record<string, number>;
}

const errors: Record<string, number> = {};
const fail = (code: string) => (errors[code] = (errors[code] ?? 0) + 1);
/** A move that threw: counted with what it said, so a failed check says why. */
const moveFailed = (e: unknown) =>
  fail(`MOVE_FAILED: ${e instanceof Error ? e.message : String(e)}`.slice(0, 120));
const replies: number[] = [];
let computerMoves = 0;
let gamesFinished = 0;
let stopping = false;

async function playGames(socket: WireSocket, level: number, seed: number): Promise<void> {
  let rand = seed;
  const next = () => (rand = (Math.imul(rand, 1103515245) + 12345) >>> 0) / 2 ** 32;
  let matchId = '';
  let position: Position | null = null;
  let me: 'white' | 'black' = 'white';
  let ackedAt = 0;
  const move = async () => {
    if (!position || stopping) return;
    const moves = position.legalMoves();
    const m = moves[Math.floor(next() * moves.length)];
    const variant = position.variant.id;
    const game = matchId;
    const ack = await socket.timeout(60_000).emitWithAck('match:move', { matchId, path: m.path });
    if (!ack.ok) return void fail(ack.error.code);
    ackedAt = performance.now();
    // The move may have ended the game: its match:end can come before this ack (position null,
    // or already the next game's).
    if (position && matchId === game) position = unwrap(Position.fromFen(variant, ack.move.fen));
  };
  const start = async () => {
    if (stopping) return;
    const ack = await socket
      .timeout(60_000)
      .emitWithAck('computer:play', { variant: 'brazilian', level, color: 'random' });
    if (!ack.ok) {
      fail(ack.error.code);
      setTimeout(() => void start(), 1000);
    }
  };
  socket.on('match:start', (s) => {
    matchId = s.id;
    me = s.computer?.color === 'white' ? 'black' : 'white';
    position = unwrap(Position.fromFen(s.variant, s.fen));
    ackedAt = performance.now();
    if (s.turn === me) void move().catch(moveFailed);
  });
  socket.on('match:move', (e) => {
    if (e.matchId !== matchId || e.by === me) return;
    replies.push(performance.now() - ackedAt);
    computerMoves++;
    position = unwrap(Position.fromFen(position?.variant.id ?? 'brazilian', e.fen));
    if (e.turn === me) void move().catch(moveFailed);
  });
  socket.on('match:end', (e) => {
    if (e.matchId !== matchId) return;
    gamesFinished++;
    position = null;
    void start();
  });
  await start();
}

const job = JSON.parse(process.argv[2] ?? '{}') as ComputerJob;
const players = await createPlayers(job.url, job.games);
const sockets = await Promise.all(players.map((p) => connect(job.url, p.token)));
await Promise.all(sockets.map((s, i) => playGames(s, (i % 8) + 1, 1000 + i)));
process.send?.({ checkpoint: 'started' });
await new Promise<void>((resolve) => process.on('message', () => resolve()));
stopping = true;
for (const s of sockets) s.disconnect();
const result: ComputerLoadResult = {
  games: job.games,
  gamesFinished,
  computerMoves,
  reply: latency(replies),
  errors,
};
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
