/**
 * Swiss tie-breaks (src/tournaments/swiss/swiss-tiebreak-rules.ts) on small events worked out by
 * hand: Buchholz (cut 1 and full), Sonneborn-Berger, direct encounter, unplayed rounds.
 */
import {
  buchholz,
  directEncounter,
  sonnebornBerger,
  swissStandings,
  swissTable,
  wins,
  type SwissPlayerRecord,
  type SwissRound,
  type SwissTiebreak,
} from '../../../src/tournaments/swiss/swiss-tiebreak-rules.js';

const g = (opponentId: string, points: 0 | 0.5 | 1): SwissRound => ({
  kind: 'game',
  opponentId,
  points,
});

/**
 * Four players, three rounds. R1 A-B 1-0, C-D ½-½; R2 A-C ½-½, B-D 1-0; R3 A-D 0-1, B-C 1-0.
 * Scores: B 2, A 1.5, D 1.5, C 1.
 */
const FOUR: SwissPlayerRecord[] = [
  { id: 'A', rounds: [g('B', 1), g('C', 0.5), g('D', 0)] },
  { id: 'B', rounds: [g('A', 0), g('D', 1), g('C', 1)] },
  { id: 'C', rounds: [g('D', 0.5), g('A', 0.5), g('B', 0)] },
  { id: 'D', rounds: [g('C', 0.5), g('B', 0), g('A', 1)] },
];

/**
 * Unplayed rounds. X: a bye, beats Y, loses to Z (2). Y: draws Z, loses to X, absent (½
 * adjusted: 1). Z: draws Y, a bye, beats X (2.5).
 */
const BYES: SwissPlayerRecord[] = [
  { id: 'X', rounds: [{ kind: 'bye', points: 1 }, g('Y', 1), g('Z', 0)] },
  { id: 'Y', rounds: [g('Z', 0.5), g('X', 0), { kind: 'absent', points: 0 }] },
  { id: 'Z', rounds: [g('Y', 0.5), { kind: 'bye', points: 1 }, g('X', 1)] },
];

describe('values', () => {
  const t = swissTable(FOUR);
  test.each<[string, number, number, number, number, number]>([
    // id, score, Buchholz, cut 1, Sonneborn-Berger, wins
    ['A', 1.5, 4.5, 3.5, 2.5, 1],
    ['B', 2, 4, 3, 2.5, 2],
    ['C', 1, 5, 3.5, 1.5, 0],
    ['D', 1.5, 4.5, 3.5, 2, 1],
  ])('%s: score %d, Buchholz %d, cut 1 %d, SB %d, wins %d', (id, score, bh, bh1, sb, w) => {
    expect(t.scores.get(id)).toBe(score);
    expect(buchholz(t, id)).toBe(bh);
    expect(buchholz(t, id, 1)).toBe(bh1);
    expect(sonnebornBerger(t, id)).toBe(sb);
    expect(wins(t, id)).toBe(w);
  });

  const u = swissTable(BYES);
  test.each<[string, number, number, number, number, number]>([
    // own unplayed rounds count the player's own score; opponents' absences count as draws
    ['X', 2, 2, 5.5, 3.5, 3],
    ['Y', 0.5, 1, 5, 4.5, 1.25],
    ['Z', 2.5, 2.5, 5.5, 3, 5],
  ])('%s: score %d, adjusted %d, Buchholz %d, cut 1 %d, SB %d', (id, score, adj, bh, bh1, sb) => {
    expect(u.scores.get(id)).toBe(score);
    expect(u.adjusted.get(id)).toBe(adj);
    expect(buchholz(u, id)).toBe(bh);
    expect(buchholz(u, id, 1)).toBe(bh1);
    expect(sonnebornBerger(u, id)).toBe(sb);
  });

  test('a forfeit win is unplayed for the winner, a choice for the loser', () => {
    const v = swissTable([
      { id: 'P', rounds: [{ kind: 'forfeit', opponentId: 'Q', points: 1 }] },
      { id: 'Q', rounds: [{ kind: 'forfeit', opponentId: 'P', points: 0 }] },
    ]);
    expect(v.scores.get('P')).toBe(1);
    expect(v.adjusted.get('P')).toBe(1);
    expect(v.adjusted.get('Q')).toBe(0.5);
    expect(buchholz(v, 'P')).toBe(1);
    expect(wins(v, 'P')).toBe(0);
  });

  test('rounds missing at the end are absences scoring 0', () => {
    const v = swissTable([
      { id: 'late', rounds: [g('early', 1)] },
      { id: 'early', rounds: [g('late', 0), { kind: 'bye', points: 1 }] },
    ]);
    expect(v.rounds).toBe(2);
    expect(v.adjusted.get('late')).toBe(1.5);
    expect(buchholz(v, 'late')).toBe(1 + 1);
  });

  test('direct encounter: only when all of the group met', () => {
    expect(Object.fromEntries(directEncounter(t, ['A', 'D']))).toEqual({ A: 0, D: 1 });
    expect(Object.fromEntries(directEncounter(t, ['A', 'B', 'C']))).toEqual({
      A: 1.5,
      B: 1,
      C: 0.5,
    });
    expect(Object.fromEntries(directEncounter(u, ['X', 'Z']))).toEqual({ X: 0, Z: 1 });
    const v = swissTable([
      { id: 'P', rounds: [g('R', 1)] },
      { id: 'Q', rounds: [g('S', 1)] },
      { id: 'R', rounds: [g('P', 0)] },
      { id: 'S', rounds: [g('Q', 0)] },
    ]);
    expect(Object.fromEntries(directEncounter(v, ['P', 'Q', 'R']))).toEqual({ P: 0, Q: 0, R: 0 });
  });
});

describe('swissStandings', () => {
  test.each<[string, SwissTiebreak[] | undefined, [string, number][]]>([
    [
      'default: cut 1, then SB splits A and D',
      undefined,
      [
        ['B', 1],
        ['A', 2],
        ['D', 3],
        ['C', 4],
      ],
    ],
    [
      'direct encounter first: D beat A',
      ['direct-encounter'],
      [
        ['B', 1],
        ['D', 2],
        ['A', 2 + 1],
        ['C', 4],
      ],
    ],
    [
      'cut 1 alone: A and D share 2nd',
      ['buchholz-cut1'],
      [
        ['B', 1],
        ['A', 2],
        ['D', 2],
        ['C', 4],
      ],
    ],
    [
      'no tie-break: by score, ties shared',
      [],
      [
        ['B', 1],
        ['A', 2],
        ['D', 2],
        ['C', 4],
      ],
    ],
  ])('%s', (_name, tiebreaks, expected) => {
    const rows = swissStandings(FOUR, tiebreaks);
    expect(rows.map((r) => [r.id, r.rank])).toEqual(expected);
  });

  test('each row carries its tie-break values in order', () => {
    const rows = swissStandings(FOUR, ['buchholz-cut1', 'sonneborn-berger']);
    expect(rows.find((r) => r.id === 'A')).toEqual({
      id: 'A',
      score: 1.5,
      tiebreaks: [3.5, 2.5],
      rank: 2,
    });
  });

  test('with byes', () => {
    expect(swissStandings(BYES).map((r) => [r.id, r.rank])).toEqual([
      ['Z', 1],
      ['X', 2],
      ['Y', 3],
    ]);
  });
});
