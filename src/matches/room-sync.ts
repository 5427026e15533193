/**
 * With Redis (issue 36), a game's moves and end reach the other processes by a publish after the
 * commit, not by a NOTIFY inside it: a process that dies between its commit and its publish, or
 * a Redis that restarts, loses what was said. So each process keeps, per game room it has
 * sockets in, the last ply and end its sockets heard, and checks them against the database every
 * ROOM_SYNC_MS (one query for all its rooms). A room behind on two checks in a row (the first
 * may only be a publish on its way) hears the missing moves from the moves table, and the end if
 * the game is over; at once when Redis comes back. Its sockets drop a move they already have
 * (the client plays only the next ply), so a late original does no harm. A room whose game went
 * another way than it heard (a lost takeback: the ply went down, or the position at its ply is
 * not the one it heard) hears the game as it stands, as an accepted takeback says it.
 *
 * Besides socket rooms, whatever else follows a game here says so (`alsoFollow`: the Bot and
 * Board API's game streams): a caught-up event is told to every listener of this process.
 *
 * Without Redis, NOTIFY is delivered with the commit to every process that listens: only while a
 * process's listener is away (PostgreSQL restarted) is anything missed, so the rooms are checked
 * once it is back (onResync), with no periodic check. On the embedded database: nothing to do.
 */
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CONFIG, type Config } from '../config.js';
import { every, type Loop } from '../common/every.js';
import { matchRoom, type MatchState, type MoveEvent } from '../common/protocol.js';
import { opponent } from '../rules/index.js';
import { announcement, type Announcement } from '../realtime/announcement.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Rooms } from '../realtime/rooms.js';
import { MatchQueries, type Progress } from './match-queries.js';
import { MatchesService } from './matches.service.js';
import { moveEvent } from './match-view.js';

/** What a room's sockets heard last. */
interface Heard {
  ply: number;
  /** The position after that ply (null: not known, e.g. heard from a takeback without one). */
  fen: string | null;
  ended: boolean;
  /** The check that first found the room behind the database (null: not behind). */
  behindSince: number | null;
}

@Injectable()
export class RoomSync implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('RoomSync');
  private readonly heard = new Map<string, Heard>();
  private loop?: Loop;
  private checking: Promise<void> | null = null;
  /** Rooms caught up since the start (tests and benchmarks read it). */
  caughtUp = 0;
  /** Followers of games other than socket rooms (see alsoFollow). */
  private readonly others: ((matchId: string) => boolean)[] = [];

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly bus: ClusterBus,
    private readonly rooms: Rooms,
    private readonly queries: MatchQueries,
    private readonly matches: MatchesService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.bus.clustered) return;
    this.bus.subscribe((n) => this.note(n));
    this.bus.onResync(() => void this.check(true).catch((e) => this.warn(e)));
    if (!this.bus.byRedis) return;
    this.loop = every(
      this.config.roomSyncMs,
      () => this.check(false),
      (e) => this.warn(e),
    );
  }

  onModuleDestroy(): void {
    this.loop?.stop();
  }

  /**
   * Games followed here by something other than a socket room (a game stream): RoomSync checks
   * them too. Whoever follows reports what it read first with `joined`.
   */
  alsoFollow(follows: (matchId: string) => boolean): void {
    this.others.push(follows);
  }

  /** A socket (or stream) here joined the game as it stood (read then): what it heard so far. */
  joined(state: Pick<MatchState, 'id' | 'ply' | 'status' | 'fen'>): void {
    if (!this.bus.clustered) return;
    const h = this.heard.get(state.id);
    // A move said between the read and the join did not reach this socket: the lower of the two.
    if (!h || state.ply < h.ply) this.heard.set(state.id, fresh(state));
  }

  /** Whether this process has sockets in the game's room, or a stream of it (only those are followed). */
  private followed(matchId: string): boolean {
    return (
      (this.rooms.io?.of('/').adapter.rooms.has(matchRoom(matchId)) ?? false) ||
      this.others.some((f) => f(matchId))
    );
  }

  private note(n: Announcement): void {
    if (!n.event.startsWith('match:') || !this.followed(n.topic)) return;
    if (n.event === 'match:move') {
      this.advance(n.topic, n.payload as MoveEvent);
    } else if (n.event === 'match:end') {
      // Heard to its end: nothing more to follow (a caught-up end is said from the database).
      this.heard.delete(n.topic);
    } else if (n.event === 'match:start') {
      this.heard.set(n.topic, fresh(n.payload as MatchState));
    } else if (n.event === 'match:takeback') {
      // An accepted takeback brings the ply back: what the room heard is the state it was sent.
      const s = (n.payload as { match?: MatchState }).match;
      if (s) this.heard.set(n.topic, fresh(s));
    }
  }

  /**
   * The next ply moves the room on; a ply past it means one was missed (a lost publish): the
   * room is behind from now, and the next check catches it up from the ply before the gap.
   */
  private advance(matchId: string, m: MoveEvent): void {
    const h = this.heard.get(matchId);
    if (!h)
      return void this.heard.set(matchId, fresh({ ply: m.ply, fen: m.fen, status: 'active' }));
    if (m.ply === h.ply + 1) {
      h.ply = m.ply;
      h.fen = m.fen;
      h.behindSince = null;
    } else if (m.ply > h.ply + 1) h.behindSince ??= 0;
  }

  /** Compares every room here with the database; `now`: catch up without waiting a check. */
  check(now: boolean): Promise<void> {
    // One at a time (the timer's and a resync's): a room is caught up once.
    this.checking ??= this.checkRooms(now).finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkRooms(now: boolean): Promise<void> {
    // Only rooms with sockets here; a finished game heard to its end needs nothing more.
    for (const [id, h] of this.heard) if (!this.followed(id) || h.ended) this.heard.delete(id);
    const ids = [...this.heard.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      for (const row of await this.queries.progressOf(ids.slice(i, i + 1000))) {
        const h = this.heard.get(row.id);
        if (!h) continue;
        const behind =
          row.ply !== h.ply ||
          (h.fen !== null && row.fen !== h.fen) ||
          (row.status !== 'active' && !h.ended);
        if (!behind) {
          h.behindSince = null;
          continue;
        }
        if (!now && h.behindSince === null) {
          h.behindSince = Date.now();
          continue;
        }
        await this.catchUp(row.id, h, row);
      }
    }
  }

  /**
   * The moves the room missed, then the end if the game is over; or, if the game went another
   * way than the room heard (a takeback it missed), the game as it stands.
   */
  private async catchUp(matchId: string, h: Heard, row: Progress): Promise<void> {
    const from = h.ply;
    const players = [row.white_id, row.black_id];
    const all = await this.queries.moves(matchId, row.ply);
    // The room's last position must be the game's at that ply, else it heard another line.
    const at = all.find((m) => m.ply === from);
    const sameLine =
      from === 0 || (from <= row.ply && at !== undefined && (h.fen === null || at.fen === h.fen));
    if (!sameLine) return this.restate(matchId, h, players, from);
    h.ply = row.ply;
    h.fen = row.fen;
    h.ended = row.status !== 'active';
    h.behindSince = null;
    const moves = all.filter((m) => m.ply > from);
    const over = row.status !== 'active';
    const say: Announcement[] = moves.map((m, i) => {
      const last = i === moves.length - 1;
      const turn = last ? (over ? null : opponent(m.by)) : opponent(m.by);
      return announcement(matchId, 'match:move', moveEvent(m, turn, !(last && over)), players);
    });
    if (over) say.push(...endOf(await this.matches.state(matchId), players));
    this.caughtUp++;
    this.log.warn(
      `room of ${matchId} caught up from ply ${from} to ${row.ply}${over ? ', ended' : ''}`,
    );
    this.say(say);
  }

  /**
   * The room heard a line the game no longer has: it hears the game as it stands, as an accepted
   * takeback says it (the clients take that state as it is), then the end if it is over.
   */
  private async restate(matchId: string, h: Heard, players: string[], from: number) {
    const state = await this.matches.state(matchId);
    Object.assign(h, fresh(state));
    const say = [
      announcement(
        matchId,
        'match:takeback',
        // The one who accepted: the asker moves next.
        {
          matchId,
          action: 'accept',
          by: state.turn ? opponent(state.turn) : 'white',
          match: state,
        },
        players,
      ),
    ];
    say.push(...endOf(state, players));
    this.caughtUp++;
    this.log.warn(
      `room of ${matchId} heard another line: restated from ply ${from} at ${state.ply}`,
    );
    this.say(say);
  }

  private say(announcements: Announcement[]): void {
    for (const n of announcements) {
      this.rooms.emitLocal(n);
      this.bus.tell(n, false);
    }
  }

  private warn(e: unknown): void {
    this.log.warn(`room check failed: ${String(e)}`);
  }
}

/** A finished game's end, said from its state (none while it goes on). */
const endOf = (state: MatchState, players: string[]): Announcement[] =>
  state.result
    ? [
        announcement(
          state.id,
          'match:end',
          { matchId: state.id, result: state.result, match: state },
          players,
        ),
      ]
    : [];

const fresh = (s: { ply: number; fen?: string; status: string }): Heard => ({
  ply: s.ply,
  fen: s.fen ?? null,
  ended: s.status !== 'active',
  behindSince: null,
});
