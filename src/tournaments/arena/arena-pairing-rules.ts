/**
 * Arena pairing waves, lila's way (modules/tournament arena/PairingSystem.scala, AntmaPairing,
 * ColorHistory): the players waiting for a game are paired all at once.
 *
 * - In the first moments of an arena (nobody has a result yet) neighbours by rank play: 1 v 2,
 *   3 v 4... (lila's proximity pairing: quick, and the standings mean nothing yet).
 * - Otherwise a maximum matching: as many pairs as possible, and among those the one of least
 *   total cost, a pair's cost being its rank distance (weighted more at the top of the standings,
 *   so leaders meet leaders) plus its rating distance. Two players who just played each other are
 *   never paired (except the last two players of a small arena), nor two who both had the same
 *   colour three games running (one would get it a fourth time).
 * - The one who had black more recently (then more often) gets white; a tie is a coin toss drawn
 *   from the wave's seed, so the same wave always pairs the same.
 *
 * - Two players one of whom blocks the other never meet (`forbids`; lila: no pairing of blocked
 *   players), whichever way the wave pairs.
 *
 * The blossom algorithm is O(n^3): big waves are cut into groups of neighbours by rank (at most
 * MAX_GROUP_SIZE, as lila does) and what the groups leave unpaired is matched once more.
 */
import blossom from 'edmonds-blossom';
import { NOBODY, type Forbids } from '../../blocks/block-rules.js';

export type PieceColor = 'white' | 'black';

/**
 * A player's colours in this arena: `strike` > 0 is a run of that many whites, < 0 of blacks;
 * `balance` is whites minus blacks. Two small numbers the server can keep per player.
 */
export interface ColorHistory {
  readonly strike: number;
  readonly balance: number;
}

export const NEW_COLOR_HISTORY: ColorHistory = Object.freeze({ strike: 0, balance: 0 });

/** The colour history after one more game with `color`. */
export function nextColorHistory(h: ColorHistory, color: PieceColor): ColorHistory {
  return color === 'white'
    ? { strike: Math.max(h.strike + 1, 1), balance: h.balance + 1 }
    : { strike: Math.min(h.strike - 1, -1), balance: h.balance - 1 };
}

/** lila: never a fourth game running with the same colour, where the pairing can avoid it. */
export const MAX_STRIKE = 3;

/** Whether the two can play without one of them getting a colour a MAX_STRIKE+1-th time. */
export function couldPlay(a: ColorHistory, b: ColorHistory, maxStrike = MAX_STRIKE): boolean {
  return (
    (a.strike > -maxStrike || b.strike > -maxStrike) &&
    (a.strike < maxStrike || b.strike < maxStrike)
  );
}

/** A player waiting for a game. */
export interface WaitingPlayer {
  readonly id: string;
  /** Place in the standings, 1 for the leader. */
  readonly rank: number;
  readonly rating: number;
  /** The opponent of their last game in this arena (they are not paired again at once). */
  readonly lastOpponentId: string | null;
  /** Their colours in this arena (none yet: NEW_COLOR_HISTORY). */
  readonly colors?: ColorHistory;
}

export interface PairingWave {
  readonly waiting: readonly WaitingPlayer[];
  /** Players in the arena (waiting, playing or away): a small arena pairs its last two anyway. */
  readonly nbPlayers: number;
  /** The first moments (see isFirstMoments): pair neighbours by rank. */
  readonly firstMoments: boolean;
  /** Draws the colours of equal histories: the same seed, the same pairs (e.g. arena id + wave). */
  readonly seed: string;
  /** Pairs that must not meet (blocks); none when absent. */
  readonly forbids?: Forbids;
}

/** A pairing: [white player id, black player id]. */
export type ArenaPair = readonly [white: string, black: string];

/** lila (Tournament.isRecentlyStarted): the first 15 seconds pair by rank proximity. */
export const FIRST_MOMENTS_MS = 15_000;

export function isFirstMoments(startsAt: Date, now: Date): boolean {
  const since = now.getTime() - startsAt.getTime();
  return since >= 0 && since < FIRST_MOMENTS_MS;
}

/** The blossom is cubic: waves bigger than this are cut into groups of neighbours by rank. */
export const MAX_GROUP_SIZE = 100;
/** lila (PairingSystem.onlyTwoActivePlayers): in an arena this small, the last two play again. */
export const SMALL_ARENA = 12;

/**
 * lila's rank factor: a rank gap costs 2000 per place at the top of the group and 300 at the
 * bottom, so rank 1 v 5 is worse than 300 v 310 and leaders meet leaders.
 */
export function rankFactor(maxRank: number, a: number, b: number): number {
  const rank = Math.min(a, b);
  return 300 + Math.trunc((1700 * (maxRank - rank)) / Math.max(maxRank, 1));
}

/** The cost of pairing a with b (lower is better), or null when they must not play. */
export function pairCost(a: WaitingPlayer, b: WaitingPlayer, maxRank: number): number | null {
  if (a.lastOpponentId === b.id || b.lastOpponentId === a.id) return null;
  if (!couldPlay(a.colors ?? NEW_COLOR_HISTORY, b.colors ?? NEW_COLOR_HISTORY)) return null;
  return (
    Math.abs(a.rank - b.rank) * rankFactor(maxRank, a.rank, b.rank) + Math.abs(a.rating - b.rating)
  );
}

/**
 * How far apart by rank (places in the wave) two players may be to be paired in the first pass:
 * a gap of 20 places costs at least 6,000, more than any rating gap, so a wider pair is chosen
 * only when nothing else fits, and the second pass (over what is left) still finds it. Fewer
 * edges make the blossom several times faster.
 */
export const RANK_WINDOW = 20;

export interface PairingOptions {
  readonly groupSize?: number;
  readonly rankWindow?: number;
}

/** Pairs a wave: each pair [white, black]; a player is in at most one pair. */
export function pairWave(wave: PairingWave, options: PairingOptions = {}): ArenaPair[] {
  const groupSize = options.groupSize ?? MAX_GROUP_SIZE;
  const window = options.rankWindow ?? RANK_WINDOW;
  const players = [...wave.waiting].sort((a, b) => a.rank - b.rank || cmp(a.id, b.id));
  if (players.length < 2) return [];
  const forbids = wave.forbids ?? NOBODY;
  if (players.length === 2 && wave.nbPlayers <= SMALL_ARENA)
    return forbids(players[0]!.id, players[1]!.id)
      ? []
      : [colorPair(players[0]!, players[1]!, wave.seed)];
  if (wave.firstMoments) {
    // Neighbours by rank: each with the next free one it may meet (1 v 2, 3 v 4 without blocks).
    const pairs: ArenaPair[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < players.length; i++) {
      if (taken.has(i)) continue;
      for (let j = i + 1; j < players.length; j++) {
        if (taken.has(j) || forbids(players[i]!.id, players[j]!.id)) continue;
        taken.add(i).add(j);
        pairs.push(colorPair(players[i]!, players[j]!, wave.seed));
        break;
      }
    }
    return pairs;
  }
  const matched: [WaitingPlayer, WaitingPlayer][] = [];
  const left: WaitingPlayer[] = [];
  for (const group of groups(players, groupSize)) {
    const { pairs, unpaired } = bestPairs(group, window, forbids);
    matched.push(...pairs);
    left.push(...unpaired);
  }
  // What the groups left (odd groups, players a group could not place) gets one more chance,
  // with no rank window, in groups again so a pathological wave stays bounded in time.
  if (left.length >= 2)
    for (const group of groups(left, groupSize))
      matched.push(...bestPairs(group, Infinity, forbids).pairs);
  return matched.map(([a, b]) => colorPair(a, b, wave.seed));
}

/** Consecutive groups of at most MAX_GROUP_SIZE, of even sizes but the last. */
function groups(players: WaitingPlayer[], maxSize: number): WaitingPlayer[][] {
  const n = players.length;
  if (n <= maxSize) return [players];
  const count = Math.ceil(n / maxSize);
  const size = Math.ceil(n / count / 2) * 2;
  const out: WaitingPlayer[][] = [];
  for (let i = 0; i < n; i += size) out.push(players.slice(i, i + size));
  return out;
}

/** The most pairs, then the least total cost (weight = a constant minus the cost). */
function bestPairs(
  group: readonly WaitingPlayer[],
  window: number,
  forbids: Forbids,
): {
  pairs: [WaitingPlayer, WaitingPlayer][];
  unpaired: WaitingPlayer[];
} {
  const maxRank = group.reduce((m, p) => Math.max(m, p.rank), 1);
  const edges: [number, number, number][] = [];
  let maxCost = 0;
  for (let i = 0; i < group.length; i++)
    for (let j = i + 1; j < group.length && j - i <= window; j++) {
      if (forbids(group[i]!.id, group[j]!.id)) continue;
      const cost = pairCost(group[i]!, group[j]!, maxRank);
      if (cost === null) continue;
      edges.push([i, j, cost]);
      if (cost > maxCost) maxCost = cost;
    }
  for (const e of edges) e[2] = maxCost + 1 - e[2];
  const mate = edges.length === 0 ? [] : blossom(edges, true);
  const pairs: [WaitingPlayer, WaitingPlayer][] = [];
  const unpaired: WaitingPlayer[] = [];
  group.forEach((p, i) => {
    const m = mate[i] ?? -1;
    if (m < 0) unpaired.push(p);
    else if (i < m) pairs.push([p, group[m]!]);
  });
  return { pairs, unpaired };
}

/**
 * Whether `a` gets white against `b`: lila's ColorHistory order (the lower strike, i.e. more
 * blacks running, then the lower balance), else a coin toss drawn from the seed and both ids.
 */
export function firstGetsWhite(a: WaitingPlayer, b: WaitingPlayer, seed: string): boolean {
  const ha = a.colors ?? NEW_COLOR_HISTORY;
  const hb = b.colors ?? NEW_COLOR_HISTORY;
  if (ha.strike !== hb.strike) return ha.strike < hb.strike;
  if (ha.balance !== hb.balance) return ha.balance < hb.balance;
  const [lo, hi] = cmp(a.id, b.id) <= 0 ? [a.id, b.id] : [b.id, a.id];
  const loWhite = (fnv1a(`${seed}\u0000${lo}\u0000${hi}`) & 1) === 0;
  return loWhite === (a.id === lo);
}

function colorPair(a: WaitingPlayer, b: WaitingPlayer, seed: string): ArenaPair {
  return firstGetsWhite(a, b, seed) ? [a.id, b.id] : [b.id, a.id];
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** FNV-1a, 32 bits: a small stable hash (not for secrets), so colours replay the same. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
