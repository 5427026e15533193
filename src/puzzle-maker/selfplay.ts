/**
 * Self-play between unequal players, which makes the mistakes puzzles are made of: the miner's
 * own search plays, and now and then (MISTAKE_RATE) a weak engine level (1-3: small node caps,
 * the simple evaluation, random choice, oversights) moves instead, for either side. A game
 * where one side is weak throughout is lopsided after its first blunder, and a candidate must
 * come from a position that is about level; so a game also stops once one side is clearly
 * ahead (its later mistakes could not be puzzles). Node limits, not wall time, so a seed
 * replays the same game anywhere.
 */
import { Engine, level, mulberry32, type Score } from '../engine/index.js';
import {
  advance,
  outcome,
  Position,
  startProgress,
  type Move,
  type Progress,
} from '../rules/index.js';
import { CRITERIA, scoreValue } from './criteria.js';
import type { Miner } from './miner.js';
import type { PuzzleRecord } from './record.js';

/** Games that run this long are cut (a draw by then in every variant's rules or near it). */
const MAX_PLIES = 250;
/** The chance per move that the weak level moves instead of the search. */
const MISTAKE_RATE = 0.25;
/** Centi-men: a game stops when the side to move is this far ahead or behind. */
const DECIDED = 400;

/**
 * The moves not played at a level position, each judged as the mistake a level-1 player might
 * have made there (level 1 may pick any move). A move after which the other side has one legal
 * move (nearly every plain blunder: a forced capture) is passed over without a search.
 */
function exploreOthers(miner: Miner, game: Progress, played: Move, score: Score): PuzzleRecord[] {
  const out: PuzzleRecord[] = [];
  const pos = game.position;
  if (Math.abs(scoreValue(score)) > CRITERIA.notAhead) return out;
  for (const m of pos.legalMoves()) {
    if (m === played || (m.from === played.from && m.to === played.to)) continue;
    const next = advance(game, m);
    if (next.position.moveCount() < 2 || outcome(next) !== null) continue;
    miner.stats.explored++;
    const r = miner.consider(pos, m, score, miner.score(next).score);
    if (r) out.push(r);
  }
  return out;
}

/**
 * One self-played game, mined as it is played; returns its puzzles. With `explore`, every
 * level position's other moves are judged too (exploreOthers).
 */
export function selfPlayGame(
  miner: Miner,
  weak: Engine,
  seed: number,
  explore = true,
): PuzzleRecord[] {
  const rng = mulberry32(seed);
  const weakLevel = level(1 + ((rng() >>> 1) % 3));
  const randomPlies = 2 + ((rng() >>> 1) % 5);
  let game = startProgress(Position.initial(miner.variant));
  const out: PuzzleRecord[] = [];
  miner.stats.games++;
  let prev = miner.score(game);
  for (let ply = 0; ply < MAX_PLIES && outcome(game) === null; ply++) {
    const pos = game.position;
    const legal = pos.legalMoves();
    let move;
    if (ply < randomPlies) move = legal[(rng() >>> 0) % legal.length];
    else if ((rng() >>> 0) / 2 ** 32 < MISTAKE_RATE) {
      const r = weak.search(
        game,
        { nodes: weakLevel.nodes ?? 30_000, depth: weakLevel.depth },
        {
          evalKind: weakLevel.evalKind,
          randomMargin: weakLevel.randomMargin,
          letGo: weakLevel.letGo,
          seed: (rng() >>> 0) + 1,
        },
      );
      move = r.bestMove ?? legal[0];
    } else move = prev.best ?? legal[0];
    const next = advance(game, move);
    const now = miner.score(next);
    miner.stats.plies++;
    const r = miner.consider(pos, move, prev.score, now.score);
    if (r) out.push(r);
    if (explore && ply >= randomPlies) out.push(...exploreOthers(miner, game, move, prev.score));
    game = next;
    prev = now;
    if (Math.abs(scoreValue(now.score)) >= DECIDED) break;
  }
  return out;
}
