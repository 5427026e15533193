/**
 * The Dutch pairing (src/tournaments/swiss/dutch.ts): small hand-checked rounds, and a spread
 * sample of the bbpPairings fixtures (every 20th of the public set, committed gzipped), paired
 * in-process and compared with bbpPairings' output: the same pairs, colours and bye.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  pairDutch,
  parsePairing,
  parseTrf,
  type Pair,
  type PairingInput,
  type RoundRecord,
  type SwissPlayer,
} from '../../../src/tournaments/swiss/index.js';

const g = (opponent: number, colour: 'white' | 'black', points: number): RoundRecord => ({
  kind: 'game',
  opponent,
  colour,
  points,
});
const pab: RoundRecord = { kind: 'pab', points: 2 };
const player = (id: number, history: RoundRecord[] = []): SwissPlayer => ({
  id,
  score: history.reduce((s, h) => s + h.points, 0),
  history,
  absent: false,
});
const input = (players: SwissPlayer[], totalRounds = 5, initialColour = 'white'): PairingInput => ({
  players,
  round: (players[0]?.history.length ?? 0) + 1,
  totalRounds,
  initialColour: initialColour as 'white' | 'black',
});
const sorted = (pairs: Pair[]): string[] => pairs.map((p) => `${p.white}-${p.black}`).sort();

test('round 1, six players: top half against bottom half, colours alternate from XXC', () => {
  const result = pairDutch(input([1, 2, 3, 4, 5, 6].map((id) => player(id))));
  expect(result.ok && sorted(result.pairs)).toEqual(['1-4', '3-6', '5-2']);
  expect(result.ok && result.bye).toBeNull();
});

test('round 1, five players, black1: the last player gets the bye', () => {
  const result = pairDutch(
    input(
      [1, 2, 3, 4, 5].map((id) => player(id)),
      5,
      'black',
    ),
  );
  expect(result.ok && sorted(result.pairs)).toEqual(['2-4', '3-1']);
  expect(result.ok && result.bye).toBe(5);
});

test('round 2: the leader floats down to the next score group; colours alternate', () => {
  // Round 1: 1-3 1-0 (1 white), 4-2 draw (4 white).
  const result = pairDutch(
    input([
      player(1, [g(3, 'white', 2)]),
      player(2, [g(4, 'black', 1)]),
      player(3, [g(1, 'black', 0)]),
      player(4, [g(2, 'white', 1)]),
    ]),
  );
  expect(result.ok && sorted(result.pairs)).toEqual(['2-1', '3-4']);
});

test('a player who had the pairing-allocated bye does not get it again', () => {
  // Round 1: 1-2 1-0, 3 the PAB; round 2: 3-1 draw, 2 the PAB. Round 3: only 1 may get the bye.
  const result = pairDutch(
    input([
      player(1, [g(2, 'white', 2), g(3, 'black', 1)]),
      player(2, [g(1, 'black', 0), pab]),
      player(3, [pab, g(1, 'white', 1)]),
    ]),
  );
  expect(result.ok && sorted(result.pairs)).toEqual(['2-3']);
  expect(result.ok && result.bye).toBe(1);
});

test('absent players are left out', () => {
  const players = [1, 2, 3, 4, 5].map((id) => player(id));
  players[1] = { ...players[1]!, absent: true };
  const result = pairDutch(input(players));
  expect(result.ok && sorted(result.pairs)).toEqual(['1-4', '5-3']);
  expect(result.ok && result.bye).toBeNull();
});

test('no valid pairing: four players who have all met', () => {
  const result = pairDutch(
    input([
      player(1, [g(4, 'white', 1), g(3, 'black', 1), g(2, 'white', 1)]),
      player(2, [g(3, 'white', 1), g(4, 'black', 1), g(1, 'black', 1)]),
      player(3, [g(2, 'black', 1), g(1, 'white', 1), g(4, 'white', 1)]),
      player(4, [g(1, 'black', 1), g(2, 'white', 1), g(3, 'black', 1)]),
    ]),
  );
  expect(result.ok).toBe(false);
});

test('forfeited games may be paired again and give no colour', () => {
  const forfeit = (opponent: number, points: number): RoundRecord => ({
    kind: 'forfeit',
    opponent,
    colour: points ? 'white' : 'black',
    points,
  });
  // Round 1: 1 beat 2 by forfeit, 3-4 draw (3 white). Round 2: 1 and 2 are not kept apart.
  const result = pairDutch(
    input([
      player(1, [forfeit(2, 2)]),
      player(2, [forfeit(1, 0)]),
      player(3, [g(4, 'white', 1)]),
      player(4, [g(3, 'black', 1)]),
    ]),
  );
  expect(result.ok).toBe(true);
  if (result.ok) expect(sorted(result.pairs)).toEqual(['1-3', '4-2']);
});

interface Fixture {
  id: string;
  trf: string;
  expected: string | null;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const sample: Fixture[] = gunzipSync(readFileSync(path.join(here, 'fixtures-sample.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Fixture);

test('the sample holds the spread of the public fixtures', () => {
  expect(sample.length).toBe(60);
});

test.each(sample.map((f) => [f.id, f] as const))('fixture %s', (_id, fixture) => {
  const parsed = parseTrf(fixture.trf);
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  const result = pairDutch(parsed.input);
  if (fixture.expected === null) {
    expect(result.ok).toBe(false);
    return;
  }
  const want = parsePairing(fixture.expected)!;
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(sorted(result.pairs)).toEqual(sorted(want.pairs));
  expect(result.bye).toBe(want.bye);
});
