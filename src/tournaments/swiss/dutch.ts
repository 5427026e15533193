/**
 * The FIDE Dutch system (C.04.3, 2025 text) as bbpPairings v6 pairs it: bracket by bracket from
 * the top score group; each bracket's pairing is a maximum-weight matching over every player
 * still unpaired, whose weights hold the quality criteria lexicographically (the completion
 * criterion is the matching's maximum cardinality). Among pairings of equal quality, the
 * Dutch order (MDP choice, MDP transpositions, remainder exchanges, remainder transpositions)
 * is reproduced by further matchings with tie-break weights below the quality.
 */
import { allocate, colourState, other, Strength, type ColourState } from './colours.js';
import type { Colour, Pair, PairingInput, PairingResult } from './types.js';
import { maxWeightMatchingNumber } from './weighted-matching-number.js';
import { maxWeightMatching, type WeightedEdge } from './weighted-matching.js';

type Float = 'down' | 'up' | null;

interface State {
  id: number;
  score: number;
  colour: ColourState;
  opponents: Set<number>;
  byeBlocked: boolean;
  /** floats[k] = the float of round k+1. */
  floats: Float[];
  topscorer: boolean;
  /** Rounds counted as games for the PAB choice. */
  games: number;
}

const byRank = (a: State, b: State): number => b.score - a.score || a.id - b.id;

export function buildStates(input: PairingInput): State[] {
  const r = input.round;
  const before = new Map<number, number[]>();
  for (const p of input.players) {
    const acc = [0];
    for (const h of p.history) acc.push(acc[acc.length - 1]! + h.points);
    before.set(p.id, acc);
  }
  const lastRound = r === input.totalRounds;
  // A forbidden pair is treated as having met: compatible() keeps them apart.
  const forbidden = new Map<number, number[]>();
  for (const [a, b] of input.forbidden ?? []) {
    forbidden.set(a, [...(forbidden.get(a) ?? []), b]);
    forbidden.set(b, [...(forbidden.get(b) ?? []), a]);
  }
  return input.players
    .filter((p) => !p.absent)
    .map((p): State => {
      const opponents = new Set<number>();
      const floats: Float[] = [];
      p.history.forEach((h, k) => {
        if (h.kind === 'game' && h.opponent !== undefined) {
          opponents.add(h.opponent);
          const mine = before.get(p.id)![k]!;
          const theirs = before.get(h.opponent)?.[k] ?? mine;
          floats.push(mine > theirs ? 'down' : mine < theirs ? 'up' : null);
        } else {
          floats.push(h.points > 0 ? 'down' : null);
        }
      });
      const byeBlocked = p.history.some(
        (h) => h.kind === 'pab' || (h.kind !== 'game' && h.points >= 2),
      );
      return {
        id: p.id,
        score: p.score,
        colour: colourState(p),
        byeBlocked,
        floats,
        topscorer: lastRound && p.score > r - 1,
        games: p.history.filter((h) => h.kind === 'game').length,
        opponents: forbidden.has(p.id)
          ? new Set([...opponents, ...forbidden.get(p.id)!])
          : opponents,
      };
    });
}

function compatible(a: State, b: State): boolean {
  if (a.opponents.has(b.id)) return false;
  if (
    a.colour.strength === Strength.Absolute &&
    b.colour.strength === Strength.Absolute &&
    a.colour.preference === b.colour.preference &&
    !a.topscorer &&
    !b.topscorer
  ) {
    return false;
  }
  return true;
}

/** Colour outcome costs of a pair: who misses a preference, and how badly. */
function colourCosts(a: State, b: State, aColour: Colour): number[] {
  let c8 = 0;
  let c9 = 0;
  let c10 = 0;
  let c11 = 0;
  const top = a.topscorer || b.topscorer;
  for (const [s, col] of [
    [a, aColour],
    [b, other(aColour)],
  ] as const) {
    const pref = s.colour.preference;
    if (pref !== null && pref !== col) {
      c10++;
      if (s.colour.strength >= Strength.Strong) c11++;
    }
    if (top) {
      const d = s.colour.difference + (col === 'white' ? 1 : -1);
      if (d > 2 || d < -2) c8++;
      const p = s.colour.played;
      if (p.length >= 2 && p[p.length - 1] === col && p[p.length - 2] === col) c9++;
    }
  }
  return [c8, c9, c10, c11];
}

interface Field {
  bits: number;
}

/** Packs non-negative field values (highest first) into one BigInt. */
function pack(values: readonly bigint[], fields: readonly Field[]): bigint {
  let w = 0n;
  for (let i = 0; i < fields.length; i++) w = (w << BigInt(fields[i]!.bits)) + values[i]!;
  return w;
}

const bitsFor = (max: bigint): number => max.toString(2).length + 1;

export function pairDutch(input: PairingInput): PairingResult {
  const states = buildStates(input).sort(byRank);
  const participants = input.players
    .filter(
      (p) =>
        !p.absent ||
        p.history.some((h) => h.kind === 'game' || h.kind === 'forfeit' || h.kind === 'pab'),
    )
    .map((p) => p.id)
    .sort((a, b) => a - b);
  const parityRank = new Map(participants.map((id, i) => [id, i + 1]));
  const ctx = {
    initialColour: input.initialColour,
    parity: (id: number) => parityRank.get(id) ?? id,
  };
  const r = input.round;
  const needBye = states.length % 2 === 1;

  const pairs: Pair[] = [];
  let bye: number | null = null;
  let pool = states.slice();
  let mdps: State[] = [];

  while (pool.length > 0) {
    const mdpSet = new Set(mdps.map((s) => s.id));
    const rest = pool.filter((s) => !mdpSet.has(s.id));
    const topScore = rest.length > 0 ? rest[0]!.score : -1;
    const residents = rest.filter((s) => s.score === topScore);
    const bracket = [...mdps, ...residents].sort(byRank);
    const inB = new Set(bracket.map((s) => s.id));
    const lower = pool.filter((s) => !inB.has(s.id));
    const nextScore = lower.length > 0 ? lower[0]!.score : -1;
    const inNext = new Set(lower.filter((s) => s.score === nextScore).map((s) => s.id));
    const result = pairBracket({
      pool,
      bracket,
      inB,
      inNext,
      mdps: mdps.slice().sort(byRank),
      sLow: topScore >= 0 ? topScore : bracket[bracket.length - 1]!.score,
      withBye: needBye && bye === null,
      r,
      ctx,
    });
    if (result === null) return { ok: false, reason: 'no valid pairing' };
    const paired = new Set<number>();
    for (const [a, b] of result.pairs) {
      paired.add(a.id);
      paired.add(b.id);
      const aColour = allocate(a.id, a.colour, b.id, b.colour, ctx);
      pairs.push(aColour === 'white' ? { white: a.id, black: b.id } : { white: b.id, black: a.id });
    }
    const floaters = bracket.filter((s) => !paired.has(s.id));
    pool = pool.filter((s) => !paired.has(s.id));
    if (lower.length === 0) {
      if (floaters.length === 1 && needBye && bye === null) {
        bye = floaters[0]!.id;
        pool = [];
      } else if (floaters.length > 0) {
        return { ok: false, reason: 'no valid pairing' };
      }
    }
    mdps = floaters;
  }
  return { ok: true, pairs, bye };
}

interface BracketJob {
  pool: State[];
  bracket: State[];
  inB: Set<number>;
  inNext: Set<number>;
  mdps: State[];
  sLow: number;
  withBye: boolean;
  r: number;
  ctx: { initialColour: Colour; parity: (id: number) => number };
}

interface GraphEdge {
  a: number; // vertex indices; the bye vertex is pool.length
  b: number;
  q: bigint;
}

/** Pairs one bracket; returns its pairs (higher-ranked first), or null when the round cannot be completed. */
function pairBracket(job: BracketJob): { pairs: [State, State][] } | null {
  const { pool, inB, inNext, withBye, r, ctx } = job;
  const n = pool.length;
  const V = n + (withBye ? 1 : 0);
  const BYE = n;
  const index = new Map(pool.map((s, i) => [s.id, i]));
  const bsize = job.bracket.length;

  // Quality fields, highest first.
  // Score differences that can occur in this bracket's PSD (pairs inside, floaters out).
  const maxDiff = Math.max(...job.bracket.map((s) => s.score)) - job.sLow + 3;
  const base = BigInt(bsize + 1);
  const psdCost = (d: number): bigint => (d <= 0 ? 0n : base ** BigInt(d));
  const PSDMAX = base ** BigInt(maxDiff + 1);
  // The next bracket's PSD (C7): its pairs, and its floaters against one point below it.
  const nextScore = Math.min(...pool.filter((s) => inNext.has(s.id)).map((s) => s.score));
  const baseN = BigInt(bsize + inNext.size + 1);
  const maxDiffN =
    inNext.size > 0 ? Math.max(...job.bracket.map((s) => s.score)) - nextScore + 3 : 0;
  const PSDN_MAX = baseN ** BigInt(maxDiffN + 1);
  const psdN = (d: number): bigint => (d <= 0 ? 0n : baseN ** BigInt(d));
  const nextPsd = (a: State, b: State | null): bigint => {
    if (inNext.size === 0) return 0n;
    const aIn = inB.has(a.id);
    const bIn = b !== null && inB.has(b.id);
    if (aIn && bIn) return 0n;
    const aM = aIn || inNext.has(a.id);
    const bM = b !== null && (bIn || inNext.has(b.id));
    if (aM && bM) return PSDN_MAX - psdN(Math.abs(a.score - b!.score));
    if (aM) return PSDN_MAX - psdN(a.score - nextScore + 2);
    if (bM) return PSDN_MAX - psdN(b!.score - nextScore + 2);
    return 0n;
  };
  const countBits = bitsFor(BigInt(4 * V + 4));
  const maxScore = BigInt(Math.max(...pool.map((s) => s.score)) + 1);
  const byeFields: Field[] = [
    { bits: bitsFor(maxScore * 2n) }, // the PAB goes to the lowest score
    { bits: countBits }, // then to a player with the most games played
  ];
  const bracketFields: Field[] = [
    { bits: countBits }, // C5 pairs in the bracket
    { bits: bitsFor(PSDMAX * BigInt(V + 1)) }, // C6 PSD
    { bits: countBits }, // C7 pairs in the next bracket
    { bits: bitsFor(PSDN_MAX * BigInt(V + 1)) }, // C7 then the next bracket's PSD
    { bits: countBits }, // C8
    { bits: countBits }, // C9
    { bits: countBits }, // C10
    { bits: countBits }, // C11
    { bits: countBits }, // C12
    { bits: countBits }, // C13
    { bits: countBits }, // C14
    { bits: countBits }, // C15
    { bits: bitsFor(PSDMAX * BigInt(V + 1)) }, // C16 score differences, same downfloat as last round
    { bits: bitsFor(PSDMAX * BigInt(V + 1)) }, // C17 same upfloat as last round
    { bits: bitsFor(PSDMAX * BigInt(V + 1)) }, // C18 same downfloat as two rounds before
    { bits: bitsFor(PSDMAX * BigInt(V + 1)) }, // C19 same upfloat as two rounds before
  ];
  // The PAB's score first (the lowest possible), then C5-C6, then the PAB goes to a player
  // with the most games played (2025: players with fewer games are not preferred), then C7-C19.
  const fields = [
    byeFields[0]!,
    ...bracketFields.slice(0, 2),
    byeFields[1]!,
    ...bracketFields.slice(2),
  ];
  const withGames = (head: bigint, games: bigint, v: bigint[], np: bigint): bigint[] => [
    head,
    ...v.slice(0, 2),
    games,
    v[2]!,
    np,
    ...v.slice(3, bracketFields.length - 1),
  ];
  const diffCost = (hit: bigint, d: number): bigint => PSDMAX - (hit ? psdCost(d) : 0n);
  const floatCost = (s: State, kind: 'down' | 'up', back: number): bigint =>
    s.floats[r - 1 - back] === kind ? 1n : 0n;

  const raw: { a: number; b: number; vec: bigint[]; touchesB: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const a = pool[i]!;
    for (let j = i + 1; j < n; j++) {
      const b = pool[j]!;
      if (!compatible(a, b)) continue;
      const aIn = inB.has(a.id);
      const bIn = inB.has(b.id);
      const v: bigint[] = new Array<bigint>(bracketFields.length).fill(0n);
      if (aIn && bIn) {
        v[0] = 1n;
        v[1] = PSDMAX - psdCost(a.score - b.score);
        const aColour = allocate(a.id, a.colour, b.id, b.colour, ctx);
        const cc = colourCosts(a, b, aColour);
        for (let k = 0; k < 4; k++) v[3 + k] = 2n - BigInt(cc[k]!);
        const down = a.score > b.score;
        v[7] = 2n - (down ? floatCost(a, 'down', 1) : 0n);
        v[8] = 2n - (down ? floatCost(b, 'up', 1) : 0n);
        v[9] = 2n - (down ? floatCost(a, 'down', 2) : 0n);
        v[10] = 2n - (down ? floatCost(b, 'up', 2) : 0n);
        const diff = a.score - b.score;
        v[11] = diffCost(down ? floatCost(a, 'down', 1) : 0n, diff);
        v[12] = diffCost(down ? floatCost(b, 'up', 1) : 0n, diff);
        v[13] = diffCost(down ? floatCost(a, 'down', 2) : 0n, diff);
        v[14] = diffCost(down ? floatCost(b, 'up', 2) : 0n, diff);
      } else if (aIn || bIn) {
        const d = aIn ? a : b;
        const o = aIn ? b : a;
        v[1] = PSDMAX - psdCost(d.score - job.sLow + 2);
        if (inNext.has(o.id)) v[2] = 1n;
        for (let k = 3; k < 7; k++) v[k] = 2n;
        v[7] = 2n - floatCost(d, 'down', 1);
        v[8] = 2n;
        v[9] = 2n - floatCost(d, 'down', 2);
        v[10] = 2n;
        const diff = d.score - job.sLow + 2;
        v[11] = diffCost(floatCost(d, 'down', 1), diff);
        v[12] = PSDMAX;
        v[13] = diffCost(floatCost(d, 'down', 2), diff);
        v[14] = PSDMAX;
      } else if (inNext.has(a.id) && inNext.has(b.id)) {
        v[2] = 1n;
      }
      raw.push({ a: i, b: j, vec: withGames(0n, 0n, v, nextPsd(a, b)), touchesB: aIn || bIn });
    }
    if (withBye && !a.byeBlocked) {
      const v: bigint[] = new Array<bigint>(bracketFields.length).fill(0n);
      if (inB.has(a.id)) {
        v[1] = PSDMAX - psdCost(a.score - job.sLow + 2);
        for (let k = 3; k < 7; k++) v[k] = 2n;
        v[7] = 2n - floatCost(a, 'down', 1);
        v[8] = 2n;
        v[9] = 2n - floatCost(a, 'down', 2);
        v[10] = 2n;
        const diff = a.score - job.sLow + 2;
        v[11] = diffCost(floatCost(a, 'down', 1), diff);
        v[12] = PSDMAX;
        v[13] = diffCost(floatCost(a, 'down', 2), diff);
        v[14] = PSDMAX;
      }
      const games = BigInt(a.games);
      raw.push({
        a: i,
        b: BYE,
        vec: withGames(maxScore - BigInt(a.score), games, v, nextPsd(a, null)),
        touchesB: inB.has(a.id),
      });
    }
  }
  // A field with one value on every edge touching the bracket (and 0 elsewhere) adds the same
  // to every candidate, since their number is fixed: leave it out, smaller weights are faster.
  const keep = fields.map((_, f) => {
    let common: bigint | null = null;
    for (const e of raw) {
      const x = e.vec[f]!;
      if (!e.touchesB) {
        if (x !== 0n) return true;
      } else if (common === null) common = x;
      else if (x !== common) return true;
    }
    return false;
  });
  const keptFields = fields.filter((_, f) => keep[f]);
  const edges: GraphEdge[] = raw.map((e) => ({
    a: e.a,
    b: e.b,
    q: pack(
      e.vec.filter((_, f) => keep[f]),
      keptFields,
    ),
  }));

  const fixed = new Set<number>(); // vertex indices already paired in this bracket
  const solve = (
    allowed: (e: GraphEdge) => boolean,
    tie: ((e: GraphEdge) => bigint) | null,
    tieBits: number,
  ): { mate: number[]; quality: bigint } | null => {
    const list: WeightedEdge[] = [];
    const used: GraphEdge[] = [];
    for (const e of edges) {
      if (!allowed(e)) continue;
      const t = tie ? tie(e) : 0n;
      list.push({ u: e.a, v: e.b, w: (e.q << BigInt(tieBits)) + t });
      used.push(e);
    }
    let max = 0n;
    for (const e of list) if (e.w > max) max = e.w;
    if (process.env.SWISS_BITS) console.error('bits', max.toString(2).length);
    // Weights that fit a double exactly (with room for the duals) take the faster twin.
    const mate =
      max < 1n << 48n
        ? maxWeightMatchingNumber(
            V,
            list.map((e) => ({ u: e.u, v: e.v, w: Number(e.w) })),
            true,
          )
        : maxWeightMatching(V, list, true);
    let quality = 0n;
    for (let v = 0; v < V; v++) if (mate[v] === -1 && !fixed.has(v)) return null;
    for (const e of used) if (mate[e.a] === e.b) quality += e.q;
    return { mate, quality };
  };

  const all = (): boolean => true;
  // The plain optimum, only computed when needed.
  let firstCache: ReturnType<typeof solve> | undefined;
  const getFirst = (): ReturnType<typeof solve> => {
    if (firstCache === undefined) firstCache = solve(all, null, 0);
    return firstCache;
  };

  const out: [State, State][] = [];
  const forbidden = new Set<number>(); // bracket players that must float (limbo MDPs)
  const vid = (s: State): number => index.get(s.id)!;
  const notFixed = (e: GraphEdge): boolean => !fixed.has(e.a) && !fixed.has(e.b);
  const inBv = (v: number): boolean => v < n && inB.has(pool[v]!.id);

  // Heterogeneous bracket: which MDPs are paired (higher-ranked first), then their opponents.
  let lastSolution: ReturnType<typeof solve> = null;
  if (job.mdps.length > 0) {
    const first = getFirst();
    if (first === null) return null;
    const best = first.quality;
    const m0 = job.mdps.length;
    const mdpIdx = new Map(job.mdps.map((s, i) => [vid(s), i]));
    const tieBits = m0 + 2;
    let paidMdps = 0;
    for (const s of job.mdps) if (inBv(first.mate[vid(s)]!)) paidMdps++;
    // Which MDPs are paired only needs choosing when some, not all, of them are.
    const chooseMdps =
      paidMdps === 0 || paidMdps === m0
        ? first
        : solve(
            all,
            (e) => {
              if (!(inBv(e.a) && inBv(e.b))) return 0n;
              let t = 0n;
              for (const v of [e.a, e.b]) {
                const i = mdpIdx.get(v);
                if (i !== undefined) t += 1n << BigInt(m0 - 1 - i);
              }
              return t;
            },
            tieBits,
          );
    if (chooseMdps === null || chooseMdps.quality !== best) return null;
    lastSolution = chooseMdps;
    const s1: State[] = [];
    for (const s of job.mdps) {
      const m = chooseMdps.mate[vid(s)]!;
      if (inBv(m)) s1.push(s);
      else forbidden.add(vid(s));
    }
    if (s1.length > 0) {
      const s1Idx = new Map(s1.map((s, i) => [vid(s), i]));
      const s2 = job.bracket.filter((s) => !s1Idx.has(vid(s)));
      const s2Pos = new Map(s2.map((s, i) => [vid(s), i]));
      const radix = BigInt(s2.length + 2);
      const k1 = s1.length;
      const tieMax = radix ** BigInt(k1 + 1);
      const allowedM = (e: GraphEdge): boolean => {
        if (inBv(e.a) && inBv(e.b)) {
          if (forbidden.has(e.a) || forbidden.has(e.b)) return false;
        }
        return true;
      };
      const pairM = solve(
        allowedM,
        (e) => {
          if (!(inBv(e.a) && inBv(e.b))) return 0n;
          const ia = s1Idx.get(e.a);
          const ib = s1Idx.get(e.b);
          if (ia !== undefined && ib !== undefined) return 0n;
          const i = ia ?? ib;
          if (i === undefined) return 0n;
          const other2 = ia !== undefined ? e.b : e.a;
          const pos = s2Pos.get(other2) ?? s2.length;
          return BigInt(s2.length + 1 - pos) * radix ** BigInt(k1 - 1 - i);
        },
        bitsFor(tieMax),
      );
      if (pairM === null || pairM.quality !== best) return null;
      for (const s of s1) {
        const v = vid(s);
        if (fixed.has(v)) continue;
        const m = pairM.mate[v]!;
        fixed.add(v);
        fixed.add(m);
        const o = pool[m]!;
        out.push(byRank(s, o) < 0 ? [s, o] : [o, s]);
      }
    }
  }

  // The homogeneous part (the remainder): residents not yet paired.
  const fixedQuality = (): bigint => {
    let q = 0n;
    for (const e of edges) {
      if (fixed.has(e.a) && fixed.has(e.b)) {
        const pa = out.find(
          ([x, y]) => (vid(x) === e.a && vid(y) === e.b) || (vid(x) === e.b && vid(y) === e.a),
        );
        if (pa) q += e.q;
      }
    }
    return q;
  };
  const remainder = job.bracket.filter((s) => !fixed.has(vid(s)) && !forbidden.has(vid(s)));
  /** Tie weights for S2 transpositions: S1[0] gets the earliest S2 player it can, then S1[1]... */
  const transpositionTie = (
    s1List: number[],
    s2List: number[],
  ): [(e: GraphEdge) => bigint, number] => {
    const s1Pos = new Map(s1List.map((v, i) => [v, i]));
    const s2Pos = new Map(s2List.map((v, i) => [v, i]));
    const radix = BigInt(s2List.length + 2);
    const k1 = s1List.length;
    const tie = (e: GraphEdge): bigint => {
      const ia = s1Pos.get(e.a);
      const ib = s1Pos.get(e.b);
      if ((ia === undefined) === (ib === undefined)) return 0n;
      const i = ia ?? ib!;
      const pos = s2Pos.get(ia !== undefined ? e.b : e.a);
      if (pos === undefined) return 0n;
      return BigInt(s2List.length + 1 - pos) * radix ** BigInt(k1 - 1 - i);
    };
    return [tie, bitsFor(radix ** BigInt(k1 + 1))];
  };
  if (remainder.length >= 2) {
    const remIds = remainder.map(vid);
    const remAll = new Set(remIds);
    const pGuess = Math.floor(remainder.length / 2);
    const allowedFast = (e: GraphEdge): boolean => {
      if (!notFixed(e)) return false;
      if (inBv(e.a) && inBv(e.b) && (forbidden.has(e.a) || forbidden.has(e.b))) return false;
      return true;
    };
    // Fast path: the best transposition with no exchange, found among all optimal pairings;
    // when it pairs S1 with S2 as they are, no exchange can come first, so it is the answer.
    const [fastTie, fastBits] = transpositionTie(remIds.slice(0, pGuess), remIds.slice(pGuess));
    const fast = solve(allowedFast, fastTie, fastBits);
    if (fast === null) return null;
    let exchangeFree = true;
    remIds.forEach((v, i) => {
      const m = fast.mate[v]!;
      const inS1 = i < pGuess;
      if (remAll.has(m) ? inS1 === remIds.indexOf(m) < pGuess : inS1) exchangeFree = false;
    });
    if (exchangeFree) {
      for (const v of remIds.slice(0, pGuess)) {
        const a = pool[v]!;
        const b = pool[fast.mate[v]!]!;
        out.push(byRank(a, b) < 0 ? [a, b] : [b, a]);
      }
      return { pairs: out };
    }
    lastSolution = fixed.size === 0 ? getFirst() : null;
  }
  if (remainder.length >= 2) {
    const baseAllowed = (e: GraphEdge): boolean => {
      if (!notFixed(e)) return false;
      if (inBv(e.a) && inBv(e.b) && (forbidden.has(e.a) || forbidden.has(e.b))) return false;
      return true;
    };
    // Nothing fixed yet: the optimum already found holds.
    const q0 = lastSolution ?? solve(baseAllowed, null, 0);
    if (q0 === null) return null;
    const target = q0.quality;
    void fixedQuality;
    const remSet = new Set(remainder.map(vid));
    let p = 0;
    for (const s of remainder) {
      const m = q0.mate[vid(s)]!;
      if (remSet.has(m)) p++;
    }
    p /= 2;
    if (p > 0) {
      const bsn = new Map(remainder.map((s, i) => [vid(s), i + 1]));
      const nr = remainder.length;
      const inS1 = (v: number): boolean => (bsn.get(v) ?? Infinity) <= p;
      // Exchange choice: fewest exchanged, then smallest BSN-sum difference, then the highest
      // BSN moved out of S1, then the lowest BSN moved into S1.
      const exBits = [
        bitsFor(BigInt(4 * nr + 4)),
        bitsFor(BigInt(4 * nr * nr + 4)),
        bitsFor(1n << BigInt(nr + 2)),
        bitsFor(1n << BigInt(nr + 2)),
      ];
      const exFields = exBits.map((bits) => ({ bits }));
      const exTie = (e: GraphEdge): bigint => {
        const aR = remSet.has(e.a);
        const bR = remSet.has(e.b);
        if (!aR && !bR) return 0n;
        const nrB = BigInt(nr);
        if (aR && bR) {
          const x = Math.min(bsn.get(e.a)!, bsn.get(e.b)!);
          const y = Math.max(bsn.get(e.a)!, bsn.get(e.b)!);
          if (inS1(e.a) && inS1(e.b)) {
            // y moves out of S1.
            return pack([2n, 2n * nrB + BigInt(y), 1n << BigInt(y), 0n], exFields);
          }
          if (!inS1(e.a) && !inS1(e.b)) {
            // x moves into S1.
            return pack([1n, 2n * nrB - BigInt(x), 0n, 1n << BigInt(nr - x)], exFields);
          }
          return pack([2n, 2n * nrB, 0n, 0n], exFields);
        }
        const d = aR ? e.a : e.b;
        if (inS1(d)) {
          const y = bsn.get(d)!;
          return pack([2n, 2n * nrB + BigInt(y), 1n << BigInt(y), 0n], exFields);
        }
        return pack([2n, 2n * nrB, 0n, 0n], exFields);
      };
      const exTotalBits = exBits.reduce((a, b) => a + b, 0) + bitsFor(BigInt(nr + 2));
      // No exchange needed when the optimum found pairs S1 with S2 as it is.
      let noExchange = true;
      for (const s of remainder) {
        const v = vid(s);
        const m = q0.mate[v]!;
        if (remSet.has(m) ? inS1(v) === inS1(m) : inS1(v)) noExchange = false;
      }
      const ex = noExchange ? q0 : solve(baseAllowed, exTie, exTotalBits);
      if (ex === null || ex.quality !== target) return null;
      // S1' from the chosen exchange.
      const s1p = new Set<number>();
      for (const s of remainder) {
        const v = vid(s);
        const m = ex.mate[v]!;
        if (!remSet.has(m)) continue;
        if (v > m) continue;
        const bv = bsn.get(v)!;
        const bm = bsn.get(m)!;
        const x = bv < bm ? v : m;
        const y = bv < bm ? m : v;
        if (inS1(x) && inS1(y)) s1p.add(x);
        else if (!inS1(x) && !inS1(y)) s1p.add(x);
        else s1p.add(inS1(x) ? x : y);
      }
      const s1List = remainder.map(vid).filter((v) => s1p.has(v));
      const s2List = remainder.map(vid).filter((v) => !s1p.has(v));
      const allowedT = (e: GraphEdge): boolean => {
        if (!baseAllowed(e)) return false;
        if (remSet.has(e.a) && remSet.has(e.b)) return s1p.has(e.a) !== s1p.has(e.b);
        if (remSet.has(e.a) && s1p.has(e.a)) return false;
        if (remSet.has(e.b) && s1p.has(e.b)) return false;
        return true;
      };
      const [trTie, trBits] = transpositionTie(s1List, s2List);
      const tr = solve(allowedT, trTie, trBits);
      if (tr === null || tr.quality !== target) return null;
      for (const v of s1List) {
        const m = tr.mate[v]!;
        const a = pool[v]!;
        const b = pool[m]!;
        out.push(byRank(a, b) < 0 ? [a, b] : [b, a]);
      }
    }
  }
  return { pairs: out };
}
