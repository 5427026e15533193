/**
 * The arena schedule (src/tournaments/arena/arena-schedule-rules.ts): the arenas planned for the
 * coming hours, their keys (unique, the same from every process), times and durations.
 */
import {
  ARENA_SCHEDULE,
  arenaKey,
  plannedArenas,
  scheduleProblems,
  type ScheduledArenaSpec,
} from '../../../src/tournaments/arena/arena-schedule-rules.js';

import { VARIANT_IDS } from '../../../src/rules/index.js';

const at = (iso: string) => new Date(iso);

const blitz: ScheduledArenaSpec = {
  kind: 'hourly',
  variant: 'international',
  clock: { initial: 180_000, increment: 2000 },
  everyHours: 1,
  offsetHours: 0,
  minute: 0,
  minutes: 57,
  rated: true,
};

describe('plannedArenas', () => {
  test('an hourly arena: one an hour, its key, times and name', () => {
    const planned = plannedArenas(at('2026-11-27T09:30:00Z'), 3, [blitz]);
    expect(planned.map((a) => a.key)).toEqual([
      'hourly:international:blitz:2026-11-27T10:00Z',
      'hourly:international:blitz:2026-11-27T11:00Z',
      'hourly:international:blitz:2026-11-27T12:00Z',
    ]);
    expect(planned[0]).toEqual({
      key: 'hourly:international:blitz:2026-11-27T10:00Z',
      name: 'Hourly International Blitz Arena',
      variant: 'international',
      speed: 'blitz',
      clock: { initial: 180_000, increment: 2000 },
      rated: true,
      startsAt: at('2026-11-27T10:00:00Z'),
      endsAt: at('2026-11-27T10:57:00Z'),
      minutes: 57,
    });
  });

  test.each<[string, string, number, string[]]>([
    ['an arena starting at `from` is planned', '2026-11-27T10:00:00Z', 1, ['10:00']],
    ['one starting a millisecond before is not', '2026-11-27T10:00:00.001Z', 1, ['11:00']],
    ['the end is excluded', '2026-11-27T09:00:00.001Z', 1, ['10:00']],
  ])('%s', (_name, from, hours, starts) => {
    expect(plannedArenas(at(from), hours, [blitz]).map((a) => a.key.slice(-6, -1))).toEqual(starts);
  });

  test.each<[number, number, string[]]>([
    [2, 0, ['00', '02', '04']],
    [2, 1, ['01', '03', '05']],
    [3, 2, ['02', '05']],
  ])('every %i hours from %i h UTC', (everyHours, offsetHours, hours) => {
    const planned = plannedArenas(at('2026-11-27T00:00:00Z'), 6, [
      { ...blitz, everyHours, offsetHours },
    ]);
    expect(planned.map((a) => a.startsAt.toISOString().slice(11, 13))).toEqual(hours);
  });

  test('the same hours planned from two processes give the same keys', () => {
    const a = plannedArenas(at('2026-11-27T09:12:00Z'));
    const b = plannedArenas(at('2026-11-27T09:12:00Z'));
    expect(a.map((x) => x.key)).toEqual(b.map((x) => x.key));
    // A later plan overlaps the earlier one on the same keys.
    const later = new Set(plannedArenas(at('2026-11-27T15:00:00Z')).map((x) => x.key));
    const overlap = a.filter((x) => x.startsAt >= at('2026-11-27T15:00:00Z'));
    expect(overlap.length).toBeGreaterThan(0);
    for (const x of overlap) expect(later.has(x.key)).toBe(true);
  });

  test('the default schedule: a day of unique keys, in order, 20 min to 3 h each', () => {
    const day = plannedArenas(at('2026-11-27T00:00:00Z'));
    expect(new Set(day.map((a) => a.key)).size).toBe(day.length);
    expect(day.length).toBeGreaterThan(24);
    for (let i = 1; i < day.length; i++)
      expect(day[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(day[i - 1]!.startsAt.getTime());
    for (const a of day) {
      expect(a.minutes).toBeGreaterThanOrEqual(20);
      expect(a.minutes).toBeLessThanOrEqual(180);
      expect(['bullet', 'blitz', 'rapid', 'classical']).toContain(a.speed);
    }
    const hourlyIntl = day.filter((a) => a.variant === 'international' && a.speed === 'blitz');
    expect(hourlyIntl).toHaveLength(24);
    // Every variant has its arenas in a day: issue 31's seven three times each.
    expect(new Set(day.map((a) => a.variant))).toEqual(new Set(VARIANT_IDS));
    expect(day.filter((a) => a.variant === 'turkish')).toHaveLength(3);
  });

  test('the default schedule: the same variant and speed never overlap', () => {
    const day = plannedArenas(at('2026-11-27T00:00:00Z'), 48);
    const byLine = new Map<string, Date>();
    for (const a of day) {
      const line = `${a.variant}:${a.speed}`;
      const lastEnd = byLine.get(line);
      if (lastEnd) expect(a.startsAt.getTime()).toBeGreaterThanOrEqual(lastEnd.getTime());
      byLine.set(line, a.endsAt);
    }
  });
});

describe('arenaKey', () => {
  test('minute precision, UTC', () => {
    expect(arenaKey('hourly', 'russian', 'bullet', at('2026-11-27T10:15:42.123Z'))).toBe(
      'hourly:russian:bullet:2026-11-27T10:15Z',
    );
  });
});

describe('scheduleProblems', () => {
  test('the default schedule has none', () => {
    expect(scheduleProblems(ARENA_SCHEDULE)).toEqual([]);
  });

  test.each<[string, Partial<ScheduledArenaSpec>, string]>([
    ['too short', { minutes: 19 }, 'minutes'],
    ['too long', { minutes: 181 }, 'minutes'],
    ['every 5 hours', { everyHours: 5 }, 'divide 24'],
    ['an offset past the period', { everyHours: 2, offsetHours: 2 }, 'offsetHours'],
    ['minute 60', { minute: 60 }, 'minute'],
  ])('%s', (_name, over, word) => {
    const problems = scheduleProblems([{ ...blitz, ...over }]);
    expect(problems.join('; ')).toContain(word);
  });

  test('two entries with the same key', () => {
    const problems = scheduleProblems([
      blitz,
      { ...blitz, clock: { initial: 240_000, increment: 0 } },
    ]);
    expect(problems.join('; ')).toContain('same key');
    expect(scheduleProblems([blitz, { ...blitz, minute: 30, minutes: 27 }])).toEqual([]);
  });
});
