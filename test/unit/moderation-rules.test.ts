/** Moderation's pure rules (src/moderation/moderation-rules.ts): who moderates, on whom, what. */
import { DomainError } from '../../src/common/errors.js';
import { publicMarks, type PlayerMark, type PlayerRole } from '../../src/common/protocol.js';
import {
  checkModerator,
  checkReport,
  checkTarget,
  MarkBody,
  ReportBody,
} from '../../src/moderation/moderation-rules.js';

const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'THREW';
  }
};

test.each<[PlayerRole | null, string | null]>([
  ['mod', null],
  [null, 'FORBIDDEN'],
])('checkModerator(%s) -> %s', (role, code) => {
  expect(codeOf(() => checkModerator(role))).toBe(code);
});

test.each<[string, { id: string; role: PlayerRole | null }, string | null]>([
  ['a player', { id: 'p', role: null }, null],
  ['oneself', { id: 'm', role: 'mod' }, 'FORBIDDEN'],
  ['another moderator', { id: 'm2', role: 'mod' }, 'FORBIDDEN'],
])('checkTarget: %s -> %s', (_, target, code) => {
  expect(codeOf(() => checkTarget('m', target))).toBe(code);
});

test.each([
  ['a', 'b', null],
  ['a', 'a', 'INVALID_PAYLOAD'],
])('checkReport(%s, %s) -> %s', (a, b, code) => {
  expect(codeOf(() => checkReport(a, b))).toBe(code);
});

test.each<[PlayerMark[], string[]]>([
  [[], []],
  [['troll'], []],
  [
    ['engine', 'troll', 'boost'],
    ['engine', 'boost'],
  ],
])('publicMarks(%j) -> %j: a troll never learns of its mark', (marks, shown) => {
  expect(publicMarks(marks)).toEqual(shown);
});

test.each<[string, unknown, boolean]>([
  ['a report', { username: 'bob', reason: 'cheating', text: 'engine moves' }, true],
  ['with a game', { username: 'bob', reason: 'insults', matchId: crypto.randomUUID() }, true],
  ['an unknown reason', { username: 'bob', reason: 'rude', text: '' }, false],
  ['a bad game id', { username: 'bob', reason: 'other', matchId: 'x' }, false],
  ['too long', { username: 'bob', reason: 'other', text: 'x'.repeat(1001) }, false],
  ['a control character', { username: 'bob', reason: 'other', text: 'a\u0007' }, false],
  ['an unknown field', { username: 'bob', reason: 'other', extra: 1 }, false],
])('ReportBody: %s', (_, body, ok) => {
  expect(ReportBody.safeParse(body).success).toBe(ok);
});

test.each<[string, unknown, boolean]>([
  ['a mark and why', { mark: 'engine', why: 'analysis' }, true],
  ['no why', { mark: 'engine' }, false],
  ['a blank why', { mark: 'troll', why: '   ' }, false],
  ['an unknown mark', { mark: 'cheat', why: 'x' }, false],
])('MarkBody: %s', (_, body, ok) => {
  expect(MarkBody.safeParse(body).success).toBe(ok);
});
