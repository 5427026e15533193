/**
 * The moderators' page: the open reports, the player looked up (marks, games, chat, the log
 * about them), and every moderator's log. No DOM: the view draws this state.
 */
import type {
  ModActionView,
  ModPlayerView,
  PlayerMark,
  ReportView,
} from '../../../../src/common/protocol.js';
import { WireError } from '../../lib/errors.js';
import {
  closeAccount,
  closeReport,
  markPlayer,
  modLog,
  modPlayer,
  modReports,
} from '../../lib/moderation-api.js';

export class ModCtrl {
  reports: ReportView[] = [];
  player: ModPlayerView | null = null;
  log: ModActionView[] = [];
  /** Not a moderator (FORBIDDEN or not signed in): the page says so and shows nothing. */
  denied = false;

  constructor(private readonly changed: () => void) {}

  /** The queue and the log read again (after each action too). */
  async load(): Promise<void> {
    try {
      [this.reports, this.log] = await Promise.all([modReports('open'), modLog()]);
      this.denied = false;
    } catch (e) {
      if (!(e instanceof WireError) || (e.code !== 'FORBIDDEN' && e.code !== 'UNAUTHENTICATED'))
        throw e;
      this.denied = true;
    }
    this.changed();
  }

  async lookUp(username: string): Promise<void> {
    this.player = await modPlayer(username);
    this.changed();
  }

  async close(id: string, why: string): Promise<void> {
    await closeReport(id, why);
    await this.load();
    if (this.player) await this.lookUp(this.player.username);
  }

  /** Closes the player's account (with the reason typed). */
  async closeAccount(why: string): Promise<void> {
    if (!this.player) return;
    await closeAccount(this.player.username, why);
    await this.lookUp(this.player.username);
    await this.load();
  }

  async mark(mark: PlayerMark, on: boolean, why: string): Promise<void> {
    if (!this.player) return;
    await markPlayer(this.player.username, mark, on, why);
    await this.lookUp(this.player.username);
    await this.load();
  }
}
