/**
 * Find and follow's rules (src/social/social-rules.ts): what a search term asks for, its LIKE
 * pattern, and whether a follow may be made. No database.
 */
import { MAX_FOLLOWS } from '../../src/common/protocol.js';
import { followRefusal, likePrefix, searchPrefix } from '../../src/social/social-rules.js';

describe('searchPrefix', () => {
  test.each([
    ['Ana', 'ana'],
    ['  bEa_ ', 'bea_'],
    ['ab', 'ab'],
    ['a', null], // shorter than AUTOCOMPLETE_MIN
    ['', null],
    ['   ', null],
    ['an a', null], // a space: no name has one
    ['ana%', null],
    ['ana.b', null],
    ['ñandú', null],
    ['x'.repeat(20), 'x'.repeat(20)],
    ['x'.repeat(21), null], // longer than any name
    ['Pa-2_x', 'pa-2_x'],
  ])('%j -> %j', (term, prefix) => {
    expect(searchPrefix(term)).toBe(prefix);
  });
});

describe('likePrefix', () => {
  test.each([
    ['ana', 'ana%'],
    ['a_b', 'a\\_b%'],
    ['a-b', 'a-b%'],
    ['%', '\\%%'],
    ['\\', '\\\\%'],
  ])('%j -> %j', (prefix, pattern) => {
    expect(likePrefix(prefix)).toBe(pattern);
  });
});

describe('followRefusal', () => {
  const ok = {
    followerIsAccount: true,
    followerId: 'a',
    followedId: 'b',
    already: false,
    count: 0,
  };
  test.each([
    ['an account follows another', ok, null],
    ['a guest', { ...ok, followerIsAccount: false }, 'ACCOUNT_REQUIRED'],
    ['oneself', { ...ok, followedId: 'a' }, 'REFUSED/SELF_FOLLOW'],
    ['one under the limit', { ...ok, count: MAX_FOLLOWS - 1 }, null],
    ['at the limit', { ...ok, count: MAX_FOLLOWS }, 'REFUSED/TOO_MANY_FOLLOWS'],
    ['again at the limit (no change)', { ...ok, count: MAX_FOLLOWS, already: true }, null],
    [
      'a guest at the limit: the account first',
      { ...ok, followerIsAccount: false, count: 999 },
      'ACCOUNT_REQUIRED',
    ],
  ])('%s', (_, input, expected) => {
    const r = followRefusal(input);
    expect(r && (r.subcode ? `${r.code}/${r.subcode}` : r.code)).toBe(expected);
  });
});
