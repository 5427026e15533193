/**
 * What the lobby's pages (the lobby, a game, a challenge's link, the API tokens, an arena) share in a tab,
 * where a socket stays open: the site, the challenges as this tab knows them (and their notices),
 * who waits for a game to start, the connection line, and the ways from one page to another
 * (main.ts routes them: no page imports another).
 */
import { Challenges } from './challenges.js';
import { redrawConnection, showConnection } from './connection.js';
import { IncomingNotices } from './incoming.js';
import type { Site } from './site.js';
import { Waiting } from './waiting.js';

export type PlayPage = 'lobby' | 'game' | 'challenge' | 'tokens' | 'tournament';

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
  /** The shell's parts in the language now (the notices, the connection line). */
  redraw(): void;
}

export function startPlay(site: Site, nav: Nav): Play {
  const { session } = site;
  const challenges = new Challenges(session, (id) => nav.enterGame(id));
  const waiting = new Waiting();
  waiting.add(challenges);
  const notices = new IncomingNotices(challenges, session);
  challenges.onChange(() => notices.redraw());
  session.onOpen((w) => {
    w.onConnect(() => showConnection('back'));
    w.onDisconnect(() => showConnection('lost'));
    // A socket refused for good is closed by the session: nothing is reconnecting any more.
    w.onConnectError((code) => {
      if (code === 'UNAUTHENTICATED') showConnection('closed');
    });
  });
  // Without a socket (no identity yet) the seeks and a challenge's page are read again often.
  setInterval(() => void challenges.poll().catch(() => undefined), 2000);
  return {
    site,
    challenges,
    waiting,
    nav,
    redraw() {
      notices.redraw();
      redrawConnection();
    },
  };
}
