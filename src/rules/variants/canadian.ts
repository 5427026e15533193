import { defineVariant } from './define.js';
import { INTERNATIONAL_RULES } from './international.js';

/**
 * Canadian draughts: the international rules (men capture backwards, flying kings, majority
 * capture) on a 12x12 board with 30 men a side; the draw rules are international's.
 * Sources: the FMJD Official Rules of International Draughts (moves, captures and draws, as
 * INTERNATIONAL_RULES cites them, art. 6.2-6.5), which canadian keeps but for the board and the
 * men (no FMJD rulebook of canadian's own was found). Played mainly in Quebec: the
 * Association québécoise des joueurs de dames (AQJD), affiliated to the Fédération québécoise des
 * jeux récréatifs, publishes the older texts (Traité canadien du jeu de dames à la polonaise,
 * 1906; Manuel du jeu de dames canadien, 1922). PDN GameType 27.
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
