/**
 * The opening explorer's answer (docs: the explorer contract of issue 35), declared here until
 * the server's protocol types are on main.
 * TODO(issue 35): import these from src/common/protocol.js once src/common/protocol/explorer.ts lands.
 */
import type { Speed } from '../../../src/common/protocol.js';
import type { VariantId } from '../../../src/rules/index.js';

/** Lower bounds of the rating bands (a game's band: its players' mean rating before it). */
export const RATING_BANDS = [
  0, 1000, 1200, 1400, 1500, 1600, 1700, 1800, 2000, 2200, 2500,
] as const;

export interface ExplorerMove {
  move: string;
  path: number[];
  white: number;
  draws: number;
  black: number;
  averageRating: number | null;
}

export interface ExplorerGame {
  id: string;
  white: { name: string; rating: number | null };
  black: { name: string; rating: number | null };
  winner: 'white' | 'black' | null;
  speed: Speed | null;
  date: string;
  event: string | null;
  move: string;
}

export interface ExplorerAnswer {
  variant: VariantId;
  fen: string;
  white: number;
  draws: number;
  black: number;
  moves: ExplorerMove[];
  topGames: ExplorerGame[];
  recentGames: ExplorerGame[];
  opening: { name: string; code: string | null } | null;
}
