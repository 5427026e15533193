import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/**
 * Breakthrough (lidraughts): the international rules of play; the first side to crown wins.
 * Sources: the FMJD Official Rules of International Draughts for moves, captures and draws
 * (INTERNATIONAL_RULES, art. 6.2-6.5); the goal as lidraughts' Breakthrough variant states it
 * (no federation rulebook exists for it).
 */
export const breakthrough = defineVariant({
  ...INTERNATIONAL_RULES,
  id: 'breakthrough',
  name: 'Breakthrough',
  // lidraughts' GameType (not in PDN 3.0's list).
  gameType: '96',
  goal: 'crown',
});
