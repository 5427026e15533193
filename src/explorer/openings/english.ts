/**
 * Named openings of English draughts (checkers), in standard numbering: Black on 1-12 moves
 * first, the line is every ply from the start ("11-15 23-19 8-11"). A name belongs to the
 * position its line ends in; a line longer than three plies names a landing of the classical
 * (go-as-you-please) theory. Order matters: when two lines reach one position, the first keeps
 * the name (src/explorer/opening-names.ts). The 174 ACF 3-move ballots, with their numbers and
 * the names sources give them, are in ./acf-ballots.ts; this table holds the other names (first
 * moves, two-move openings, classical landings), none of them a ballot's position.
 *
 * Sources (each name below is checked against at least the source cited on its line):
 * - [EB] Encyclopaedia Britannica, 11th ed. (1911), "Draughts", vol. 8 pp. 548-550:
 *   https://en.wikisource.org/wiki/Page:EB1911_-_Volume_08.djvu/572 (Ayrshire Lassie,
 *   Kelso-Cross, Dundee), the openings survey (Second Double Corner, Switcher; Project Gutenberg
 *   text of vol. 8 slice 7, e.g. https://bitlit.ru/page/en/various/encyclopaedia-britannica-11th-edition-drama-to-dublin-volume-8-slice-7/65),
 *   Problem No. 2 "formed from the Paisley opening" (encyclopedia.jrank.org copy,
 *   WAT_WIL/WHITE.html). Also R. Jordan's games there: "Ayrshire Lassie", "Kelso-Cross", "Dundee".
 * - [SC] https://startcheckers.com/11-15-openings/ ("11-15, ... forms the ...": Alma, Ayrshire
 *   Lassie, Black Doctor, Boston, Centre, Cross, Slip Cross, Defiance, Douglas, Dyke, Fife,
 *   Glasgow, Glasgow-Whilter, Laird and Lady (Refused), Maid of the Mill, Nailor, Old Fourteenth).
 * - [CH] http://www.usacheckers.com/chamblee.php?page=10 (ACF, Chamblee's index: the Black Dyke).
 * - [OR] README of ORAC, a GPL-3.0 checkers program for the C64/PET (public code index, file
 *   id 90039699; the index does not name its repository): "11-16 - The
 *   BRISTOL", "9-14 - The DOUBLE-CORNER", "10-15 - The KELSO", "10-14 - The DENNY", "12-16 - The
 *   DUNDEE", "9-13 - The EDINBURGH", "11-15,22-18 (Single corner opening)", "11-15,24-19,15-24,28-19
 *   (Second Double Corner opening)"), agreeing with https://irishdraughts.org/openings.html and
 *   R. Fortman's "The First Twenty Moves" (https://www.angelfire.com/blues/scare/Checkers/) for
 *   the first-move names.
 * - [ID] https://irishdraughts.org/openings.html: "11-15. ... Sometimes this move is referred to
 *   as 'Old Faithful'" (a nickname of the first move, not of a ballot; so also the 1946 McKay
 *   book whose contents read "11-15, 'Old Faithful,' (Glasgow formation, etc.)", seen in an
 *   archive.org text without its title page).
 * - [RF] R. Fortman, "The First Twenty Moves", part 6, the 11-16 openings
 *   (https://www.angelfire.com/blues/scare/Checkers/11-16.htm): 11-16 21-17 "was titled the
 *   'Leeds' in many periodicals" under the 2-move restriction.
 *
 * Left out, for want of a source giving their moves: Souter, Whilter (alone), Will o' the Wisp,
 * Bristol Cross, Millbury, Pioneer, Tillicoultry, the "Double Corner" of two moves. Code is null
 * throughout this table: the ballots carry theirs.
 */
export interface OpeningEntry {
  code: string | null;
  name: string;
  line: string;
}

export const ENGLISH_OPENINGS: readonly OpeningEntry[] = [
  // Black's first moves [OR]; 11-15's nickname [ID].
  { code: null, name: 'Old Faithful', line: '11-15' },
  { code: null, name: 'Edinburgh', line: '9-13' },
  { code: null, name: 'Double Corner', line: '9-14' },
  { code: null, name: 'Denny', line: '10-14' },
  { code: null, name: 'Kelso', line: '10-15' },
  { code: null, name: 'Bristol', line: '11-16' },
  { code: null, name: 'Dundee', line: '12-16' },
  // Two-move openings.
  { code: null, name: 'Single Corner', line: '11-15 22-18' }, // [OR]
  { code: null, name: 'Cross', line: '11-15 23-18' }, // [SC] [OR]
  { code: null, name: 'Switcher', line: '11-15 21-17' }, // [EB]
  { code: null, name: 'Ayrshire Lassie', line: '11-15 24-20' }, // [EB] [SC]
  { code: null, name: 'Second Double Corner', line: '11-15 24-19' }, // [EB] [OR]
  { code: null, name: 'Kelso-Cross', line: '10-15 23-18' }, // [EB]
  { code: null, name: 'Paisley', line: '11-16 24-19' }, // [EB]
  { code: null, name: 'Leeds', line: '11-16 21-17' }, // [RF]
  // Classical landings from 11-15 [SC] (and [CH] for the Black Dyke; the Dyke itself, 11-15
  // 22-17 15-19, is ACF ballot 119: acf-ballots.ts).
  { code: null, name: 'Black Dyke', line: '11-15 22-17 15-19 24x15 10x19 23x16 12x19' },
  { code: null, name: 'Defiance', line: '11-15 23-19 9-14 27-23' },
  { code: null, name: 'Nailor', line: '11-15 23-19 8-11 26-23' },
  { code: null, name: 'Boston', line: '11-15 22-17 9-13 17-14' },
  { code: null, name: 'Old Fourteenth', line: '11-15 23-19 8-11 22-17 4-8' },
  { code: null, name: 'Glasgow', line: '11-15 23-19 8-11 22-17 11-16' },
  { code: null, name: 'Laird and Lady', line: '11-15 23-19 8-11 22-17 9-13' },
  { code: null, name: 'Laird and Lady Refused', line: '11-15 23-19 8-11 22-17 9-13 25-22' },
  { code: null, name: 'Alma', line: '11-15 23-19 8-11 22-17 3-8' },
  { code: null, name: 'Centre', line: '11-15 23-19 8-11 22-17 15-18' },
  { code: null, name: 'Fife', line: '11-15 23-19 9-14 22-17 5-9' },
  // [SC] spells it "Glasgow-Whitler"; Whilter is the spelling of the books (Spayth 1895, [EB]).
  // The same position follows 11-15 23-19 9-14 22-17 7-11 (a transposition; the test shows it).
  { code: null, name: 'Glasgow-Whilter', line: '11-15 23-19 7-11 22-17 9-14' },
  { code: null, name: 'Slip Cross', line: '11-15 23-18 8-11 27-23 11-16' },
  { code: null, name: 'Maid of the Mill', line: '11-15 22-17 8-11 17-13 15-18' },
  { code: null, name: 'Douglas', line: '11-15 22-17 8-11 17-13 4-8 25-22' },
  {
    code: null,
    name: 'Black Doctor',
    line: '11-15 23-19 8-11 22-17 9-13 17-14 10x17 19x10 7x14',
  },
];
