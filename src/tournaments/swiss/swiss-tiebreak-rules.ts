/**
 * Swiss standings: score, then the event's tie-breaks in its order (FIDE Tie-Break Regulations,
 * simplified as said below): Buchholz (cut 1 or full), Sonneborn-Berger, direct encounter.
 *
 * Unplayed rounds, FIDE 2023's way, kept simple:
 * - A player's own unplayed round (a bye, a forfeit either way, an absence) counts, for their
 *   Buchholz and Sonneborn-Berger, as a game against a dummy opponent whose score is the
 *   player's own (FIDE 2023 art. 16.4). So a bye neither helps nor hurts the tie-break much.
 * - An opponent's score is "adjusted": the rounds that opponent chose not to play (absences,
 *   forfeit losses) count as draws, so beating someone who then left is not worth less.
 * - Cut 1 removes the lowest contribution, an unplayed round's first if there is one (a dummy's
 *   value is the least earned).
 * Direct encounter: among players still tied, the points they scored against each other, only
 * when every two of them have met (else it separates nobody).
 */

/** One round of a player, from their side. */
export type SwissRound =
  /** A game played over the board. */
  | { readonly kind: 'game'; readonly opponentId: string; readonly points: 0 | 0.5 | 1 }
  /** A pairing-allocated bye (the odd player out): its points are the event's (1, ½ or 0). */
  | { readonly kind: 'bye'; readonly points: number }
  /** A game not played: won by forfeit (1) or lost by forfeit (0). */
  | { readonly kind: 'forfeit'; readonly opponentId: string; readonly points: 0 | 1 }
  /** Not paired: a requested bye (½ or 0), a late join, a withdrawal. */
  | { readonly kind: 'absent'; readonly points: number };

export interface SwissPlayerRecord {
  readonly id: string;
  /** Round 1 first; rounds missing at the end count as absences scoring 0. */
  readonly rounds: readonly SwissRound[];
}

export const SWISS_TIEBREAKS = [
  'buchholz-cut1',
  'buchholz',
  'sonneborn-berger',
  'direct-encounter',
  'wins',
] as const;
export type SwissTiebreak = (typeof SWISS_TIEBREAKS)[number];

/** lichess and most federations' default order. */
export const DEFAULT_SWISS_TIEBREAKS: readonly SwissTiebreak[] = [
  'buchholz-cut1',
  'sonneborn-berger',
  'direct-encounter',
];

export interface SwissStandingRow {
  readonly id: string;
  readonly score: number;
  /** The values of the tie-breaks asked for, in their order. */
  readonly tiebreaks: readonly number[];
  /** 1 + the players strictly ahead: players tied on everything share a rank. */
  readonly rank: number;
}

/** What the tie-breaks read, computed once for the standings. */
export interface SwissTable {
  readonly rounds: number;
  readonly players: ReadonlyMap<string, SwissPlayerRecord>;
  readonly scores: ReadonlyMap<string, number>;
  /** Scores with unplayed rounds of choice (absences, forfeit losses) counted as draws. */
  readonly adjusted: ReadonlyMap<string, number>;
}

function roundsOf(p: SwissPlayerRecord, rounds: number): SwissRound[] {
  const out = [...p.rounds];
  while (out.length < rounds) out.push({ kind: 'absent', points: 0 });
  return out;
}

const isVoluntarilyUnplayed = (r: SwissRound): boolean =>
  r.kind === 'absent' || (r.kind === 'forfeit' && r.points === 0);

export function swissTable(players: readonly SwissPlayerRecord[]): SwissTable {
  const rounds = players.reduce((n, p) => Math.max(n, p.rounds.length), 0);
  const scores = new Map<string, number>();
  const adjusted = new Map<string, number>();
  for (const p of players) {
    const rs = roundsOf(p, rounds);
    scores.set(
      p.id,
      rs.reduce((s, r) => s + r.points, 0),
    );
    adjusted.set(
      p.id,
      rs.reduce((s, r) => s + (isVoluntarilyUnplayed(r) ? 0.5 : r.points), 0),
    );
  }
  return { rounds, players: new Map(players.map((p) => [p.id, p])), scores, adjusted };
}

/** Each round's value for a Buchholz: the opponent's adjusted score, or the player's own. */
function buchholzParts(t: SwissTable, id: string): { value: number; unplayed: boolean }[] {
  const own = t.scores.get(id) ?? 0;
  const p = t.players.get(id);
  if (!p) return [];
  return roundsOf(p, t.rounds).map((r) =>
    r.kind === 'game'
      ? { value: t.adjusted.get(r.opponentId) ?? 0, unplayed: false }
      : { value: own, unplayed: true },
  );
}

/** Buchholz: the opponents' scores summed; `cut` 1 drops the lowest (an unplayed round's first). */
export function buchholz(t: SwissTable, id: string, cut: 0 | 1 = 0): number {
  const parts = buchholzParts(t, id);
  const total = parts.reduce((s, x) => s + x.value, 0);
  if (cut === 0 || parts.length === 0) return total;
  const unplayed = parts.filter((x) => x.unplayed);
  const pool = unplayed.length > 0 ? unplayed : parts;
  return total - Math.min(...pool.map((x) => x.value));
}

/** Sonneborn-Berger: each round's points times the opponent's adjusted score (or one's own). */
export function sonnebornBerger(t: SwissTable, id: string): number {
  const own = t.scores.get(id) ?? 0;
  const p = t.players.get(id);
  if (!p) return 0;
  return roundsOf(p, t.rounds).reduce(
    (s, r) => s + r.points * (r.kind === 'game' ? (t.adjusted.get(r.opponentId) ?? 0) : own),
    0,
  );
}

/** Games won over the board (forfeits and byes not counted). */
export function wins(t: SwissTable, id: string): number {
  const p = t.players.get(id);
  return p ? p.rounds.filter((r) => r.kind === 'game' && r.points === 1).length : 0;
}

/**
 * Direct encounter within a group of tied players: each one's points against the others, when
 * every two of them have played each other; else 0 for all (it decides nothing).
 */
export function directEncounter(t: SwissTable, group: readonly string[]): Map<string, number> {
  const inGroup = new Set(group);
  const out = new Map(group.map((id) => [id, 0]));
  const met = new Set<string>();
  for (const id of group)
    for (const r of t.players.get(id)?.rounds ?? [])
      if (r.kind === 'game' && inGroup.has(r.opponentId)) {
        out.set(id, (out.get(id) ?? 0) + r.points);
        met.add(id < r.opponentId ? `${id} ${r.opponentId}` : `${r.opponentId} ${id}`);
      }
  const pairs = (group.length * (group.length - 1)) / 2;
  if (met.size < pairs) for (const id of group) out.set(id, 0);
  return out;
}

/** The standings: score, then each tie-break in order among the players still tied. */
export function swissStandings(
  players: readonly SwissPlayerRecord[],
  tiebreaks: readonly SwissTiebreak[] = DEFAULT_SWISS_TIEBREAKS,
): SwissStandingRow[] {
  const t = swissTable(players);
  const values = new Map(players.map((p) => [p.id, [] as number[]]));
  // Groups of players tied so far, best first; each tie-break splits them further.
  let groups: string[][] = split(
    players.map((p) => p.id),
    (id) => t.scores.get(id) ?? 0,
  );
  for (const tb of tiebreaks) {
    const next: string[][] = [];
    for (const g of groups) {
      const of = tiebreakOf(t, tb, g);
      for (const id of g) values.get(id)!.push(of(id));
      next.push(...(g.length > 1 ? split(g, of) : [g]));
    }
    groups = next;
  }
  const rows: SwissStandingRow[] = [];
  let ahead = 0;
  for (const g of groups) {
    for (const id of [...g].sort())
      rows.push({ id, score: t.scores.get(id) ?? 0, tiebreaks: values.get(id)!, rank: ahead + 1 });
    ahead += g.length;
  }
  return rows;
}

function tiebreakOf(t: SwissTable, tb: SwissTiebreak, group: string[]): (id: string) => number {
  switch (tb) {
    case 'buchholz-cut1':
      return (id) => buchholz(t, id, 1);
    case 'buchholz':
      return (id) => buchholz(t, id, 0);
    case 'sonneborn-berger':
      return (id) => sonnebornBerger(t, id);
    case 'wins':
      return (id) => wins(t, id);
    case 'direct-encounter': {
      const de = directEncounter(t, group);
      return (id) => de.get(id) ?? 0;
    }
  }
}

/** The ids in groups of equal value, the highest value first. */
function split(ids: readonly string[], value: (id: string) => number): string[][] {
  const byValue = new Map<number, string[]>();
  for (const id of ids) {
    const v = value(id);
    const g = byValue.get(v);
    if (g) g.push(id);
    else byValue.set(v, [id]);
  }
  return [...byValue.entries()].sort((a, b) => b[0] - a[0]).map(([, g]) => g);
}
