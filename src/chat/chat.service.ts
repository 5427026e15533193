/**
 * A game's two chat rooms: its players' (the two of them only) and its spectators' (whoever
 * watches and does not play). Each line is stored with the game before it is said; the text is
 * kept as typed (clients show it as text, never as HTML). v1.19: each line is read against the
 * insult and slur lists (shutup-rules.ts): a flagged line is said and counts against its author,
 * a hidden one is not said; enough offences mute. The rate limit is counted in the database (the
 * player's lines of the last window), under a lock on the player's chat standing, so a cluster
 * holds it as one process would.
 *
 * v1.19 (moderation): a troll's line (a moderator's mark) is stored `shadow` and said to its
 * author alone, live and in history (lichess's shadow mute); a line between two players one of
 * whom blocks the other reaches neither but its author (live), and a reader never reads the
 * lines of those they block or who block them.
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { ChatLine, ChatRoom } from '../common/protocol.js';
import { CONFIG, type Config } from '../config.js';
import { BlocksService } from '../blocks/index.js';
import type { AccountData, ModChatLine } from '../common/protocol.js';
import { MatchQueries } from '../matches/index.js';
import { titleOf, type NameBook } from '../players/name-book.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { TIME, type TimeSource } from '../common/time.js';
import type { Limit } from '../config.js';
import {
  afterOffence,
  checkLine,
  mutedUntil,
  type ChatStanding,
  type LineCheck,
} from './shutup-rules.js';
import type { Color } from '../rules/index.js';

/** The newest lines a room shows. */
const HISTORY = 200;

interface Sides {
  whiteId: string;
  blackId: string;
  computerColor: Color | null;
}

const colorOf = (m: Sides, playerId: string): Color | null =>
  m.whiteId === playerId ? 'white' : m.blackId === playerId ? 'black' : null;

/** A chat_lines row as read. */
interface Row {
  id: string;
  player_id: string;
  text: string;
  created_at: Date;
  shadow?: boolean;
}

/** A stored line as the wire says it (said live and read back alike). */
function lineOf(r: Row, matchId: string, room: ChatRoom, m: Sides, names: NameBook): ChatLine {
  return {
    id: String(r.id),
    matchId,
    room,
    by: { id: r.player_id, name: names.get(r.player_id) ?? '?', ...titleOf(names, r.player_id) },
    color: colorOf(m, r.player_id),
    text: r.text,
    at: new Date(r.created_at).getTime(),
  };
}

/** chat_standing as read. */
interface StandingRow {
  points: number;
  last_offence_at: Date | null;
  mutes: number;
  muted_until: Date | null;
}

const standingOf = (r: StandingRow): ChatStanding => ({
  points: r.points,
  lastOffenceAt: r.last_offence_at && new Date(r.last_offence_at),
  mutes: r.mutes,
  mutedUntil: r.muted_until && new Date(r.muted_until),
});

/** A limit of `capacity` lines a burst, `perSecond` after: at most `capacity` in this window. */
const windowSeconds = (l: Limit): number => l.capacity / l.perSecond;

@Injectable()
export class ChatService {
  private readonly limit: Limit;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly work: UnitOfWork,
    private readonly players: PlayersService,
    private readonly queries: MatchQueries,
    private readonly blocks: BlocksService,
    @Inject(CONFIG) config: Config,
    @Inject(TIME) private readonly time: TimeSource,
  ) {
    this.limit = config.chatLimit;
  }

  /**
   * Says `text` in the room; the players' room is theirs, the spectators' everyone else's who
   * `watching` the game (joined it). Against the computer there is nobody to speak to.
   */
  async say(
    player: PlayerIdentity,
    matchId: string,
    room: ChatRoom,
    text: string,
    watching: boolean,
  ): Promise<ChatLine> {
    const match = await this.sides(matchId);
    const color = colorOf(match, player.id);
    if (room === 'players' && color === null)
      throw new DomainError('NOT_A_PLAYER', "only the players speak in the players' room");
    if (room === 'players' && match.computerColor !== null)
      throw new DomainError('REFUSED', 'the computer does not chat', 'NO_CHAT_WITH_COMPUTER');
    if (room === 'spectators' && color !== null)
      throw new DomainError(
        'REFUSED',
        "the players do not speak in the spectators' room",
        'NOT_YOUR_ROOM',
      );
    if (room === 'spectators' && !watching)
      throw new DomainError('REFUSED', 'join the game to speak in its room', 'NOT_WATCHING');
    const check = checkLine(text);
    const said = await this.work.transaction(this.db, async (em, say) => {
      await this.standing(em, player.id, matchId, text, check);
      if (check.verdict === 'hide') return null;
      const shadow = await this.players.hasMark(em, player.id, 'troll');
      const other = color === 'white' ? match.blackId : match.whiteId;
      const apart = room === 'players' && (await this.blocks.between(em, player.id, other));
      const [row] = (await em.query(
        `INSERT INTO chat_lines (match_id, room, player_id, text, shadow)
          VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
        [matchId, room, player.id, text, shadow],
      )) as Omit<Row, 'player_id' | 'text'>[];
      const names = await this.players.names([player.id], em);
      const line = lineOf({ ...row, player_id: player.id, text }, matchId, room, match, names);
      // The players' lines go to their own sockets only; the spectators' to their room; a
      // troll's, or one to a player who blocks (or is blocked by) its author, to its author only.
      const to =
        shadow || apart ? [player.id] : room === 'players' ? [match.whiteId, match.blackId] : [];
      say(matchId, 'chat:line', line, to);
      return line;
    });
    // The offence is stored; the line is not: say so.
    if (!said)
      throw new DomainError(
        'REFUSED',
        'the line holds words not allowed in this chat: it was not shown',
        'CHAT_HIDDEN',
      );
    return said;
  }

  /**
   * In the line's transaction: locks the player's chat standing (made on the first line), refuses
   * a muted player (MUTED, until when) or one past the rate limit (the lines stored in the last
   * window, counted on the database's clock), and records an offence.
   */
  private async standing(
    em: EntityManager,
    playerId: string,
    matchId: string,
    text: string,
    check: LineCheck,
  ): Promise<void> {
    const [row] = (await em.query(
      `INSERT INTO chat_standing AS s (player_id) VALUES ($1)
       ON CONFLICT (player_id) DO UPDATE SET player_id = s.player_id
       RETURNING points, last_offence_at, mutes, muted_until`,
      [playerId],
    )) as StandingRow[];
    const now = this.time.now();
    const before = standingOf(row);
    const muted = mutedUntil(before, now);
    if (muted)
      throw new DomainError('MUTED', 'you are muted in the chat for a while', undefined, {
        until: muted.getTime(),
      });
    const [{ n }] = (await em.query(
      `SELECT count(*)::int AS n FROM chat_lines
        WHERE player_id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [playerId, windowSeconds(this.limit)],
    )) as { n: number }[];
    if (n >= this.limit.capacity)
      throw new DomainError('RATE_LIMITED', 'too many chat lines: wait a little');
    if (check.verdict === 'ok') return;
    const after = afterOffence(before, check.verdict, now);
    await em.query(
      `UPDATE chat_standing SET points = $2, last_offence_at = $3, mutes = $4, muted_until = $5
        WHERE player_id = $1`,
      [playerId, after.points, after.lastOffenceAt, after.mutes, after.mutedUntil],
    );
    await em.query(
      `INSERT INTO chat_offences (player_id, match_id, verdict, words, text, at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [playerId, matchId, check.verdict, check.words, text, now],
    );
  }

  /** The room `viewer` reads (players: theirs; anyone else: the spectators'), oldest first. */
  async lines(matchId: string, viewer: PlayerIdentity | null): Promise<ChatLine[]> {
    const match = await this.sides(matchId);
    const room: ChatRoom = viewer && colorOf(match, viewer.id) !== null ? 'players' : 'spectators';
    // Others' shadow lines are not read (the newest HISTORY of those the viewer may read).
    const all = (await this.db.query(
      `SELECT id, player_id, text, created_at FROM (
         SELECT * FROM chat_lines WHERE match_id = $1 AND room = $2
            AND (NOT shadow OR player_id = $4) ORDER BY id DESC LIMIT $3
       ) l ORDER BY id`,
      [matchId, room, HISTORY, viewer?.id ?? null],
    )) as Row[];
    const rows = viewer ? await this.unblocked(viewer.id, all) : all;
    const names = await this.players.names([...new Set(rows.map((r) => r.player_id))]);
    return rows.map((r) => lineOf(r, matchId, room, match, names));
  }

  /** The lines whose authors neither block the viewer nor are blocked by them. */
  private async unblocked(viewerId: string, rows: Row[]): Promise<Row[]> {
    const authors = [...new Set(rows.map((r) => r.player_id))].filter((id) => id !== viewerId);
    if (authors.length === 0) return rows;
    const forbids = await this.blocks.among(this.db.manager, [viewerId, ...authors]);
    return rows.filter((r) => r.player_id === viewerId || !forbids(viewerId, r.player_id));
  }

  /** The player's newest `limit` lines as its data export shows them, newest first. */
  async exportOf(em: EntityManager, playerId: string, limit: number): Promise<AccountData['chat']> {
    const rows = (await em.query(
      `SELECT match_id, room, text, created_at FROM chat_lines WHERE player_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [playerId, limit],
    )) as { match_id: string; room: string; text: string; created_at: Date }[];
    return rows.map((c) => ({
      matchId: c.match_id,
      room: c.room,
      text: c.text,
      at: new Date(c.created_at).toISOString(),
    }));
  }

  /** A player's newest lines in every game, shadow ones too (moderators read them). */
  async linesBy(playerId: string, limit = 100): Promise<ModChatLine[]> {
    const rows = (await this.db.query(
      `SELECT id, match_id, room, text, shadow, created_at FROM chat_lines
        WHERE player_id = $1 ORDER BY id DESC LIMIT $2`,
      [playerId, limit],
    )) as (Row & { match_id: string; room: ChatRoom; shadow: boolean })[];
    return rows.map((r) => ({
      id: String(r.id),
      matchId: r.match_id,
      room: r.room,
      text: r.text,
      shadow: r.shadow,
      at: new Date(r.created_at).getTime(),
    }));
  }

  private async sides(matchId: string): Promise<Sides> {
    const sides = await this.queries.sides(matchId);
    if (!sides) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    return sides;
  }
}
