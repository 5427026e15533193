import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/**
 * Canadian draughts: the international rules (men capture backwards, flying kings, majority
 * capture) on a 12x12 board with 30 men a side; the draw rules are international's.
 */
export const canadian = defineVariant({
  ...INTERNATIONAL_RULES,
  size: 12,
  a1Dark: true,
  id: 'canadian',
  name: 'Canadian (12x12)',
  startRows: 5,
  gameType: '27',
});
