/**
 * `npm run bench:match -- [--games 200] [--ms 1000] [--peer-depth 9] [--start 0] [--out file]`:
 * our engine against rapid-draughts' AI (the strongest JavaScript draughts engine we know) in
 * English draughts, from the ACF 3-move ballots, each played twice with colours reversed. Ours
 * thinks `--ms` per move (one Engine per side per game, a fresh table each game); the peer
 * searches to a fixed depth. A game ends by our rules (no move, the draw rules) or is adjudicated
 * a draw at 200 plies. Results go to bench/results/match-<ms>.json after every game, so an
 * interrupted run still counts. `--probe`: the peer's time per move at depths 7-10.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Engine } from '../../src/engine/index.js';
import {
  advance,
  outcome,
  parseMoveText,
  Position,
  startProgress,
  type Progress,
} from '../../src/rules/index.js';
import { BALLOTS } from './ballots.js';
import { RapidPlayer } from './rapid-player.js';
import { formatElo, type Tally } from './stats.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    ms: { type: 'string', default: '1000' },
    'peer-depth': { type: 'string', default: '9' },
    start: { type: 'string', default: '0' },
    out: { type: 'string' },
    probe: { type: 'boolean', default: false },
  },
  strict: true,
});
const GAMES = Number(values.games);
const MS = Number(values.ms);
const DEPTH = Number(values['peer-depth']);
const MAX_PLIES = 200;

/** The ballot's three plies from the start, as a Progress. */
function opening(index: number): { game: Progress; moves: ReturnType<typeof parseMoveText>[] } {
  let game = startProgress(Position.initial('english'));
  const moves = [];
  for (const text of BALLOTS[index].moves) {
    const m = parseMoveText(game.position, text);
    if (!m.ok) throw new Error(`ballot ${BALLOTS[index].acf}: ${text}: ${m.error.message}`);
    moves.push(m);
    game = advance(game, m.value);
  }
  return { game, moves };
}

interface GameRecord {
  ballot: number;
  oursAs: 'white' | 'black';
  result: 'win' | 'draw' | 'loss';
  reason: string;
  plies: number;
  ourMoves: number;
  ourMsMean: number;
  ourOver: number;
  peerMsMean: number;
}

async function playOne(index: number, oursAs: 'white' | 'black'): Promise<GameRecord> {
  const { game: start, moves } = opening(index);
  const peer = new RapidPlayer(DEPTH);
  for (const m of moves) if (m.ok) peer.play(m.value);
  const engine = new Engine(start.position.variant, 32);
  let game = start;
  let plies = 3;
  const ourMs: number[] = [];
  const peerMs: number[] = [];
  let result = outcome(game);
  while (!result && plies < MAX_PLIES) {
    const t = performance.now();
    let move;
    if (game.position.turn === oursAs) {
      const r = engine.search(game, { movetime: MS });
      if (!r.bestMove) throw new Error('our engine returned no move in a live position');
      move = r.bestMove;
      ourMs.push(performance.now() - t);
    } else {
      move = await peer.choose(game.position);
      peerMs.push(performance.now() - t);
    }
    if (!game.position.legalMoves().some((m) => m.path.join() === move.path.join()))
      throw new Error(`illegal move ${move.path.join('-')}`);
    peer.play(move);
    game = advance(game, move);
    plies++;
    result = outcome(game);
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const verdict =
    !result || result.winner === null ? 'draw' : result.winner === oursAs ? 'win' : 'loss';
  return {
    ballot: BALLOTS[index].acf,
    oursAs,
    result: verdict,
    reason: result
      ? `${result.reason}${result.rule ? `:${result.rule}` : ''}`
      : 'adjudicated (200 plies)',
    plies,
    ourMoves: ourMs.length,
    ourMsMean: mean(ourMs),
    ourOver: ourMs.filter((x) => x > 1.05 * MS).length,
    peerMsMean: mean(peerMs),
  };
}

async function probe(): Promise<void> {
  for (const depth of [7, 8, 9, 10]) {
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { game } = opening((i * 13) % BALLOTS.length);
      const peer = new RapidPlayer(depth);
      for (const m of opening((i * 13) % BALLOTS.length).moves) if (m.ok) peer.play(m.value);
      const t = performance.now();
      await peer.choose(game.position);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `rapid-draughts depth ${depth}: mean ${mean.toFixed(0)} ms, median ${times[6].toFixed(0)} ms, max ${times[11].toFixed(0)} ms per move (12 positions after a ballot)`,
    );
  }
}

if (values.probe) {
  await probe();
} else {
  const out = values.out ?? `bench/results/match-${MS}.json`;
  mkdirSync('bench/results', { recursive: true });
  const records: GameRecord[] = [];
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  for (let g = Number(values.start); g < Number(values.start) + GAMES; g++) {
    const index = Math.floor(g / 2) % BALLOTS.length;
    const oursAs = g % 2 === 0 ? 'black' : 'white';
    const r = await playOne(index, oursAs);
    records.push(r);
    tally[r.result === 'win' ? 'wins' : r.result === 'draw' ? 'draws' : 'losses']++;
    const ourMoves = records.reduce((a, x) => a + x.ourMoves, 0);
    const over = records.reduce((a, x) => a + x.ourOver, 0);
    console.log(
      `game ${g + 1}: ballot ${r.ballot}, ours ${r.oursAs}: ${r.result} (${r.reason}, ${r.plies} plies; ours ${r.ourMsMean.toFixed(0)} ms/move, peer ${r.peerMsMean.toFixed(0)}) | ${formatElo(tally)} | over 1.05x: ${over}/${ourMoves}`,
    );
    writeFileSync(
      out,
      JSON.stringify(
        { date: new Date().toISOString(), ms: MS, peerDepth: DEPTH, tally, records },
        null,
        1,
      ),
    );
  }
  console.log(`\nours at ${MS} ms/move vs rapid-draughts depth ${DEPTH}: ${formatElo(tally)}`);
}
