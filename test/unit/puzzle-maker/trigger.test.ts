import type { Score } from '../../../src/engine/index.js';
import { isCandidate, scoreValue } from '../../../src/puzzle-maker/index.js';

describe('the candidate trigger (lichess-style jump)', () => {
  const cases: [string, Score, Score, number, boolean][] = [
    ['a level position turned into a man up', { cp: 0 }, { cp: 390 }, 7, true],
    ['a small edge turned into a win', { cp: 60 }, { win: 9 }, 3, true],
    ['a jump too small', { cp: 0 }, { cp: 120 }, 5, false],
    ['a big jump that leaves the edge small', { cp: -200 }, { cp: 100 }, 5, false],
    ['already far ahead', { cp: 250 }, { cp: 700 }, 6, false],
    ['already winning', { win: 15 }, { win: 7 }, 6, false],
    ['a forced capture (one legal move)', { cp: 0 }, { cp: 400 }, 1, false],
    ['from a lost position to a level one: no', { loss: 5 }, { cp: 0 }, 4, false],
    ['from a lost position to a win', { cp: -100 }, { win: 3 }, 2, true],
  ];
  test.each(cases)('%s', (_name, before, after, moves, expected) => {
    expect(isCandidate({ before, after, moves })).toBe(expected);
  });

  test('scores order wins above any material and nearer wins first', () => {
    expect(scoreValue({ win: 3 })).toBeGreaterThan(scoreValue({ win: 9 }));
    expect(scoreValue({ win: 99 })).toBeGreaterThan(scoreValue({ cp: 3000 }));
    expect(scoreValue({ loss: 2 })).toBeLessThan(scoreValue({ loss: 8 }));
    expect(scoreValue({ loss: 99 })).toBeLessThan(scoreValue({ cp: -3000 }));
  });
});
