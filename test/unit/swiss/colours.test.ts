/**
 * Colour preferences and the colour allocation rules of the Dutch system
 * (src/tournaments/swiss/colours.ts): only played games count.
 */
import {
  allocate,
  colourState,
  Strength,
  type RoundRecord,
  type SwissPlayer,
} from '../../../src/tournaments/swiss/index.js';

const game = (colour: 'white' | 'black'): RoundRecord => ({
  kind: 'game',
  opponent: 99,
  colour,
  points: 1,
});
const forfeit: RoundRecord = { kind: 'forfeit', opponent: 99, colour: 'white', points: 2 };
const player = (id: number, history: RoundRecord[]): SwissPlayer => ({
  id,
  score: 0,
  history,
  absent: false,
});
const seq = (s: string): RoundRecord[] =>
  [...s].map((c) => (c === 'w' ? game('white') : c === 'b' ? game('black') : forfeit));

test.each([
  ['', null, Strength.None, 0],
  ['w', 'black', Strength.Strong, 1],
  ['wb', 'white', Strength.Mild, 0],
  ['bw', 'black', Strength.Mild, 0],
  ['ww', 'black', Strength.Absolute, 2],
  ['wbb', 'white', Strength.Absolute, -1],
  ['wbwbb', 'white', Strength.Absolute, -1],
  ['bwb', 'white', Strength.Strong, -1],
  // A forfeit gives no colour: w + b reads as wb.
  ['wfb', 'white', Strength.Mild, 0],
  ['wfw', 'black', Strength.Absolute, 2],
])('history %s: preference %s', (history, preference, strength, difference) => {
  const state = colourState(player(1, seq(history)));
  expect(state.preference).toBe(preference);
  expect(state.strength).toBe(strength);
  expect(state.difference).toBe(difference);
});

const ctx = { initialColour: 'white' as const, parity: (id: number) => id };

test.each([
  // [higher, lower, colour of the higher-ranked player, why]
  ['w', 'b', 'black', 'both preferences granted'],
  ['b', 'w', 'white', 'both preferences granted'],
  ['', 'w', 'white', 'only the lower player has a preference'],
  ['wb', 'bww', 'white', 'the stronger (absolute) preference wins'],
  ['bw', 'w', 'white', 'strong beats mild'],
  ['wbw', 'bww', 'white', 'two equal preferences: alternate from the last differing game'],
  ['bwbw', 'wbbw', 'black', 'two mild: the last round they differed, the higher had white'],
  ['bw', 'bw', 'black', 'same histories: the higher-ranked player gets the preference'],
])('%s vs %s: the higher player gets %s (%s)', (a, b, colour) => {
  const sa = colourState(player(1, seq(a)));
  const sb = colourState(player(2, seq(b)));
  expect(allocate(1, sa, 2, sb, ctx)).toBe(colour);
});

test.each([
  [1, 'white', 'white'],
  [2, 'white', 'black'],
  [3, 'black', 'black'],
  [4, 'black', 'white'],
] as const)('no history: player %i with initial colour %s gets %s', (id, initial, colour) => {
  const none = colourState(player(id, []));
  expect(allocate(id, none, 10, none, { initialColour: initial, parity: (x) => x })).toBe(colour);
});
