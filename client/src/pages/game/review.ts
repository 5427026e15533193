/**
 * A finished game's engine analysis on the game page: read when a finished game is shown, asked
 * for with "Analyse this game", followed until done (the server runs it in its engine pool and
 * stores it once; asking again just reads it).
 */
import type { GameAnalysis } from '../../../../src/common/protocol.js';
import { gameAnalysis, requestAnalysis } from '../../lib/api.js';

const POLL_MS = 500;

export class Review {
  /** The game whose analysis is held (or being read). */
  matchId: string | null = null;
  analysis: GameAnalysis | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly changed: () => void) {}

  /** The game shown is `matchId`, finished: its stored analysis, if any, is read once. */
  show(matchId: string): void {
    if (this.matchId === matchId) return;
    this.reset(matchId);
    void gameAnalysis(matchId)
      .then((a) => this.got(matchId, a))
      .catch(() => undefined);
  }

  /** "Analyse this game". */
  async request(matchId: string): Promise<void> {
    if (this.matchId !== matchId) this.reset(matchId);
    this.got(matchId, await requestAnalysis(matchId));
  }

  /** No finished game is shown: nothing to follow. */
  hide(): void {
    if (this.matchId !== null) this.reset(null);
  }

  private reset(matchId: string | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.matchId = matchId;
    this.analysis = null;
  }

  private got(matchId: string, a: GameAnalysis | null): void {
    if (this.matchId !== matchId) return; // another game is shown now
    this.analysis = a;
    this.changed();
    if (a?.status === 'running' && !this.timer)
      this.timer = setTimeout(() => {
        this.timer = null;
        // A failed read stops following (the page's next showing of the game reads it again).
        void gameAnalysis(matchId)
          .then((next) => this.got(matchId, next))
          .catch(() => undefined);
      }, POLL_MS);
  }
}
