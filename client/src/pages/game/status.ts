/** What the status line and the result banner say, in the page's language. */
import type { Color, GameResult, ResultReason } from '../../../../src/rules/index.js';
import type { MatchState } from '../../../../src/common/protocol.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { paceText } from '../../lib/terms.js';
import { LEVEL_RATINGS } from '../../../../src/engine/level-ratings.js';

/** What is played: "Brazilian · 5+3 · rated", "… · 3 days per move · casual", "… · vs computer level 2 (~650)". */
export function termsText(state: MatchState): string {
  const pace = paceText({ clock: state.timeControl, days: state.correspondence?.days ?? null });
  const kind = state.computer
    ? t('table.vsComputer', {
        level: state.computer.level,
        rating: LEVEL_RATINGS[state.computer.level - 1],
      })
    : t(state.rated ? 'terms.rated' : 'terms.casual');
  return [variantName(state.variant), pace, kind].join(' · ');
}

export function statusText(state: MatchState, me: Color | null): string {
  if (state.status === 'finished') return t('status.over');
  if (me === null)
    return state.turn === null ? t('status.over') : t(`status.watching.${state.turn}`);
  if (state.turn === me) return t('status.yourMove');
  return state.computer?.color === state.turn
    ? t('status.computerThinking')
    : t('status.opponentsMove');
}

/** The reasons a game is won, each a sentence per winner (result.<reason>.<colour>). */
const WON = {
  'no-pieces': 'noPieces',
  'no-moves': 'noMoves',
  crowned: 'crowned',
  'given-away': 'givenAway',
  resign: 'resign',
  timeout: 'timeout',
  abandoned: 'abandoned',
} as const satisfies Record<Exclude<ResultReason, 'draw-agreed' | 'draw-rule' | 'aborted'>, string>;

/** A draw rule's id (the rules engine's) in words: repetition, or the N-move rule. */
function ruleName(rule: string): string {
  if (rule === 'threefold-repetition') return t('result.ruleRepetition');
  if (rule === 'one-each') return t('result.ruleOneEach');
  const n = /^(\d+)-move$/.exec(rule)?.[1];
  return n ? t('result.ruleMoves', { n }) : rule;
}

export function resultText(r: GameResult, me: Color | null): string {
  if (r.reason === 'aborted') return t('result.aborted');
  if (r.reason === 'draw-agreed') return t('result.drawAgreed');
  if (r.reason === 'draw-rule')
    return r.rule ? t('result.drawRule', { rule: ruleName(r.rule) }) : t('result.drawRules');
  if (!r.winner) return t('result.draw');
  const won = (WON as Record<string, (typeof WON)[keyof typeof WON]>)[r.reason];
  // A reason newer than this client: said plainly.
  const text = won
    ? t(`result.${won}.${r.winner}`)
    : t(`result.other.${r.winner}`, { reason: r.reason });
  // Two sentences, each whole.
  return r.winner === me ? `${text} ${t('result.wellPlayed')}` : text;
}
