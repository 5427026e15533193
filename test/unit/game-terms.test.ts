/**
 * The game page's line of what is played (client/src/pages/game/status.ts), and the side at the
 * bottom once the board is flipped (draw.ts): the same words for players and spectators.
 */
import { loadLanguage, setCurrent } from '../../client/src/lib/i18n/core.js';
import { bottomColor } from '../../client/src/pages/game/draw.js';
import { resultText, termsText } from '../../client/src/pages/game/status.js';
import type { MatchState } from '../../src/common/protocol.js';
import type { GameResult } from '../../src/rules/index.js';

afterEach(() => setCurrent('en'));

const state = (s: Partial<MatchState>): MatchState =>
  ({
    variant: 'brazilian',
    rated: false,
    timeControl: null,
    correspondence: null,
    computer: null,
    ...s,
  }) as MatchState;

test.each([
  [{ rated: true, timeControl: { initial: 300_000, increment: 3000 } }, 'Brazilian · 5+3 · rated'],
  [{ timeControl: { initial: 600_000, increment: 0 } }, 'Brazilian · 10+0 · casual'],
  [
    { variant: 'international', correspondence: { days: 3, deadline: null } },
    'International (10x10) · 3 days per move · casual',
  ],
  [{ computer: { color: 'black', level: 2 } }, 'Brazilian · No clock · vs computer level 2 (~650)'],
] as [Partial<MatchState>, string][])('%j: %s', (s, text) => {
  expect(termsText(state(s))).toBe(text);
});

test('in the page language', async () => {
  await loadLanguage('pt-BR');
  setCurrent('pt-BR');
  expect(
    termsText(state({ rated: true, timeControl: { initial: 300_000, increment: 3000 } })),
  ).toBe('Brasileira · 5+3 · ranqueada');
});

test.each([
  [null, false, 'white'],
  [null, true, 'black'],
  ['white', false, 'white'],
  ['white', true, 'black'],
  ['black', false, 'black'],
  ['black', true, 'white'],
] as const)('me %s, flipped %s: %s at the bottom', (me, flipped, bottom) => {
  expect(bottomColor(me, flipped)).toBe(bottom);
});

// issue 31: the new variants' ends, and turkish's draw with one piece each, in words.
test.each([
  [{ winner: 'white', reason: 'crowned' }, 'White wins: White crowned a king first.'],
  [
    { winner: 'black', reason: 'given-away' },
    'Black wins: Black has no piece or no move left (antidraughts).',
  ],
  [{ winner: null, reason: 'draw-rule', rule: 'one-each' }, 'Draw by the rules (one piece each).'],
  [{ winner: null, reason: 'draw-rule', rule: '7-move' }, 'Draw by the rules (the 7-move rule).'],
] as [GameResult, string][])('%j: %s', (r, text) => {
  expect(resultText(r, null)).toBe(text);
});
