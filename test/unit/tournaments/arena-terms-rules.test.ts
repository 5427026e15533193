/**
 * A new arena's terms (src/tournaments/arena/arena-terms-rules.ts) and entry conditions
 * (src/tournaments/entry-conditions-rules.ts): what is taken, what is refused and why.
 */
import { DomainError } from '../../../src/common/errors.js';
import {
  arenaEndsAt,
  arenaTermsProblems,
  checkArenaTerms,
} from '../../../src/tournaments/arena/arena-terms-rules.js';
import {
  checkEntry,
  EntryConditions,
  entryRefusals,
  type EntrantRecord,
} from '../../../src/tournaments/entry-conditions-rules.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const BLITZ = { initial: 180_000, increment: 2000 };
const base = { clock: BLITZ, minutes: 60 };

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('checkArenaTerms', () => {
  test('defaults: brazilian, rated, berserk and streaks on, starts in 5 minutes', () => {
    expect(checkArenaTerms(base, NOW)).toEqual({
      allowBots: false,
      variant: 'brazilian',
      clock: BLITZ,
      minutes: 60,
      rated: true,
      berserkable: true,
      streaks: true,
      startsAt: new Date('2026-11-27T10:05:00Z'),
    });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['the least: a clock and a duration', {}, 'ok'],
    ['20 minutes', { minutes: 20 }, 'ok'],
    ['3 hours', { minutes: 180 }, 'ok'],
    ['19 minutes', { minutes: 19 }, 'minutes'],
    ['3 hours and a minute', { minutes: 181 }, 'minutes'],
    ['no duration', { minutes: undefined }, 'minutes'],
    ['a known variant', { variant: 'russian' }, 'ok'],
    ['an unknown variant', { variant: 'chess' }, 'variant'],
    ['casual', { rated: false }, 'ok'],
    ['no clock', { clock: undefined }, 'clock'],
    ['correspondence days (an unknown field)', { days: 3 }, ''],
    ['a bullet clock', { clock: { initial: 60_000, increment: 0 } }, 'ok'],
    [
      'a classical clock, 3 hours',
      { clock: { initial: 1_800_000, increment: 0 }, minutes: 180 },
      'ok',
    ],
    [
      'a clock too long for the arena',
      { clock: { initial: 1_800_000, increment: 0 }, minutes: 90 },
      'minutes',
    ],
    ['a password', { password: 'secret' }, 'ok'],
    ['an empty password', { password: '' }, 'password'],
    ['a name', { name: 'Friday blitz' }, 'ok'],
    ['a start now', { startsAt: '2026-11-27T10:00:00Z' }, 'ok'],
    ['a start 59 s ago (grace)', { startsAt: '2026-11-27T09:59:01Z' }, 'ok'],
    ['a start 2 minutes ago', { startsAt: '2026-11-27T09:58:00Z' }, 'startsAt'],
    ['a start as a Date', { startsAt: new Date('2026-11-28T10:00:00Z') }, 'ok'],
    ['a start 31 days ahead', { startsAt: '2026-12-28T10:00:00Z' }, 'startsAt'],
    ['not a date', { startsAt: 'tomorrow' }, 'startsAt'],
    ['conditions', { conditions: { minRatedGames: 10, minRating: 1200, maxRating: 1800 } }, 'ok'],
    [
      'min rating above max',
      { conditions: { minRating: 1800, maxRating: 1200 } },
      'conditions.maxRating',
    ],
    ['an unknown condition', { conditions: { titled: true } }, 'conditions'],
    ['an unknown field', { teams: ['a'] }, ''],
  ])('%s', (_name, over, field) => {
    const input = { ...base, ...over };
    const problems = arenaTermsProblems(input, NOW);
    if (field === 'ok') {
      expect(problems).toEqual([]);
      expect(codeOf(() => checkArenaTerms(input, NOW))).toBe('ok');
    } else {
      expect(problems.map((p) => p.path)).toContain(field);
      expect(codeOf(() => checkArenaTerms(input, NOW))).toBe('INVALID_PAYLOAD');
    }
  });

  test('the end: start plus the duration', () => {
    const terms = checkArenaTerms({ ...base, startsAt: '2026-11-27T11:00:00Z', minutes: 90 }, NOW);
    expect(arenaEndsAt(terms)).toEqual(new Date('2026-11-27T12:30:00Z'));
  });
});

describe('entry conditions', () => {
  const record = (over: Partial<EntrantRecord> = {}): EntrantRecord => ({
    ratedGames: 20,
    rating: 1500,
    provisional: false,
    ...over,
  });
  test.each<[string, EntryConditions | undefined, Partial<EntrantRecord>, string[]]>([
    ['none', undefined, {}, []],
    ['enough games', { minRatedGames: 20 }, {}, []],
    ['too few games', { minRatedGames: 21 }, {}, ['MIN_RATED_GAMES']],
    ['rating at the minimum', { minRating: 1500 }, {}, []],
    ['rating below the minimum', { minRating: 1501 }, {}, ['MIN_RATING']],
    [
      'a provisional rating meets no minimum',
      { minRating: 1000 },
      { provisional: true },
      ['MIN_RATING'],
    ],
    ['rating at the maximum', { maxRating: 1500 }, {}, []],
    ['rating above the maximum', { maxRating: 1499 }, {}, ['MAX_RATING']],
    [
      'all at once',
      { minRatedGames: 50, minRating: 1600, maxRating: 1700 },
      { ratedGames: 3, rating: 1800 },
      ['MIN_RATED_GAMES', 'MAX_RATING'],
    ],
  ])('%s', (_name, conditions, over, reasons) => {
    expect(entryRefusals(conditions, record(over)).map((r) => r.reason)).toEqual(reasons);
    expect(codeOf(() => checkEntry(conditions, record(over)))).toBe(
      reasons.length ? 'FORBIDDEN' : 'ok',
    );
  });

  test('the schema refuses a min above the max', () => {
    expect(EntryConditions.safeParse({ minRating: 1500, maxRating: 1500 }).success).toBe(false);
  });
});
