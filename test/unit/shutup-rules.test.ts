import {
  afterOffence,
  checkLine,
  fold,
  muteMinutes,
  mutedUntil,
  NO_STANDING,
  SHUTUP_LANGUAGES,
  SHUTUP_LISTS,
  type ChatStanding,
  type ChatVerdict,
} from '../../src/chat/shutup-rules.js';

describe('fold', () => {
  it.each([
    ['IDIOT', 'idiot'],
    ['débile', 'debile'],
    ['1d10t', 'idiot'],
    ['idiooooot', 'idiot'],
    ['connard', 'connard'], // a double letter stays
    ['ИДИОТ', 'идиот'],
    ['imbécil', 'imbecil'],
  ])('%s -> %s', (text, folded) => expect(fold(text)).toBe(folded));
});

describe('checkLine', () => {
  it.each<[string, ChatVerdict]>([
    // ordinary lines, including words that contain a listed one
    ['good game, well played', 'ok'],
    ['that was a nice conclusion', 'ok'],
    ['gg wp', 'ok'],
    ['il a joué un coup brillant', 'ok'],
    ['el peón negro avanza', 'ok'],
    ['nul punten', 'ok'],
    ['жидкий центр', 'ok'],
    ['hola, buena suerte', 'ok'],
    ['scunthorpe idiotproof', 'ok'],
    // insults, one per language at least: flagged
    ['you idiot', 'flag'],
    ['what a MORON', 'flag'],
    ['eres un idiota', 'flag'],
    ['gilipollas', 'flag'],
    ['quel connard', 'flag'],
    ['ta gueule', 'flag'],
    ['jij sukkel', 'flag'],
    ['klootzak!', 'flag'],
    ['seu otário', 'flag'],
    ['vai se foder', 'flag'],
    ['ты идиот', 'flag'],
    ['дебилы', 'flag'],
    ['1d10t', 'flag'],
    ['stuuuupid', 'flag'],
    // slurs and threats: hidden
    ['kys', 'hide'],
    ['just kill   yourself', 'hide'],
    ['maricón', 'hide'],
    ['sale pédé', 'hide'],
    ['kankerlijer', 'hide'],
    ['viado', 'hide'],
    ['пидорас', 'hide'],
    ['idiot and retard', 'hide'],
  ])('%s: %s', (text, verdict) => expect(checkLine(text).verdict).toBe(verdict));

  it('names the words it found', () => {
    expect(checkLine('idiot, stupid idiot').words.sort()).toEqual(['idiot', 'stupid']);
  });

  it('has both lists in each of the six languages', () => {
    for (const l of SHUTUP_LANGUAGES) {
      expect(SHUTUP_LISTS[l].insults.length).toBeGreaterThan(0);
      expect(SHUTUP_LISTS[l].slurs.length).toBeGreaterThan(0);
    }
  });
});

describe('offences and mutes', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  const at = (min: number) => new Date(t0.getTime() + min * 60_000);

  it.each<[string, ChatStanding, 'flag' | 'hide', number, Partial<ChatStanding>]>([
    ['a first insult: a point', NO_STANDING, 'flag', 0, { points: 1, mutes: 0, mutedUntil: null }],
    ['a first slur: two points', NO_STANDING, 'hide', 0, { points: 2, mutes: 0, mutedUntil: null }],
    [
      'the third point mutes for 5 minutes, points start again',
      { points: 2, lastOffenceAt: at(-10), mutes: 0, mutedUntil: null },
      'flag',
      0,
      { points: 0, mutes: 1, mutedUntil: at(5) },
    ],
    [
      'a second mute lasts 15 minutes',
      { points: 1, lastOffenceAt: at(-10), mutes: 1, mutedUntil: at(-20) },
      'hide',
      0,
      { points: 0, mutes: 2, mutedUntil: at(15) },
    ],
    [
      'the fifth and later last a day',
      { points: 2, lastOffenceAt: at(-1), mutes: 7, mutedUntil: null },
      'flag',
      0,
      { points: 0, mutes: 8, mutedUntil: at(24 * 60) },
    ],
    [
      'points older than a day are forgotten',
      { points: 2, lastOffenceAt: at(-24 * 60 - 1), mutes: 1, mutedUntil: null },
      'flag',
      0,
      { points: 1, mutes: 1, mutedUntil: null },
    ],
    [
      'mutes older than 30 days are forgotten',
      { points: 2, lastOffenceAt: at(-31 * 24 * 60), mutes: 3, mutedUntil: null },
      'hide',
      0,
      { points: 2, mutes: 0, mutedUntil: null },
    ],
  ])('%s', (_name, before, verdict, min, expected) => {
    expect(afterOffence(before, verdict, at(min))).toMatchObject(expected);
  });

  it('grows: 5, 15, 60, 180 minutes, then a day', () => {
    expect([0, 1, 2, 3, 4, 9].map(muteMinutes)).toEqual([5, 15, 60, 180, 1440, 1440]);
  });

  it('is muted until the time, not after', () => {
    const s = { ...NO_STANDING, mutedUntil: at(5) };
    expect(mutedUntil(s, at(4))).toEqual(at(5));
    expect(mutedUntil(s, at(5))).toBeNull();
    expect(mutedUntil(NO_STANDING, at(0))).toBeNull();
  });
});
