/** The rules pages in English. */
import type { RulesText, VariantRules } from './types.js';

// Sentences several variants share, each whole.
const MEN_FWD = 'Men move one square diagonally forward.';
const MEN_BACK = `${MEN_FWD} They capture forwards and backwards by jumping an adjacent piece to the empty square just beyond.`;
const MEN_FWD_ONLY = `${MEN_FWD} They capture forwards only, by jumping an adjacent piece to the empty square just beyond.`;
const FLYING =
  'Kings fly: they move any number of empty squares along a diagonal, and capture a piece from a distance, landing on any empty square beyond it.';
const SHORT_KING = 'Kings move and capture one square diagonally, forwards and backwards.';
const COMPULSORY =
  'Capturing is compulsory, and a capture goes on as long as the piece can take more.';
const MAJORITY = `${COMPULSORY} You must take the most pieces possible (kings and men count alike).`;
const FREE = `${COMPULSORY} When there are several captures you may choose any of them: taking more is not required.`;
const REMOVED = 'Captured pieces are removed only when the move is over: none may be jumped twice.';
const PROMO_END =
  'A man that ends its move on the far row becomes a king. One that only passes the far row during a capture stays a man.';
const WIN =
  'You win when your opponent has no pieces left or cannot move (and on resignation or time).';
const THREEFOLD =
  'A game is drawn when the same position comes up for the third time with the same player to move.';
const AGREE = 'Players may also agree to a draw.';
const NOT_CONFIRMED =
  'Move-count draw rules of this variant could not be confirmed from an official text, so none is applied here.';
const INTL_BOARD =
  '10×10 board, 20 men each on the dark squares of the four nearest rows. White moves first.';
const START = 'The start.';

const international: VariantRules = {
  name: 'International',
  line: 'The world’s main variant: 10×10, flying kings, majority capture.',
  board: INTL_BOARD,
  men: MEN_BACK,
  kings: FLYING,
  capture: `${MAJORITY} ${REMOVED}`,
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Also drawn: 25 moves each of kings only without a capture; 3 kings, 2 kings and a man, or a king and 2 men against a lone king after 16 moves each; 2 kings, a king and a man, or a king against a king after 5 moves each.`,
  sources: 'FMJD Official Rules of International Draughts, articles 6.2–6.5.',
  captions: [
    START,
    'A man captures backwards too, and must take the most: d4×f2×h4 (two men), not d4×b6 (one).',
  ],
};

const frisian: VariantRules = {
  name: 'Frisian',
  line: 'Captures along rows and columns too, the most valuable capture compulsory.',
  board: INTL_BOARD,
  men: `${MEN_FWD} Men capture forwards and backwards, diagonally and also straight along a row or column: there the piece taken stands two squares away and the man lands two squares beyond it.`,
  kings:
    'Kings fly: they move any distance diagonally and capture from a distance in all eight directions. While its side still has men, a king may make at most three non-capturing moves in a row; then another piece must move.',
  capture:
    'Capturing is compulsory, and you must take the highest value: a king is worth more than one man but less than two (1.99 men here). At equal value a king must capture if it can. Captured pieces are removed after the move.',
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Two kings against one king are drawn after 7 moves each, one king against one king after 2 moves each.`,
  sources:
    'The rules of the Frisian draughts federation (Fryske Dambûn), as lidraughts implements them.',
  captions: [START, 'Straight along a column: the man on e5 takes e7 and lands on e9.'],
};

export const text: RulesText = {
  title: 'Rules of the variants',
  pageTitle: 'Damas: rules of the variants',
  intro:
    'Draughts is played in many ways. Each variant below has a page: its board, how the pieces move and capture, how a game is won or drawn.',
  columns: { variant: 'Variant', board: 'Board', summary: 'In one line' },
  allVariants: 'All variants',
  variantTitle: (name) => `Rules: ${name}`,
  variantPageTitle: (name) => `Damas: rules of ${name}`,
  boardOf: (size, pieces) => `${size}×${size}, ${pieces} against ${pieces}`,
  sections: {
    board: 'Board and start',
    men: 'Men',
    kings: 'Kings',
    capture: 'Which capture',
    promotion: 'Promotion',
    win: 'Winning',
    draws: 'Draws',
    sources: 'Sources',
  },
  notYet: 'This variant is not played on this server yet: its diagrams will come with it.',
  unknown: 'There is no variant of that name here. These are the variants described:',
  legend: 'An arrow shows a move; a ring marks a piece it takes (or, where said, one it may not).',
  variants: {
    brazilian: {
      name: 'Brazilian',
      line: 'The international rules on an 8×8 board.',
      board:
        '8×8 board, 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: MEN_BACK,
      kings: FLYING,
      capture: `${MAJORITY} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} Also drawn: 20 moves each of kings only without a capture; 2 kings, a king and a man, or a king against a lone king after 5 moves each.`,
      sources:
        'CBD (Brazilian Draughts Confederation), official rules for 64 squares, rule 16; the 5-move ending as FMJD’s.',
      captions: [
        START,
        'Majority: e3×g5×e7 takes two men and must be played; e3×c5 would take one.',
      ],
    },
    international,
    russian: {
      name: 'Russian',
      line: 'Flying kings, free capture choice, crowned in the middle of a capture.',
      board:
        '8×8 board, 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion:
        'A man reaching the far row becomes a king at once, even in the middle of a capture, and goes on capturing as a king.',
      win: WIN,
      draws: `${THREEFOLD} Also drawn: 15 moves each of kings only without a capture; 3 kings or more against a lone king after 15 moves; with kings on both sides and the balance unchanged, after 30 moves in 4- and 5-piece endings and 60 moves in 6- and 7-piece endings.`,
      sources: 'FMJD Official rules of Russian draughts, article 7.2.',
      captions: [START, 'Crowned on d8 during the capture, the piece goes on as a king: f6×d8×a5.'],
    },
    english: {
      name: 'English draughts (checkers)',
      line: 'Short kings, men capture forwards only, Black moves first.',
      board:
        '8×8 board, 12 men each on the dark squares of the three nearest rows. Black moves first.',
      men: MEN_FWD_ONLY,
      kings: SHORT_KING,
      capture: `${FREE} ${REMOVED}`,
      promotion: 'A man reaching the far row becomes a king, and its move ends there.',
      win: WIN,
      draws: `${THREEFOLD} Also drawn: 40 moves each in which no man moved and nothing was captured (applied by the server itself).`,
      sources: 'WCDF Rules of the Game of Checkers: the 40-move rule and repetition.',
      captions: [START, 'Black moves first here: a double jump b6×d4×f2.'],
    },
    pool: {
      name: 'Pool checkers',
      line: 'American pool: flying kings, men capture backwards, free choice.',
      board:
        '8×8 board, 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'APCA (American Pool Checker Association) rules; repetition only.',
      captions: [START, 'A man captures forwards, then backwards: e5×c7×a5.'],
    },
    italian: {
      name: 'Italian',
      line: 'Men may not take kings; a detailed capture order; short kings.',
      board:
        '8×8 board turned so that the bottom-left corner is light; 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: `${MEN_FWD_ONLY} A man may never capture a king.`,
      kings: SHORT_KING,
      capture: `${COMPULSORY} You must take the most pieces; if equal, capture with a king rather than a man; then take the most kings; then take kings as early in the capture as possible. ${REMOVED}`,
      promotion: 'A man reaching the far row becomes a king, and its move ends there.',
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'FID (Italian Draughts Federation) regulations; repetition only.',
      captions: [START, 'The man on d3 may not take the king on e4 (ringed): it takes c4.'],
    },
    spanish: {
      name: 'Spanish',
      line: 'Flying kings, men capture forwards only, most pieces then most kings.',
      board:
        '8×8 board turned so that the bottom-left corner is light; 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} You must take the most pieces; if equal, the most kings. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'FEDA (Spanish Draughts Federation) rules; repetition only.',
      captions: [START, 'A king captures from afar: b1×f5 (or g6, h7).'],
    },
    czech: {
      name: 'Czech',
      line: 'Flying kings, men capture forwards only, a king must capture first.',
      board:
        '8×8 board, 12 men each on the dark squares of the three nearest rows. White moves first.',
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} If a king can capture, a king must; otherwise you may choose any capture. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'ČSDS (Czech Draughts Federation) rules; repetition only.',
      captions: [START, 'The king must capture (h2×d6), not the man on c3.'],
    },
    frisian,
    frysk: {
      ...frisian,
      name: 'Frysk!',
      line: 'Frisian rules with only 5 men each, on their back rows.',
      board: '10×10 board, 5 men each on the dark squares of their back row. White moves first.',
      sources: 'Frisian draughts rules from a short start, as lidraughts plays “Frysk!”.',
      captions: [START, 'Straight along a row: the man on a5 takes c5 and lands on e5.'],
    },
    antidraughts: {
      ...international,
      name: 'Antidraughts',
      line: 'Giveaway: lose all your pieces, or be unable to move, to win.',
      win: 'You win when you have no pieces left or cannot move: the opposite of the usual goal.',
      sources: 'International rules with the goal reversed, as lidraughts plays Antidraughts.',
      captions: [
        START,
        'White must capture (e5×c7); Black must take back, and White, with no piece left, wins.',
      ],
    },
    breakthrough: {
      ...international,
      name: 'Breakthrough',
      line: 'International rules: the first to crown a king wins.',
      win: 'The first player to crown a king wins at once; also when the opponent has no pieces left or cannot move.',
      sources: 'International rules with a new goal, as lidraughts plays Breakthrough.',
      captions: [START, 'c9–d10 crowns a king and wins.'],
    },
    canadian: {
      ...international,
      name: 'Canadian',
      line: 'The international rules on a 12×12 board.',
      board:
        '12×12 board, 30 men each on the dark squares of the five nearest rows. White moves first.',
      sources: 'Canadian draughts as played in Québec: the international rules on 144 squares.',
      captions: [START, 'A man captures backwards: f6×h4.'],
    },
    thai: {
      name: 'Thai (mak-hos)',
      line: 'Eight men each; a king lands right behind the piece it takes.',
      board:
        '8×8 board, 8 men each on the dark squares of the two nearest rows. White moves first.',
      men: `${MEN_FWD} They capture forwards only, by jumping an adjacent piece to the empty square just beyond.`,
      kings:
        'Kings fly: they move any number of empty squares along a diagonal. A king captures from a distance but must land on the square directly behind the piece it takes.',
      capture:
        'Capturing is compulsory, and a capture goes on as long as the piece can take more; when there are several you may choose any. Captured pieces are removed as they are jumped, so a king may come back along a line.',
      promotion: 'A man reaching the far row becomes a king.',
      win: WIN,
      draws: `${THREEFOLD} ${AGREE}`,
      sources:
        'Thai mak-hos as the dctl draughts engine plays it (the king stops behind the piece it takes, pieces removed as they are taken). Endgame counting rules could not be checked in a text: repetition only.',
      captions: [START, 'The king takes d4 and must land just behind it, on e5.'],
    },
    turkish: {
      name: 'Turkish (dama)',
      line: 'All 64 squares; pieces move straight, never diagonally.',
      board:
        '8×8 board, every square used; 16 men each on the second and third rows from their side. White moves first.',
      men: 'Men move one square forwards or sideways, never diagonally or backwards. They capture forwards or sideways by jumping an adjacent piece to the empty square just beyond.',
      kings:
        'Kings move like a rook: any number of empty squares along a row or column. They capture from a distance and land on any empty square beyond.',
      capture:
        'Capturing is compulsory and you must take the most pieces (kings and men count alike). Captured pieces are removed at once, and a capture may not turn back the way it came.',
      promotion:
        'A man reaching the far row becomes a king. If it gets there during a capture, it finishes the capture as a man and is crowned when the move ends there.',
      win: WIN,
      draws: `${THREEFOLD} A game is also drawn when each side has one piece left.`,
      sources:
        'The Turkish draughts federation’s rules (the 2021 international championship’s rules for crowning during a capture), and public summaries (the kish engine, Wikipedia) for the rest.',
      captions: [
        START,
        'Most pieces: d3×d5×f5 takes two and must be played; d3×b3 would take one.',
      ],
    },
  },
};
