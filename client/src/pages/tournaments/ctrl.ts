/**
 * The tournaments list (/tournaments): the events playing now, starting soon and finished, read
 * from GET /api/tournament. No DOM: the view draws this state.
 */
import type { TournamentList } from '../../../../src/common/protocol.js';
import { tournamentList } from '../../lib/tournaments-api.js';

export class TournamentsCtrl {
  /** null: being read. */
  list: TournamentList | null = null;

  constructor(private readonly changed: () => void) {}

  async refresh(): Promise<void> {
    this.list = await tournamentList();
    this.changed();
  }
}
