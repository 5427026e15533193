/** The new arena form's fields as POST /api/tournament's terms (pages/newtournament/form-rules). */
import {
  arenaTerms,
  presetClock,
  type ArenaFields,
} from '../../client/src/pages/newtournament/form-rules.js';

const fields: ArenaFields = {
  name: '  Friday blitz ',
  variant: 'russian',
  clock: '3+2',
  minutes: '45',
  startIn: '5',
  rated: true,
  berserkable: false,
  password: '',
  minRatedGames: '',
  minRating: '',
  maxRating: '',
};
const now = Date.parse('2026-01-01T10:00:00Z');

test.each([
  ['1+0', 60_000, 0],
  ['3+2', 180_000, 2000],
  ['10+0', 600_000, 0],
])('the preset %s is %i ms + %i ms', (preset, initial, increment) => {
  expect(presetClock(preset)).toEqual({ initial, increment });
});

test('the fields as terms: the start from now, the name trimmed, no empty options', () => {
  expect(arenaTerms(fields, now)).toEqual({
    name: 'Friday blitz',
    variant: 'russian',
    clock: { initial: 180_000, increment: 2000 },
    minutes: 45,
    startsAt: '2026-01-01T10:05:00.000Z',
    rated: true,
    berserkable: false,
  });
});

test('a password and the conditions given are sent; an empty name is not', () => {
  const terms = arenaTerms(
    { ...fields, name: ' ', password: 'pw', minRatedGames: '10', maxRating: '1800' },
    now,
  );
  expect(terms.name).toBeUndefined();
  expect(terms.password).toBe('pw');
  expect(terms.conditions).toEqual({ minRatedGames: 10, maxRating: 1800 });
});
