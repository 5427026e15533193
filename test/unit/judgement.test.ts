import { judge, whiteEval, winChance } from '../../src/game-analysis/judgement.js';

describe('scores to White’s view', () => {
  test.each([
    [{ cp: 120 }, 'white', { cp: 120 }],
    [{ cp: 120 }, 'black', { cp: -120 }],
    [{ win: 3 }, 'white', { mate: 3 }],
    [{ win: 3 }, 'black', { mate: -3 }],
    [{ loss: 0 }, 'white', { mate: -1 }],
    [{ loss: 4 }, 'black', { mate: 4 }],
  ] as const)('%j for %s to move is %j', (score, toMove, expected) => {
    expect(whiteEval(score, toMove)).toEqual(expected);
  });
});

describe('winning chances', () => {
  test('even is 0; a man up is about +0.18; symmetric; mates are +-1; bounded', () => {
    expect(winChance({ cp: 0 })).toBe(0);
    expect(winChance({ cp: 100 })).toBeCloseTo(0.182, 3);
    expect(winChance({ cp: -100 })).toBeCloseTo(-0.182, 3);
    expect(winChance({ mate: 5 })).toBe(1);
    expect(winChance({ mate: -1 })).toBe(-1);
    expect(winChance({ cp: 1e9 })).toBeLessThan(1);
    expect(winChance({ cp: 1e9 })).toBeGreaterThan(0.99);
  });
});

describe('judgements by the drop in the mover’s chances', () => {
  test.each([
    ['white', 0, -0.05, 0.05, null],
    ['white', 0, -0.1, 0.1, 'inaccuracy'],
    ['white', 0.1, -0.15, 0.25, 'mistake'],
    ['white', 0.5, 0.2, 0.3, 'blunder'],
    ['black', 0, 0.35, 0.35, 'blunder'],
    ['black', 0, -0.4, 0, null], // Black's move made White's chances worse: no loss
    ['white', 1, -1, 2, 'blunder'], // a won game thrown away
  ] as const)('%s from %d to %d loses %d: %s', (mover, before, after, loss, judgement) => {
    const j = judge(mover, before, after);
    expect(j.loss).toBeCloseTo(loss, 3);
    expect(j.judgement).toBe(judgement);
  });
});
