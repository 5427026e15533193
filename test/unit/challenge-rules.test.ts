/**
 * Challenges as values (src/challenges/challenge-rules.ts): the terms accepted at the edge, who
 * may answer a challenge, when it is closed, and the colours it gives. No database, no sockets.
 */
import { DomainError } from '../../src/common/errors.js';
import {
  challengeView,
  checkAcceptor,
  checkCanceller,
  checkDecliner,
  checkOpen,
  colours,
  Terms,
} from '../../src/challenges/challenge-rules.js';
import type { Challenge } from '../../src/persistence/entities/index.js';

const T0 = new Date('2026-11-25T12:00:00Z');
const A = 'challenger';
const D = 'dest';
const X = 'someone-else';

function row(over: Partial<Challenge> = {}): Challenge {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    challengerId: A,
    destId: null,
    public: false,
    variant: 'brazilian',
    clockInitial: 300_000,
    clockIncrement: 3_000,
    days: null,
    color: 'random',
    rated: false,
    fen: null,
    challengerRating: null,
    challengerProvisional: null,
    status: 'open',
    declineReason: null,
    matchId: null,
    socketId: null,
    createdAt: T0,
    expiresAt: new Date(T0.getTime() + 20 * 60_000),
    ...over,
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('terms', () => {
  test.each<[string, unknown, boolean]>([
    ['nothing: a casual untimed brazilian game, colour random', {}, true],
    ['a clock', { clock: { initial: 60_000, increment: 0 } }, true],
    ['days from the list', { days: 14 }, true],
    ['days not in the list', { days: 4 }, false],
    ['a clock and days', { days: 1, clock: { initial: 60_000, increment: 0 } }, false],
    ['a start position, casual', { fen: 'W:W31:B1' }, true],
    ['a start position, rated', { fen: 'W:W31:B1', rated: true }, false],
    ['a start position already decided (no move)', { fen: 'B:W32:B28' }, false],
    ['a start position with a side gone', { fen: 'W:W31:B' }, false],
    ['a direct challenge listed in the lobby', { to: 'bob', public: true }, false],
    ['an unknown key', { colour: 'white' }, false],
    ['an unknown colour', { color: 'green' }, false],
  ])('%s', (_, body, ok) => {
    expect(Terms.safeParse(body).success).toBe(ok);
  });

  test('defaults', () => {
    expect(Terms.parse({})).toEqual({
      variant: 'brazilian',
      color: 'random',
      rated: false,
      public: false,
    });
  });
});

describe('who may answer', () => {
  test.each<[string, Partial<Challenge>, string, string, string, string]>([
    // what, challenge, player, accept, decline, cancel
    ['an open link, a stranger', {}, X, 'ok', 'ok', 'NOT_A_PLAYER'],
    ['an open link, its challenger', {}, A, 'NOT_A_PLAYER', 'NOT_A_PLAYER', 'ok'],
    ['a seek, a stranger', { public: true }, X, 'ok', 'REFUSED', 'NOT_A_PLAYER'],
    ['a direct one, the challenged', { destId: D }, D, 'ok', 'ok', 'NOT_A_PLAYER'],
    [
      'a direct one, someone else',
      { destId: D },
      X,
      'NOT_A_PLAYER',
      'NOT_A_PLAYER',
      'NOT_A_PLAYER',
    ],
  ])('%s', (_, over, player, accept, decline, cancel) => {
    const c = row(over);
    expect(codeOf(() => checkAcceptor(c, player))).toBe(accept);
    expect(codeOf(() => checkDecliner(c, player))).toBe(decline);
    expect(codeOf(() => checkCanceller(c, player))).toBe(cancel);
  });

  test.each<[string, Partial<Challenge>, number, string]>([
    ['open', {}, 0, 'ok'],
    ['open, a second before it expires', {}, 20 * 60_000 - 1000, 'ok'],
    ['open but its time is up', {}, 20 * 60_000, 'CHALLENGE_CLOSED'],
    ['accepted', { status: 'accepted' }, 0, 'CHALLENGE_CLOSED'],
    ['cancelled', { status: 'cancelled' }, 0, 'CHALLENGE_CLOSED'],
  ])('%s', (_, over, after, code) => {
    expect(codeOf(() => checkOpen(row(over), new Date(T0.getTime() + after)))).toBe(code);
  });
});

describe('colours', () => {
  test.each<['white' | 'black', string, string]>([
    ['white', A, X],
    ['black', X, A],
  ])('the challenger chose %s', (color, white, black) => {
    expect(colours(row({ color }), X)).toEqual({ whiteId: white, blackId: black });
  });

  test('random: a coin toss, both ways seen', () => {
    const whites = new Set<string>();
    for (let i = 0; i < 64; i++) whites.add(colours(row(), X).whiteId);
    expect(whites).toEqual(new Set([A, X]));
  });
});

test('the view: speed from the terms, the link, ratings only when known', () => {
  const names = new Map([[A, 'ana']]);
  const v = challengeView(row({ days: 3, clockInitial: null, clockIncrement: null }), names);
  expect(v).toMatchObject({
    url: '/challenge/00000000-0000-4000-8000-000000000001',
    speed: 'correspondence',
    clock: null,
    days: 3,
    challenger: { id: A, name: 'ana' },
  });
  expect(v.challenger).not.toHaveProperty('rating');
  const rated = challengeView(row({ challengerRating: 1620, challengerProvisional: false }), names);
  expect(rated.challenger).toEqual({ id: A, name: 'ana', rating: 1620, provisional: false });
  expect(rated.speed).toBe('blitz');
});
