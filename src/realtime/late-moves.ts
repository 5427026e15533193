/**
 * The last ply of each game this process has told its sockets, so that a move heard from another
 * process at or below it is known for a late copy and not told again. Commit order is not arrival
 * order across processes: a player whose process died reads the game from the database
 * (`match:join`), may move at once on the process it failed over to, and that move is told here
 * before the NOTIFY (or publish) of the dead process's last move arrives. Told after it, that
 * older move reached the room out of order (test:cluster saw it once in a CI run). Every client
 * ignores a move at or below its own ply, so what is kept from the sockets here was ignored by
 * them anyway. The process's listeners still hear it (ClusterBus): to RoomSync a move at or
 * below its mark is the sign of a takeback whose publish was lost.
 *
 * A move this process committed sets the ply (it is the game's line: after a takeback it may be
 * lower); a move heard from elsewhere only raises it; a takeback sets it to the game's ply after
 * it; a game's start or end forgets the game.
 */
import type { Announcement } from './announcement.js';

/** Past this many games in play at once, the oldest are forgotten (a late copy is then told). */
const MAX_GAMES = 100_000;

export class LateMoves {
  private readonly last = new Map<string, number>();

  /** Notes an announcement told to this process's sockets (`here`: committed by this process). */
  told(n: Announcement, here: boolean): void {
    switch (n.event) {
      case 'match:move': {
        const before = this.last.get(n.topic);
        const ply = here || before === undefined ? n.payload.ply : Math.max(before, n.payload.ply);
        this.set(n.topic, ply);
        break;
      }
      case 'match:takeback':
        if (n.payload.match) this.set(n.topic, n.payload.match.ply);
        break;
      case 'match:start':
      case 'match:end':
        this.last.delete(n.topic);
        break;
      default:
    }
  }

  /** Whether `n`, heard from another process, is a move at or below the last ply told here. */
  late(n: Announcement): boolean {
    if (n.event !== 'match:move') return false;
    const last = this.last.get(n.topic);
    return last !== undefined && n.payload.ply <= last;
  }

  private set(matchId: string, ply: number): void {
    // Re-inserted, so the map's order is the order of last use: the oldest goes first.
    this.last.delete(matchId);
    this.last.set(matchId, ply);
    if (this.last.size > MAX_GAMES) this.last.delete(this.last.keys().next().value as string);
  }
}
