/**
 * PURE: the variants the rules pages describe, in the order listed, each with its board, its start
 * and its diagrams (a FEN, the move drawn as an arrow, squares marked). Words are in text/<lang>.ts
 * (loaded with the page); this holds what every language shares. A variant the rules library
 * does not know yet (isVariantId) is described, its diagrams left out.
 */
import { VARIANT_IDS } from '../../../../src/rules/types.js';

// The rules library's own list: a variant it plays gets a page (the catalog below must hold it).
export const RULES_VARIANTS = VARIANT_IDS;
export type RulesVariantId = (typeof RULES_VARIANTS)[number];

export const isRulesVariant = (s: unknown): s is RulesVariantId =>
  typeof s === 'string' && (RULES_VARIANTS as readonly string[]).includes(s);

export interface Diagram {
  /** PDN FEN (square numbers as the variant's rules number them). */
  readonly fen: string;
  /** A legal move of the position, drawn as an arrow through its squares. */
  readonly move?: readonly number[];
  /** Squares marked apart (a piece that may not be taken). */
  readonly marks?: readonly number[];
}

export interface RulesEntry {
  /** Board side: 8, 10 or 12. */
  readonly size: number;
  /** The start, drawn first. */
  readonly start: string;
  /** What the text's captions describe, after the start (caption i+1). */
  readonly diagrams: readonly Diagram[];
}

const START_8 = 'W:W21-32:B1-12';
const START_10 = 'W:W31-50:B1-20';

export const RULES: Readonly<Record<RulesVariantId, RulesEntry>> = {
  // Majority: e3xg5xe7 (two men) and not e3xc5 (one).
  brazilian: {
    size: 8,
    start: START_8,
    diagrams: [{ fen: 'W:W23,32:B1,11,18,19', move: [23, 16, 7] }],
  },
  // A man captures backwards, and must: two men that way, one forwards.
  international: {
    size: 10,
    start: START_10,
    diagrams: [{ fen: 'W:W32:B27,38,39', move: [32, 43, 34] }],
  },
  // Crowned on d8 in the middle of a capture, it goes on as a king.
  russian: { size: 8, start: START_8, diagrams: [{ fen: 'W:W11:B7,9', move: [11, 2, 13] }] },
  // Black moves first; a man's double jump, forwards only.
  english: {
    size: 8,
    start: 'B:W21-32:B1-12',
    diagrams: [{ fen: 'B:W14,23,32:B4,9', move: [9, 18, 27] }],
  },
  // A man captures forwards, then backwards.
  pool: { size: 8, start: START_8, diagrams: [{ fen: 'W:W15:B9,10', move: [15, 6, 13] }] },
  // A man may not take the king beside it (marked).
  italian: {
    size: 8,
    start: START_8,
    diagrams: [{ fen: 'W:W22,25:B8,18,K19', move: [22, 13], marks: [19] }],
  },
  // A king captures from afar and lands on any empty square beyond.
  spanish: { size: 8, start: START_8, diagrams: [{ fen: 'W:WK29:B1,19', move: [29, 15] }] },
  // The king must capture, not the man.
  czech: { size: 8, start: START_8, diagrams: [{ fen: 'W:W22,K28:B18,19', move: [28, 10] }] },
  // A man captures straight up its column: e5 over e7 to e9.
  frisian: { size: 10, start: START_10, diagrams: [{ fen: 'W:W28:B3,18', move: [28, 8] }] },
  // Along a row: a5 over c5 to e5.
  frysk: { size: 10, start: 'W:W46-50:B1-5', diagrams: [{ fen: 'W:W26:B3,27', move: [26, 28] }] },
  // White must capture, Black must take back, and White, with no piece left, wins.
  antidraughts: {
    size: 10,
    start: START_10,
    diagrams: [{ fen: 'W:W28:B8,12,22', move: [28, 17] }],
  },
  // The first king wins: c9-d10.
  breakthrough: { size: 10, start: START_10, diagrams: [{ fen: 'W:W7:B40', move: [7, 2] }] },
  // 12x12; a man captures backwards.
  canadian: { size: 12, start: 'W:W43-72:B1-30', diagrams: [{ fen: 'W:W39:B46', move: [39, 52] }] },
  // The king lands on the square just behind the man it takes (e5, not f6 or beyond).
  thai: { size: 8, start: 'W:W25-32:B1-8', diagrams: [{ fen: 'W:WK29:B4,18', move: [29, 15] }] },
  // Straight lines, most pieces: d3xd5xf5 (two), not d3xb3 (one).
  turkish: {
    size: 8,
    start: 'W:W41-56:B9-24',
    diagrams: [{ fen: 'W:W44:B29,36,43', move: [44, 28, 30] }],
  },
};

/** The variant a rules page's address names: /rules/<id> (null: the list, /rules). */
export function rulesVariantOf(pathname: string): RulesVariantId | 'unknown' | null {
  const m = /^\/rules(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!m?.[1]) return null;
  return isRulesVariant(m[1]) ? m[1] : 'unknown';
}

export const rulesPath = (id: RulesVariantId | null): string => (id ? `/rules/${id}` : '/rules');

/** The pieces each side has in a FEN's position (White's count: both start alike). */
export function perSide(fen: string): number {
  const white = fen.split(':').find((part, i) => i > 0 && part.startsWith('W')) ?? 'W';
  return white
    .slice(1)
    .split(',')
    .filter(Boolean)
    .reduce((n, item) => {
      const [a, b] = item.replace(/K/g, '').split('-').map(Number);
      return n + (b === undefined ? 1 : b - a + 1);
    }, 0);
}
