import {
  banMinutes,
  outcomesOf,
  playbanFor,
  type Ending,
  type PlayOutcome,
} from '../../src/fairplay/playban-rules.js';

describe('outcomesOf', () => {
  it.each<[string, Ending, Record<'white' | 'black', PlayOutcome>]>([
    [
      'white aborts',
      { result: { winner: null, reason: 'aborted' }, ply: 0, abortedBy: 'white' },
      { white: 'abort', black: 'good' },
    ],
    [
      'black aborts after white moved',
      { result: { winner: null, reason: 'aborted' }, ply: 1, abortedBy: 'black' },
      { white: 'good', black: 'abort' },
    ],
    [
      'white never moved (the clock called it off)',
      { result: { winner: null, reason: 'aborted' }, ply: 0, abortedBy: null },
      { white: 'noStart', black: 'good' },
    ],
    [
      'black never answered',
      { result: { winner: null, reason: 'aborted' }, ply: 1, abortedBy: null },
      { white: 'good', black: 'noStart' },
    ],
    [
      'black left, white claimed the win',
      { result: { winner: 'white', reason: 'abandoned' }, ply: 20, abortedBy: null },
      { white: 'good', black: 'leave' },
    ],
    [
      'a resignation is fair play',
      { result: { winner: 'black', reason: 'resign' }, ply: 20, abortedBy: null },
      { white: 'good', black: 'good' },
    ],
    [
      'so is a loss on time',
      { result: { winner: 'black', reason: 'timeout' }, ply: 30, abortedBy: null },
      { white: 'good', black: 'good' },
    ],
  ])('%s', (_name, ending, expected) => expect(outcomesOf(ending)).toEqual(expected));
});

describe('playbanFor', () => {
  const g = 'good' as const;
  it.each<[string, PlayOutcome[], number, ReturnType<typeof playbanFor>]>([
    ['a good game never bans', [g, 'abort', 'abort', 'abort'], 0, null],
    ['one abort does not', ['abort', g, g], 0, null],
    ['two bad of ten do not', ['abort', 'leave', g, g, g], 0, null],
    [
      'the third bad of ten bans 5 min',
      ['abort', 'leave', g, 'noStart'],
      0,
      { reason: 'abort', minutes: 5 },
    ],
    ['for its own reason', ['leave', 'abort', 'abort'], 0, { reason: 'leave', minutes: 5 }],
    [
      'only the last ten count',
      ['noStart', g, g, g, g, g, g, g, g, 'abort', 'abort', 'abort'],
      0,
      null,
    ],
    [
      'the second ban of the week: 15 min',
      ['abort', 'abort', 'abort'],
      1,
      { reason: 'abort', minutes: 15 },
    ],
    ['the fourth: an hour', ['noStart', 'abort', 'abort'], 3, { reason: 'noStart', minutes: 60 }],
    ['no history', [], 0, null],
  ])('%s', (_name, recent, before, expected) =>
    expect(playbanFor(recent, before)).toEqual(expected),
  );

  it('grows to a day and stays there', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(banMinutes)).toEqual([
      5, 15, 30, 60, 120, 240, 480, 960, 1440, 1440,
    ]);
  });
});
