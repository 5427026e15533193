/**
 * The ACF 3-move ballots of English draughts (checkers): the American Checker Federation's list
 * of the 174 three-ply openings (Black's move, White's reply, Black's move; duplicates and
 * immediate losses left out), ACF numbers 1-174. 18 of them are barred as lost, so the deck drawn
 * for tournament play holds 156 (bench/engine-match plays those; the explorer names all 174, as a
 * barred ballot can still come up in free play). Lines are every ply from the start, written as
 * moveToText writes them ("9-14 23-18 14x23").
 *
 * Sources:
 * - [CB] CheckerBoard (M. Fierz, E. Gilbert; https://github.com/eygilbert/CheckerBoard), the
 *   `three_move_table[174]` of its utility source ("The ACF list of 3-move ballots. The ACF
 *   opening number is one greater than the index into the table"): each ballot's moves, its
 *   status (cross-board, mail play, barred) and the names of 24 ballots. The version with names
 *   is file id 13136927136 of the public code index (its repository is not named there; the
 *   eygilbert/CheckerBoard utility.c at 0aa055bc66c8 holds the same deck as move indices, without
 *   names). Numbers and moves were transcribed from it and agree, ballot for ballot, with the
 *   156 this repository's engine match already played (the list that was bench/engine-match/
 *   ballots.ts, "as CheckerBoard ships it").
 * - [GD] R. Pask, "The Golden Dozen: The Twelve New Ballots" (2005; reproduced on Bob Newell's
 *   site, e.g. https://dokumen.pub/the-golden-dozen-the-twelve-new-ballots-1872796222-9781872796222.html),
 *   "DEFUNCT BALLOTS (18)": the same 18 as [CB]'s barred ones (BARRED below).
 * - [ACF] http://www.acfcheckers.com/crossold.html: Skullcracker ([CB] and [RF] spell it
 *   "Skull-Cracker"), Double Cross, Octopus, Nemesis, White Doctor, Edinburgh Single, and the
 *   mail-play Rattlesnake, Wilderness ([CB]: "Wilderness I") and Wilderness II.
 * - [RF] R. Fortman, "The First Twenty Moves", https://www.angelfire.com/blues/scare/Checkers/
 *   (10-15.html: "the Octopus, the Skull-Cracker, and the Tyne"; 10-14.html: the "Nemesis").
 * - [SC] https://startcheckers.com/11-15-openings/ (the Dyke: 11-15 22-17 15-19).
 *
 * Names: only those a source gives ([CB] unless marked). A ballot without one is shown under the
 * name of the opening its first one or two moves make (src/explorer/opening-names.ts). Left
 * unnamed on purpose: ACF 133 (11-16 21-17 7-11), which [CB] also calls "Octopus", the name
 * [CB], [ACF] and [RF] give ACF 86 (10-15 21-17 7-10); no second source names 133.
 */

/** ACF numbers of the 18 barred ballots ([CB] OP_BARRED, [GD] "defunct"). */
export const BARRED: ReadonlySet<number> = new Set([
  3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171,
]);

export interface AcfBallot {
  /** The ACF number, 1-174. */
  readonly acf: number;
  /** Three plies from the start, Black first: "9-13 21-17 5-9". */
  readonly line: string;
  /** The ballot's own name, where a source gives one. */
  readonly name: string | null;
  /** Barred as lost: not in the 156-ballot deck. */
  readonly barred: boolean;
}

// [acf, line, name?]. Names from [CB] unless a comment says otherwise.
const TABLE: readonly (readonly [number, string, string?])[] = [
  [1, '9-13 21-17 5-9'],
  [2, '9-13 21-17 6-9'],
  [3, '9-13 21-17 10-14'],
  [4, '9-13 22-17 13x22'],
  [5, '9-13 22-18 6-9', 'Dreaded Edinburgh'],
  [6, '9-13 22-18 10-14', 'Inferno'],
  [7, '9-13 22-18 10-15'],
  [8, '9-13 22-18 11-15', 'Edinburgh Single'],
  [9, '9-13 22-18 11-16', 'Wilderness'], // [ACF]
  [10, '9-13 22-18 12-16'],
  [11, '9-13 23-18 5-9'],
  [12, '9-13 23-18 6-9'],
  [13, '9-13 23-18 10-14'],
  [14, '9-13 23-18 10-15'],
  [15, '9-13 23-18 11-15'],
  [16, '9-13 23-18 11-16', 'Wilderness II'],
  [17, '9-13 23-18 12-16'],
  [18, '9-13 23-19 5-9'],
  [19, '9-13 23-19 6-9'],
  [20, '9-13 23-19 10-14'],
  [21, '9-13 23-19 10-15'],
  [22, '9-13 23-19 11-16'],
  [23, '9-13 24-19 5-9'],
  [24, '9-13 24-19 6-9'],
  [25, '9-13 24-19 10-14'],
  [26, '9-13 24-19 10-15'],
  [27, '9-13 24-19 11-15'],
  [28, '9-13 24-19 11-16'],
  [29, '9-13 24-20 5-9'],
  [30, '9-13 24-20 6-9'],
  [31, '9-13 24-20 10-14'],
  [32, '9-13 24-20 10-15'],
  [33, '9-13 24-20 11-15'],
  [34, '9-13 24-20 11-16', 'Twilight Zone'],
  [35, '9-13 24-20 12-16', 'Dundee Barred'],
  [36, '9-14 22-17 5-9'],
  [37, '9-14 22-17 6-9'],
  [38, '9-14 22-17 11-15'],
  [39, '9-14 22-17 11-16'],
  [40, '9-14 22-18 5-9'],
  [41, '9-14 22-18 10-15'],
  [42, '9-14 22-18 11-15'],
  [43, '9-14 22-18 11-16'],
  [44, '9-14 22-18 12-16'],
  [45, '9-14 22-18 14-17'],
  [46, '9-14 23-18 14x23', 'Double Cross'],
  [47, '9-14 23-19 5-9'],
  [48, '9-14 23-19 10-15', 'Rattlesnake'],
  [49, '9-14 23-19 11-16'],
  [50, '9-14 23-19 14-18'],
  [51, '9-14 24-19 5-9'],
  [52, '9-14 24-19 10-15'],
  [53, '9-14 24-19 11-15'],
  [54, '9-14 24-19 11-16'],
  [55, '9-14 24-20 5-9'],
  [56, '9-14 24-20 10-15'],
  [57, '9-14 24-20 11-15'],
  [58, '9-14 24-20 11-16'],
  [59, '10-14 22-17 7-10'],
  [60, '10-14 22-17 9-13', 'Black Hole'],
  [61, '10-14 22-17 11-15'],
  [62, '10-14 22-17 11-16', 'Gemini I'],
  [63, '10-14 22-17 14-18'],
  [64, '10-14 22-18 6-10'],
  [65, '10-14 22-18 7-10', "Fraser's Inferno"],
  [66, '10-14 22-18 11-15'],
  [67, '10-14 22-18 11-16'],
  [68, '10-14 22-18 12-16', 'White Doctor'],
  [69, '10-14 23-18 14x23'],
  [70, '10-14 23-19 6-10'],
  [71, '10-14 23-19 7-10', 'Diabolical Denny'],
  [72, '10-14 23-19 11-15'],
  [73, '10-14 23-19 11-16'],
  [74, '10-14 23-19 14-18'],
  [75, '10-14 24-19 6-10', 'Nemesis'], // [ACF] [RF]
  [76, '10-14 24-19 7-10'],
  [77, '10-14 24-19 11-15'],
  [78, '10-14 24-19 11-16'],
  [79, '10-14 24-19 14-18'],
  [80, '10-14 24-20 6-10'],
  [81, '10-14 24-20 7-10'],
  [82, '10-14 24-20 11-15'],
  [83, '10-14 24-20 11-16'],
  [84, '10-14 24-20 14-18'],
  [85, '10-15 21-17 6-10'],
  [86, '10-15 21-17 7-10', 'Octopus'],
  [87, '10-15 21-17 9-13', 'Tyne'],
  [88, '10-15 21-17 9-14'],
  [89, '10-15 21-17 11-16'],
  [90, '10-15 21-17 15-18'],
  [91, '10-15 22-17 6-10'],
  [92, '10-15 22-17 7-10'],
  [93, '10-15 22-17 9-13'],
  [94, '10-15 22-17 9-14', 'Nutcracker'],
  [95, '10-15 22-17 11-16'],
  [96, '10-15 22-17 15-19', 'Skullcracker'], // [ACF]
  [97, '10-15 22-18 15x22'],
  [98, '10-15 23-18 6-10'],
  [99, '10-15 23-18 7-10'],
  [100, '10-15 23-18 9-14'],
  [101, '10-15 23-18 11-16'],
  [102, '10-15 23-18 12-16'],
  [103, '10-15 23-19 6-10'],
  [104, '10-15 23-19 7-10'],
  [105, '10-15 23-19 11-16', 'Gemini II'],
  [106, '10-15 24-19 15x24'],
  [107, '10-15 24-20 6-10'],
  [108, '10-15 24-20 7-10'],
  [109, '10-15 24-20 11-16'],
  [110, '10-15 24-20 15-19'],
  [111, '11-15 21-17 8-11'],
  [112, '11-15 21-17 9-13'],
  [113, '11-15 21-17 9-14'],
  [114, '11-15 21-17 10-14'],
  [115, '11-15 21-17 15-19'],
  [116, '11-15 22-17 8-11'],
  [117, '11-15 22-17 9-13'],
  [118, '11-15 22-17 15-18'],
  [119, '11-15 22-17 15-19', 'Dyke'], // [SC]
  [120, '11-15 22-18 15x22'],
  [121, '11-15 23-18 8-11'],
  [122, '11-15 23-18 9-14'],
  [123, '11-15 23-18 10-14'],
  [124, '11-15 23-18 12-16'],
  [125, '11-15 23-18 15-19'],
  [126, '11-15 23-19 8-11'],
  [127, '11-15 23-19 9-13'],
  [128, '11-15 23-19 9-14'],
  [129, '11-15 24-19 15x24'],
  [130, '11-15 24-20 8-11'],
  [131, '11-15 24-20 12-16'],
  [132, '11-15 24-20 15-18'],
  [133, '11-16 21-17 7-11'],
  [134, '11-16 21-17 8-11'],
  [135, '11-16 21-17 9-13'],
  [136, '11-16 21-17 9-14'],
  [137, '11-16 21-17 10-14', 'Shark'],
  [138, '11-16 21-17 16-20'],
  [139, '11-16 22-17 7-11'],
  [140, '11-16 22-17 8-11'],
  [141, '11-16 22-17 9-13'],
  [142, '11-16 22-17 16-20'],
  [143, '11-16 22-18 7-11'],
  [144, '11-16 22-18 8-11'],
  [145, '11-16 22-18 10-15', 'Cheetah'],
  [146, '11-16 22-18 16-19'],
  [147, '11-16 22-18 16-20'],
  [148, '11-16 23-18 7-11'],
  [149, '11-16 23-18 8-11'],
  [150, '11-16 23-18 9-14'],
  [151, '11-16 23-18 10-14'],
  [152, '11-16 23-18 16-20'],
  [153, '11-16 23-19 16x23', 'Black Widow'],
  [154, '11-16 24-19 7-11'],
  [155, '11-16 24-19 8-11'],
  [156, '11-16 24-19 10-15'],
  [157, '11-16 24-19 16-20'],
  [158, '11-16 24-20 7-11'],
  [159, '11-16 24-20 16-19'],
  [160, '12-16 21-17 9-13'],
  [161, '12-16 21-17 9-14'],
  [162, '12-16 21-17 16-19'],
  [163, '12-16 21-17 16-20'],
  [164, '12-16 22-17 16-19'],
  [165, '12-16 22-17 16-20'],
  [166, '12-16 22-18 16-19'],
  [167, '12-16 22-18 16-20'],
  [168, '12-16 23-18 9-14'],
  [169, '12-16 23-18 16-19'],
  [170, '12-16 23-18 16-20'],
  [171, '12-16 23-19 16x23'],
  [172, '12-16 24-19 16-20'],
  [173, '12-16 24-20 8-12'],
  [174, '12-16 24-20 10-15', 'Skunk'],
];

export const ACF_BALLOTS: readonly AcfBallot[] = TABLE.map(([acf, line, name]) => ({
  acf,
  line,
  name: name ?? null,
  barred: BARRED.has(acf),
}));
