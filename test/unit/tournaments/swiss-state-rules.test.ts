import {
  pairingInput,
  tiebreakRecords,
  type RoundLine,
} from '../../../src/tournaments/swiss-state-rules.js';

const A = 'a';
const B = 'b';
const C = 'c';
const entrants = [
  { playerId: A, pairingNumber: 1, present: true },
  { playerId: B, pairingNumber: 2, present: true },
  { playerId: C, pairingNumber: 3, present: false },
];
const round1: RoundLine[] = [
  { round: 1, playerId: A, opponentId: B, color: 'w', result: '1' },
  { round: 1, playerId: B, opponentId: A, color: 'b', result: '0' },
  { round: 1, playerId: C, opponentId: null, color: null, result: 'U' },
];

describe('pairingInput: the stored rounds as the Dutch pairing reads them', () => {
  const input = pairingInput(entrants, round1, 2, 5);
  test.each([
    [
      1,
      {
        id: 1,
        score: 2,
        absent: false,
        history: [{ kind: 'game', opponent: 2, colour: 'white', points: 2 }],
      },
    ],
    [
      2,
      {
        id: 2,
        score: 0,
        absent: false,
        history: [{ kind: 'game', opponent: 1, colour: 'black', points: 0 }],
      },
    ],
    [3, { id: 3, score: 2, absent: true, history: [{ kind: 'pab', points: 2 }] }],
  ])('player %i', (id, want) => {
    expect(input.players.find((p) => p.id === id)).toEqual(want);
  });
  test('the round and the total', () => {
    expect(input).toMatchObject({ round: 2, totalRounds: 5, initialColour: 'white' });
  });
  test.each([
    ['+', { kind: 'forfeit', opponent: 2, colour: 'white', points: 2 }],
    ['-', { kind: 'forfeit', opponent: 2, colour: 'white', points: 0 }],
    ['=', { kind: 'game', opponent: 2, colour: 'white', points: 1 }],
    ['H', { kind: 'bye', points: 1 }],
    ['Z', { kind: 'bye', points: 0 }],
  ] as const)('code %s', (code, want) => {
    const lines: RoundLine[] = [{ round: 1, playerId: A, opponentId: B, color: 'w', result: code }];
    expect(pairingInput(entrants, lines, 2, 5).players[0].history[0]).toEqual(want);
  });
  test('a player who joined late has missed rounds as zero-point byes', () => {
    const late = pairingInput(entrants, round1.slice(0, 2), 2, 5).players[2];
    expect(late.history).toEqual([{ kind: 'bye', points: 0 }]);
  });
});

describe('tiebreakRecords: rounds on the 1/½/0 scale', () => {
  test.each([
    [A, [{ kind: 'game', opponentId: B, points: 1 }]],
    [B, [{ kind: 'game', opponentId: A, points: 0 }]],
    [C, [{ kind: 'bye', points: 1 }]],
  ])('%s', (id, rounds) => {
    expect(tiebreakRecords(entrants, round1, 1).find((r) => r.id === id)?.rounds).toEqual(rounds);
  });
});
