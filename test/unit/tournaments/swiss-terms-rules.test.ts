/**
 * A new Swiss event's terms (src/tournaments/swiss/swiss-terms-rules.ts): what is taken, what is
 * refused (INVALID_PAYLOAD) and on which field; who may still join.
 */
import { DomainError } from '../../../src/common/errors.js';
import {
  canJoinSwiss,
  checkSwissTerms,
  nextRoundAt,
  swissTermsProblems,
} from '../../../src/tournaments/swiss/swiss-terms-rules.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const base = { clock: { initial: 300_000, increment: 3000 }, rounds: 7 };

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('checkSwissTerms', () => {
  test('defaults: brazilian, rated, auto interval, join until half the rounds, in 10 minutes', () => {
    expect(checkSwissTerms(base, NOW)).toEqual({
      allowBots: false,
      variant: 'brazilian',
      clock: base.clock,
      rounds: 7,
      roundInterval: 'auto',
      lateJoinUntilRound: 4,
      tiebreaks: ['buchholz-cut1', 'sonneborn-berger', 'direct-encounter'],
      rated: true,
      startsAt: new Date('2026-11-27T10:10:00Z'),
    });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a clock and rounds', {}, 'ok'],
    ['3 rounds', { rounds: 3 }, 'ok'],
    ['15 rounds', { rounds: 15 }, 'ok'],
    ['2 rounds', { rounds: 2 }, 'rounds'],
    ['16 rounds', { rounds: 16 }, 'rounds'],
    ['no rounds', { rounds: undefined }, 'rounds'],
    ['correspondence days', { clock: undefined, days: 3 }, 'ok'],
    ['days not offered', { clock: undefined, days: 4 }, 'days'],
    ['a clock and days', { days: 3 }, 'clock'],
    ['neither', { clock: undefined }, 'clock'],
    ['an interval of a minute', { roundInterval: 60_000 }, 'ok'],
    ['an interval of a day', { roundInterval: 86_400_000 }, 'ok'],
    ['an interval too short', { roundInterval: 1000 }, 'roundInterval'],
    ['an interval of 8 days', { roundInterval: 8 * 86_400_000 }, 'roundInterval'],
    ['late join until round 7 of 7', { lateJoinUntilRound: 7 }, 'ok'],
    ['late join until round 8 of 7', { lateJoinUntilRound: 8 }, 'lateJoinUntilRound'],
    ['late join until round 0', { lateJoinUntilRound: 0 }, 'lateJoinUntilRound'],
    ['a start in an hour', { startsAt: '2026-11-27T11:00:00Z' }, 'ok'],
    ['a start in the past', { startsAt: '2026-11-27T09:00:00Z' }, 'startsAt'],
    ['a start 61 days ahead', { startsAt: '2027-01-27T10:00:01Z' }, 'startsAt'],
    ['tie-breaks in another order', { tiebreaks: ['direct-encounter', 'buchholz'] }, 'ok'],
    ['no tie-breaks', { tiebreaks: [] }, 'ok'],
    ['an unknown tie-break', { tiebreaks: ['koya'] }, 'tiebreaks.0'],
    ['a tie-break twice', { tiebreaks: ['buchholz', 'buchholz'] }, 'tiebreaks'],
    [
      'casual, with a password and conditions',
      { rated: false, password: 'x', conditions: { minRatedGames: 5 } },
      'ok',
    ],
    ['an unknown variant', { variant: 'shogi' }, 'variant'],
  ])('%s', (_name, over, field) => {
    const input = { ...base, ...over };
    const problems = swissTermsProblems(input, NOW);
    if (field === 'ok') {
      expect(problems).toEqual([]);
      expect(codeOf(() => checkSwissTerms(input, NOW))).toBe('ok');
    } else {
      expect(problems.map((p) => p.path)).toContain(field);
      expect(codeOf(() => checkSwissTerms(input, NOW))).toBe('INVALID_PAYLOAD');
    }
  });
});

describe('canJoinSwiss', () => {
  test.each<[number, number, boolean]>([
    [1, 4, true],
    [4, 4, true],
    [5, 4, false],
    [8, 9, false],
  ])('before round %i, late join until %i: %s', (nextRound, until, ok) => {
    expect(canJoinSwiss({ rounds: 7, lateJoinUntilRound: until }, nextRound)).toBe(ok);
  });
});

describe('nextRoundAt', () => {
  test.each<['auto' | number, string]>([
    ['auto', '2026-11-27T10:00:10Z'],
    [60_000, '2026-11-27T10:01:00Z'],
    [86_400_000, '2026-11-28T10:00:00Z'],
  ])('interval %s: %s', (interval, at) => {
    expect(nextRoundAt(interval, NOW)).toEqual(new Date(at));
  });
});
