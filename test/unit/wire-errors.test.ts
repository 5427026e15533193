/**
 * The client's wording of wire errors (client/src/errors.ts): a subcode by its own words in the
 * page's language, the server's English message only on an English page, and whatever the wire
 * carries read safely (unknown codes INTERNAL, unknown subcodes ignored).
 */
import { explain, wireError, WireError } from '../../client/src/errors.js';
import { setCurrent } from '../../client/src/i18n/core.js';

afterEach(() => setCurrent('en'));

test('a subcode is worded in the page language, never with the English message', () => {
  const e = wireError({
    code: 'ILLEGAL_MOVE',
    message: 'takebacks are switched off in this game',
    subcode: 'TAKEBACKS_OFF',
  });
  expect([e.code, e.subcode]).toEqual(['ILLEGAL_MOVE', 'TAKEBACKS_OFF']);
  expect(explain(e)).toBe('No takebacks in this game.');
  setCurrent('ru');
  expect(explain(e)).toBe('В этой партии ходы не возвращаются.');
  setCurrent('nl');
  expect(explain(e)).not.toMatch(/switched off/);
});

test("without a subcode: the code's words, the server's detail only in English", () => {
  const e = wireError({ code: 'NOT_FOUND', message: 'no match 42' });
  expect(explain(e)).toBe('Not found. (no match 42)');
  setCurrent('fr');
  expect(explain(e)).not.toMatch(/no match/);
  expect(explain(e).length).toBeGreaterThan(0);
  // A code without detail is its words alone, whatever the message.
  setCurrent('en');
  expect(explain(wireError({ code: 'NOT_YOUR_TURN', message: 'black is to move' }))).toBe(
    "It is your opponent's turn.",
  );
});

test('what the wire carries is read safely', () => {
  const odd = wireError({ code: 'NO_SUCH_CODE', message: 7, subcode: 'NOPE' });
  expect(odd).toBeInstanceOf(WireError);
  expect([odd.code, odd.message, odd.subcode]).toEqual(['INTERNAL', 'error', undefined]);
  expect(wireError(undefined, 'INVALID_PAYLOAD').code).toBe('INVALID_PAYLOAD');
  expect(wireError('garbage').code).toBe('INTERNAL');
  expect(explain(new Error('network'))).toBe('The server could not be reached. Retrying…');
});
