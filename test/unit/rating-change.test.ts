/** What a rated game did to a rating, as the game's end says it (client/src/lib/terms.ts). */
import { ratingChangeParts, signedDiff } from '../../client/src/lib/terms.js';

test.each([
  [1500, -242, { before: '1500', after: '1258', diff: '−242' }],
  [1500, 12, { before: '1500', after: '1512', diff: '+12' }],
  [1010, 0, { before: '1010', after: '1010', diff: '+0' }],
])('%i %i -> %j', (before, diff, parts) => {
  expect(ratingChangeParts(before, diff)).toEqual(parts);
});

test('a loss has a minus sign, never a hyphen (no rating of -242)', () => {
  expect(signedDiff(-242)).toBe('−242');
  expect(signedDiff(-242)).not.toContain('-');
});
