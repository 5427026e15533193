/**
 * "My games" (the header's list, the lobby's "Your games in progress"): read again (GET
 * /api/me/games) whenever a game of mine starts, moves or ends (every match event of my games
 * reaches my sockets, whichever game is shown; a game I only watch is not mine) and at each
 * (re)connection. No DOM: whoever shows them redraws on onChange.
 */
import type { MyGames } from '../../../src/common/protocol.js';
import { myGames } from './api.js';
import type { Session } from './session.js';

/** Events that come together (a move and the game's end) make one request. */
const SETTLE_MS = 200;

export class MyGamesCtrl {
  /** My games as last read; null: no identity, nothing to show. */
  mine: MyGames | null = null;
  /** My games: those of the lists read, and those started since. */
  private readonly ids = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The request on its way, and the one to follow it (shared by all who ask meanwhile). */
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private readonly changes: (() => void)[] = [];

  constructor(private readonly session: Session) {
    session.onOpen((w) => {
      w.onConnect(() => this.soon());
      w.on('match:start', (s) => {
        const me = this.session.identity?.id;
        if (s.white.id !== me && s.black.id !== me) return;
        this.ids.add(s.id);
        this.soon();
      });
      w.on('match:move', (e) => this.ifMine(e.matchId));
      w.on('match:end', (e) => this.ifMine(e.matchId));
    });
  }

  /** Called after each reading (or when there is no one to read them for). */
  onChange(fn: () => void): void {
    this.changes.push(fn);
  }

  private ifMine(matchId: string): void {
    if (this.ids.has(matchId)) this.soon();
  }

  /** A refresh shortly (however many events come meanwhile). */
  soon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, SETTLE_MS);
  }

  /**
   * My games now: one request at a time; asked while one is on its way, one more follows it
   * (none shown without an identity; the last list kept if the read fails).
   */
  refresh(): Promise<void> {
    if (this.next) return this.next;
    if (this.running) {
      this.next = this.running
        .catch(() => undefined)
        .then(() => {
          this.next = null;
          return this.refresh();
        });
      return this.next;
    }
    this.running = this.read().finally(() => (this.running = null));
    return this.running;
  }

  private async read(): Promise<void> {
    const identity = this.session.identity;
    if (!identity) return this.set(null);
    const mine = await myGames(identity.token).catch(() => null);
    if (!mine) return;
    for (const g of mine.games) this.ids.add(g.id);
    this.set(mine);
  }

  private set(mine: MyGames | null): void {
    this.mine = mine;
    for (const fn of this.changes) fn();
  }
}
