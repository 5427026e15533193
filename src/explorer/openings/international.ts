/**
 * Named openings of international draughts (10x10, White on 31-50 moves first), each line every
 * ply from the start ("32-28 18-23"). A name belongs to the position its line ends in; the first
 * of two lines reaching one position keeps the name (src/explorer/opening-names.ts).
 *
 * Sources:
 * - [GO] T. Goedemoed, "A Course in Draughts", section 2 "The opening of the game", index of
 *   openings (https://docslib.org/doc/4947577/section-2-the-opening-of-the-game): "1.32-28
 *   opening: 1) 1... 19-23 Symmetrical variation ... 2) 1... 18-23 Chefneux opening, 2.1) The Fox
 *   (2.33-29 23x32 3.37x28 20-25)".
 * - [CO] A. Couttet, "Étude des ouvertures du jeu de dames", répertoire des débuts
 *   (https://doczz.fr/doc/796443/etude-des-ouvertures-du-jeu-de-dames): "Partie Classique
 *   33-28 18-23".
 *
 * Left out, for want of a source giving their moves (the index entries name variations without
 * their moves, and lidraughts' opening tables hold FMJD/IDF ballot positions for the 64-square
 * games, not named 10x10 openings): Roozenburg, Ghestem, Keller, Bonnard, Raphaël, Springer,
 * Tegenklassiek, Hollandse/Lage Hollandse, Molimard, the Drost, Wiersma, Groninger and Chizhov
 * lines. Searched again for issue 35 (2026-11): the "Roozenburg" is a kind of position (the
 * attacker on 24 and 27 against the other side's centre, http://gantwarg.net/Roozenburg/), not
 * a move order, so no line can name it; [CO]'s répertoire names its variations by one move
 * ("Variante De Haas par 31-27", "Attaque Molinard par 23-29" under 33-28 18-23) without the
 * line that leads there; Keller, Ghestem, Bonnard and the Dutch names turned up only in game
 * notes, never with the moves that define them.
 */
import type { OpeningEntry } from './english.js';

export const INTERNATIONAL_OPENINGS: readonly OpeningEntry[] = [
  { code: null, name: 'Classical game (Partie classique)', line: '33-28 18-23' }, // [CO]
  { code: null, name: 'Chefneux opening', line: '32-28 18-23' }, // [GO]
  { code: null, name: '32-28 opening: symmetrical variation', line: '32-28 19-23' }, // [GO]
  { code: null, name: 'Chefneux opening: the Fox', line: '32-28 18-23 33-29 23x32 37x28 20-25' }, // [GO]
];
