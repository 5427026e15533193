/**
 * The computer's levels as the lobby offers them: each with its measured rating ("3 · ~750"),
 * the weakest and the strongest named (src/engine/level-ratings.ts; docs/ENGINE.md says how the
 * ratings were measured).
 */
import { LEVEL_RATINGS } from '../../../../src/engine/level-ratings.js';
import { t } from '../../lib/i18n/index.js';

/** The options' texts in the current language. */
export function drawLevels(select: HTMLSelectElement): void {
  select.title = t('computerLevel.hint');
  for (const o of select.options) {
    const level = Number(o.value);
    const rating = LEVEL_RATINGS[level - 1];
    const key =
      level === 1
        ? 'computerLevel.beginner'
        : level === LEVEL_RATINGS.length
          ? 'computerLevel.strongest'
          : 'computerLevel.option';
    o.text = t(key, { level, rating });
  }
}
