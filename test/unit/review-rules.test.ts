/**
 * A game analysis as the game page says it (client/src/pages/game/review-rules.ts): moves by
 * their number, the marks, the average loss, the ply a point of the graph stands for.
 */
import type { AnalysedPosition } from '../../src/common/protocol.js';
import {
  lossPoints,
  markedMoves,
  moveLabel,
  plyAt,
} from '../../client/src/pages/game/review-rules.js';

test.each([
  [1, '32-28', '1. 32-28'],
  [2, '19-23', '1... 19-23'],
  [35, '32-28', '18. 32-28'],
  [36, '19-23', '18... 19-23'],
  [3, 'c3-d4', '2. c3-d4'],
])('ply %i: %s is "%s"', (ply, move, label) => {
  expect(moveLabel(ply, move)).toBe(label);
});

const at = (ply: number, extra: Partial<AnalysedPosition> = {}): AnalysedPosition => ({
  ply,
  fen: 'W:W21:B1',
  eval: { cp: 0 },
  chance: 0,
  best: '22-18',
  pv: [],
  depth: 1,
  nodes: 1,
  ...extra,
});

test('the marked moves: the ply each leads to, labelled with its number and mark', () => {
  const positions = [
    at(0, { move: '22-18', judgement: null }),
    at(1, { move: '11-15', judgement: 'inaccuracy', best: '12-16' }),
    at(2, { move: '18x11', judgement: null }),
    at(3, { move: '8x15', judgement: 'mistake', best: '7x16' }),
    at(34, { move: '32-28', judgement: 'blunder', best: '33-28' }),
    at(35), // the last position: no move
  ];
  expect(markedMoves(positions, 'brazilian')).toEqual([
    { ply: 2, judgement: 'inaccuracy', label: '1... 11-15?!', best: '12-16' },
    { ply: 4, judgement: 'mistake', label: '2... 8x15?', best: '7x16' },
    { ply: 35, judgement: 'blunder', label: '18. 32-28??', best: '33-28' },
  ]);
  expect(markedMoves([at(0, { move: '22-18', judgement: null }), at(1)], 'brazilian')).toEqual([]);
});

test('a game set up with Black to move: its first move is "1...", its second "2."', () => {
  const black = (ply: number, extra: Partial<AnalysedPosition> = {}) =>
    at(ply, { fen: 'B:W21:B1', ...extra });
  const positions = [
    black(0, { move: '1-5', judgement: 'mistake', best: '1-6' }),
    at(1, { move: '21-17', judgement: 'blunder', best: '21-18' }),
    black(2),
  ];
  expect(markedMoves(positions, 'brazilian').map((m) => m.label)).toEqual([
    '1... 1-5?',
    '2. 21-17??',
  ]);
});

test.each([
  [0, '0.0'],
  [0.064, '3.2'],
  [0.3, '15.0'],
  [2, '100.0'],
])('an average loss of %d is %s points of 100', (loss, points) => {
  expect(lossPoints(loss)).toBe(points);
});

test.each([
  // x, width, positions, ply
  [0, 300, 11, 0],
  [300, 300, 11, 10],
  [150, 300, 11, 5],
  [14, 300, 11, 0],
  [16, 300, 11, 1],
  [-20, 300, 11, 0],
  [400, 300, 11, 10],
  [150, 300, 1, 0],
  [150, 300, 0, 0],
])('x %d of %d over %d positions: ply %d', (x, width, total, ply) => {
  expect(plyAt(x, width, total)).toBe(ply);
});
