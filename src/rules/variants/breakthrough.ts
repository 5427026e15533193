import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/** Breakthrough (lidraughts): the international rules of play; the first side to crown wins. */
export const breakthrough = defineVariant({
  ...INTERNATIONAL_RULES,
  id: 'breakthrough',
  name: 'Breakthrough',
  // lidraughts' GameType (not in PDN 3.0's list).
  gameType: '96',
  goal: 'crown',
});
