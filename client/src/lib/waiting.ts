/**
 * Who in this tab waits for a game of mine to start: the lobby's queue, an accept on its way,
 * a challenge made here. A game one of them waits for is shown even over another game (the game
 * page asks at each match:start); any other waits its turn in "My games".
 */
import type { MatchState } from '../../../src/common/protocol.js';

export interface Waiter {
  /** Whether `s` is a game waited for. */
  wants(s: MatchState): boolean;
  /** A game of mine started and is shown: waiting for one is over (the queue's). */
  started?(): void;
}

export class Waiting {
  private readonly waiters: Waiter[] = [];

  add(w: Waiter): void {
    this.waiters.push(w);
  }

  wants(s: MatchState): boolean {
    return this.waiters.some((w) => w.wants(s));
  }

  started(): void {
    for (const w of this.waiters) w.started?.();
  }
}
