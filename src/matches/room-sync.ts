/**
 * With Redis (issue 36), a game's moves and end reach the other processes by a publish after the
 * commit, not by a NOTIFY inside it: a process that dies between its commit and its publish, or
 * a Redis that restarts, loses what was said. So each process keeps, per game room it has
 * sockets in, the last ply and end its sockets heard, and checks them against the database every
 * ROOM_SYNC_MS (one query for all its rooms). A room behind on two checks in a row (the first
 * may only be a publish on its way) hears the missing moves from the moves table, and the end if
 * the game is over; at once when Redis comes back. Its sockets drop a move they already have
 * (the client plays only the next ply), so a late original does no harm.
 *
 * A lost takeback is another line, not a gap: so the room also keeps a mark, the furthest
 * position any of its sockets was told, and each check reads the game's position at that ply
 * from `moves`. A room whose mark is not on the game's line (the ply went down, or another move
 * was played there) is restated: it hears the game as it stands, as a `match:takeback` with
 * `restated: true` (clients load the game again). A move heard at or below the mark is a late
 * copy or another line: the room does not move on until a check has said which.
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
import {
  matchRoom,
  type MatchState,
  type MoveEvent,
  type TakebackEvent,
} from '../common/protocol.js';
import { opponent } from '../rules/index.js';
import { announcement, type Announcement } from '../realtime/announcement.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Rooms } from '../realtime/rooms.js';
import { MatchQueries, type Progress } from './match-queries.js';
import { MatchesService } from './matches.service.js';
import { moveEvent } from './match-view.js';

/** What a room's sockets heard. */
interface Heard {
  /** The lowest ply one of its sockets may stand at: a catch-up says the moves after it. */
  ply: number;
  /** The furthest ply one of its sockets was told, and the position there (0: the start). */
  mark: number;
  markFen: string;
  ended: boolean;
  /** A move at or below the mark was heard: a late copy or another line, for a check to say. */
  doubt: boolean;
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
    if (!h) return void this.heard.set(state.id, fresh(state));
    // A move said between the read and the join did not reach this socket: the lower of the two.
    // The mark stays: the room's other sockets were told it, and a check must find it on the line.
    h.ply = Math.min(h.ply, state.ply);
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
   * The ply after the mark moves it on (and the room, if all of it stood there); a ply past it
   * means one was missed (a lost publish): the room is behind from now, and the next check
   * catches it up. A ply at or below the mark is a late copy or another line: in doubt, the room
   * stands still until a check says which.
   */
  private advance(matchId: string, m: MoveEvent): void {
    const h = this.heard.get(matchId);
    if (!h) return void this.heard.set(matchId, fresh({ ...m, status: 'active' }));
    if (h.doubt) return;
    if (m.ply === h.mark + 1) {
      if (h.ply === h.mark) h.ply = m.ply;
      h.mark = m.ply;
      h.markFen = m.fen;
    } else if (m.ply > h.mark + 1) h.behindSince ??= 0;
    else h.doubt = true;
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
    const rooms = [...this.heard].map(([id, h]) => ({ id, h, seen: stamp(h) }));
    for (let i = 0; i < rooms.length; i += 1000) {
      const batch = rooms.slice(i, i + 1000);
      const rows = await this.queries.progressOf(batch.map((r) => ({ id: r.id, ply: r.h.mark })));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const { id, h, seen } of batch) {
        const row = byId.get(id);
        // Heard something while the database was read: the next check compares afresh.
        if (!row || this.heard.get(id) !== h || stamp(h) !== seen) continue;
        // The mark on the game's line (at the start, any line is).
        const onLine = h.mark === 0 || row.mark_fen === h.markFen;
        if (onLine) h.doubt = false;
        const behind = !onLine || row.ply > h.ply || (row.status !== 'active' && !h.ended);
        if (!behind) {
          h.behindSince = null;
          continue;
        }
        if (!now && h.behindSince === null) {
          h.behindSince = Date.now();
          continue;
        }
        await (onLine ? this.catchUp(id, h, row) : this.restate(id, h, row));
      }
    }
  }

  /** The moves the room missed, then the end if the game is over. */
  private async catchUp(matchId: string, h: Heard, row: Progress): Promise<void> {
    const seen = stamp(h);
    const from = h.ply;
    const players = [row.white_id, row.black_id];
    const moves = (await this.queries.moves(matchId, row.ply)).filter((m) => m.ply > from);
    const over = row.status !== 'active';
    const state = over ? await this.matches.state(matchId) : null;
    // Heard something meanwhile: the next check compares afresh.
    if (this.heard.get(matchId) !== h || stamp(h) !== seen) return;
    Object.assign(h, fresh(row));
    const say: Announcement[] = moves.map((m, i) => {
      const last = i === moves.length - 1;
      const turn = last ? (over ? null : opponent(m.by)) : opponent(m.by);
      return announcement(matchId, 'match:move', moveEvent(m, turn, !(last && over)), players);
    });
    if (state) say.push(...endOf(state, players));
    this.caughtUp++;
    this.log.warn(
      `room of ${matchId} caught up from ply ${from} to ${row.ply}${over ? ', ended' : ''}`,
    );
    this.say(say);
  }

  /**
   * The room was told a line the game no longer has (a takeback it missed): it hears the game as
   * it stands, as a `match:takeback` marked `restated` (clients load the game again), then the
   * end if it is over.
   */
  private async restate(matchId: string, h: Heard, row: Progress): Promise<void> {
    const seen = stamp(h);
    const players = [row.white_id, row.black_id];
    const state = await this.matches.state(matchId);
    if (this.heard.get(matchId) !== h || stamp(h) !== seen) return;
    const from = h.mark;
    Object.assign(h, fresh(state));
    const takeback: TakebackEvent = {
      matchId,
      action: 'accept',
      // The one who accepted: the asker moves next.
      by: state.turn ? opponent(state.turn) : 'white',
      match: state,
      restated: true,
    };
    const say = [announcement(matchId, 'match:takeback', takeback, players)];
    say.push(...endOf(state, players));
    this.caughtUp++;
    this.log.warn(
      `room of ${matchId} was told another line at ply ${from}: restated at ${state.ply}`,
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

const fresh = (s: { ply: number; fen: string; status: string }): Heard => ({
  ply: s.ply,
  mark: s.ply,
  markFen: s.fen,
  ended: s.status !== 'active',
  doubt: false,
  behindSince: null,
});

/** What a room heard, as one value: changed means it heard something. */
const stamp = (h: Heard): string => `${h.ply} ${h.mark} ${h.markFen} ${h.ended} ${h.doubt}`;
