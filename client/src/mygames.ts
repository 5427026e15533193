/**
 * "My games": read again (GET /api/me/games) whenever a game of mine starts, moves or ends
 * (every match event reaches my sockets, whichever game is shown) and at each (re)connection.
 */
import type { MyGames } from '../../src/common/protocol.js';
import { myGames } from './api.js';
import type { Session } from './session.js';

/** Events that come together (a move and the game's end) make one request. */
const SETTLE_MS = 200;

export class MyGamesCtrl {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly session: Session,
    private readonly draw: (mine: MyGames | null) => void,
  ) {
    session.onOpen((w) => {
      w.onConnect(() => this.soon());
      w.on('match:start', () => this.soon());
      w.on('match:move', () => this.soon());
      w.on('match:end', () => this.soon());
    });
  }

  soon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), SETTLE_MS);
  }

  /** My games now (none shown without an identity; the last list kept if the read fails). */
  async refresh(): Promise<void> {
    const identity = this.session.identity;
    if (!identity) return this.draw(null);
    const mine = await myGames(identity.token).catch(() => null);
    if (mine) this.draw(mine);
  }
}
