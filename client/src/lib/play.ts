/**
 * What the lobby's pages (the lobby, a game, a challenge's link, the API tokens) share in a tab,
 * where a socket stays open: the site, the challenges as this tab knows them, who waits for a
 * game to start, and the ways from one page to another (main.ts routes them: no page imports
 * another).
 */
import type { Challenges } from './challenges.js';
import type { Site } from './site.js';
import type { Waiting } from './waiting.js';

export type PlayPage = 'lobby' | 'game' | 'challenge' | 'tokens';

export interface Nav {
  /** Shows a page of this tab (a page shows itself: a game shown, a challenge read). */
  show(page: PlayPage): void;
  /** A game, joined then shown (watched, returned to, picked in My games). */
  game(matchId: string): Promise<void>;
  /** An accepted challenge's game: shown by its match:start, else joined. */
  enterGame(matchId: string): Promise<void>;
  /** The lobby (a game left): its address, its lists read again. */
  lobby(): void;
}

export interface Play {
  site: Site;
  challenges: Challenges;
  waiting: Waiting;
  nav: Nav;
}
