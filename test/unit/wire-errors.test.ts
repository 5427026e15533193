/**
 * The client's wording of wire errors (client/src/lib/errors.ts): a subcode by its own words in the
 * page's language, the server's English message only on an English page, and whatever the wire
 * carries read safely (unknown codes INTERNAL, unknown subcodes ignored). And of the rules' errors
 * (client/src/rules-text.ts), by their reasons.
 */
import { explain, wireError, WireError } from '../../client/src/lib/errors.js';
import { loadLanguage, setCurrent } from '../../client/src/lib/i18n/core.js';
import { rulesReason } from '../../client/src/lib/rules-text.js';
import {
  parsePdnTrees,
  Position,
  type RulesError,
  type RulesResult,
} from '../../src/rules/index.js';

// The languages the tests switch to, fetched as a page would.
beforeAll(() => Promise.all((['ru', 'nl', 'fr'] as const).map(loadLanguage)));
afterEach(() => setCurrent('en'));

test('a refusal (v1.13: REFUSED) is worded by its subcode; v1.12 said ILLEGAL_MOVE: both read', () => {
  const refused = wireError({
    code: 'REFUSED',
    message: 'takebacks are switched off in this game',
    subcode: 'TAKEBACKS_OFF',
  });
  expect([refused.code, refused.subcode]).toEqual(['REFUSED', 'TAKEBACKS_OFF']);
  expect(explain(refused)).toBe('No takebacks in this game.');
  // A refusal this client has no words for: the code's.
  expect(explain(wireError({ code: 'REFUSED', message: 'no', subcode: 'SOMETHING_NEW' }))).toBe(
    'That cannot be done now.',
  );
});

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
  expect(explain(e)).toBe('Geen terugnemen in deze partij.');
});

test("without a subcode: the code's words, the server's detail only in English", () => {
  const e = wireError({ code: 'NOT_FOUND', message: 'no match 42' });
  expect(explain(e)).toBe('Not found. (no match 42)');
  setCurrent('fr');
  expect(explain(e)).toBe('Introuvable.');
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

test("a rules error is worded by its reason; without one, the rules' English only in English", () => {
  const crowned = unwrapErr(Position.fromFen('brazilian', 'W:W2:B9'));
  expect(rulesReason(crowned)).toBe('a white man on 2 would have been crowned');
  setCurrent('ru');
  expect(rulesReason(crowned)).toBe('белая шашка на поле 2 уже стала бы дамкой');
  const [game] = parsePdnTrees('1. 99-98 *', 'brazilian');
  expect(rulesReason(unwrapErr(game))).toBe('строка 1, ход 1. «99-98»: это не ход на этой доске');
  const bare = { code: 'INVALID_FEN', message: 'something English' } as const;
  expect(rulesReason(bare)).toBe('это против правил');
  setCurrent('en');
  expect(rulesReason(bare)).toBe('something English');
});

function unwrapErr(r: RulesResult<unknown>): RulesError {
  if (r.ok) throw new Error('expected an error');
  return r.error;
}
