/**
 * Reads for profiles, game lists, rating histories and leaderboards. Every list is bounded and
 * walks an index in order (see the profiles migration): a player's games merge two short index
 * scans (as white, as black) by keyset, so a page costs the same on the first page or the
 * thousandth, for a player with ten games or ten thousand.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type {
  GameListItem,
  GamePage,
  LeaderboardEntry,
  RatingPoint,
  RatingView,
  Speed,
  UserProfile,
} from '../common/protocol.js';
import { Connections } from '../realtime/connections.js';
import { afterInactivity, isProvisional } from '../ratings/glicko2.js';
import { speedOfColumns } from '../ratings/speed.js';
import type { Color, GameResult, VariantId } from '../rules/index.js';

const DAY_MS = 24 * 3600 * 1000;
/** Before any real game: the first page's cursor. */
const START = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
const HISTORY_POINTS = 2_000;

interface GameRow {
  id: string;
  variant: VariantId;
  clock_initial: number | null;
  clock_increment: number | null;
  days: number | null;
  rated: boolean;
  result_winner: Color | null;
  result_reason: GameResult['reason'];
  result_rule: string | null;
  ended_at: Date;
  color: Color;
  rating: number | null;
  rating_diff: number | null;
  opponent_id: string;
  opponent_name: string;
  opponent_rating: number | null;
  opponent_provisional: boolean | null;
  opponent_rating_diff: number | null;
  opponent_bot: boolean;
}

export const LEADERBOARD_SQL = `SELECT r.player_id AS id, p.username, r.rating, r.rd, r.games
   FROM ratings r JOIN players p ON p.id = r.player_id
  WHERE r.variant = $1 AND r.speed = $2 AND r.rd <= 75 AND NOT p.bot
    AND r.last_game_at > now() - interval '30 days'
  ORDER BY r.rating DESC, r.player_id LIMIT 100`;

export const encodeCursor = (at: Date, id: string): string =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): { at: string; id: string } {
  if (cursor === undefined) return START;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id))
    throw new DomainError('INVALID_PAYLOAD', 'cursor: not one this server gave');
  return { at, id };
}

/** One side's finished games, newest first, from a keyset position (as white or as black). */
const sideGames = (side: Color) => {
  const other = side === 'white' ? 'black' : 'white';
  return `(SELECT m.id, m.variant, m.clock_initial, m.clock_increment, m.days, m.rated, m.result_winner,
            m.result_reason, m.result_rule, m.ended_at, '${side}' AS color,
            m.${side}_rating AS rating, m.${side}_rating_diff AS rating_diff,
            o.id AS opponent_id, o.name AS opponent_name, o.bot AS opponent_bot,
            m.${other}_rating AS opponent_rating,
            m.${other}_provisional AS opponent_provisional,
            m.${other}_rating_diff AS opponent_rating_diff
       FROM matches m JOIN players o ON o.id = m.${other}_id
      WHERE m.${side}_id = (SELECT id FROM account) AND m.status = 'finished'
        AND ($2::text IS NULL OR m.variant = $2)
        AND (m.ended_at, m.id) < ($3::timestamptz, $4::uuid)
      ORDER BY m.ended_at DESC, m.id DESC LIMIT $5)`;
};
/**
 * One round trip: the account (by username, any case) and its page. With no such account the
 * answer is empty, and the caller looks again to tell "no games" from "no player".
 */
export const GAMES_SQL = `WITH account AS (SELECT id FROM players WHERE lower(username) = lower($1))
  SELECT * FROM (${sideGames('white')} UNION ALL ${sideGames('black')}) g
  ORDER BY ended_at DESC, id DESC LIMIT $5`;

function outcomeOf(r: GameRow): GameListItem['outcome'] {
  if (r.result_reason === 'aborted') return 'aborted';
  if (r.result_winner === null) return 'draw';
  return r.result_winner === r.color ? 'win' : 'loss';
}

function itemOf(r: GameRow): GameListItem {
  const result: GameResult = { winner: r.result_winner, reason: r.result_reason };
  if (r.result_rule) (result as { rule?: string }).rule = r.result_rule;
  const item: GameListItem = {
    id: r.id,
    variant: r.variant,
    speed: speedOfColumns(r.clock_initial, r.clock_increment, r.days),
    rated: r.rated,
    color: r.color,
    opponent: {
      id: r.opponent_id,
      name: r.opponent_name,
      ...(r.opponent_bot ? { title: 'BOT' as const } : {}),
    },
    result,
    outcome: outcomeOf(r),
    endedAt: new Date(r.ended_at).toISOString(),
    url: `/?game=${r.id}`,
    pdn: `/api/matches/${r.id}/pdn`,
  };
  if (r.rating !== null) item.rating = r.rating;
  if (r.rating_diff !== null) item.ratingDiff = r.rating_diff;
  if (r.opponent_rating !== null) {
    item.opponent.rating = r.opponent_rating;
    item.opponent.provisional = r.opponent_provisional ?? false;
  }
  if (r.opponent_rating_diff !== null) item.opponent.ratingDiff = r.opponent_rating_diff;
  return item;
}

@Injectable()
export class ProfilesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: Connections,
  ) {}

  /** The account with this username (any case), or NOT_FOUND. */
  async account(
    username: string,
  ): Promise<{ id: string; username: string; createdAt: Date; bot: boolean }> {
    const rows = (await this.db.query(
      `SELECT id, username, bot, coalesce(signed_up_at, created_at) AS created_at FROM players
        WHERE lower(username) = lower($1)`,
      [username],
    )) as { id: string; username: string; bot: boolean; created_at: Date }[];
    const row = rows[0];
    if (!row) throw new DomainError('NOT_FOUND', `no player "${username}"`);
    return {
      id: row.id,
      username: row.username,
      createdAt: new Date(row.created_at),
      bot: row.bot,
    };
  }

  async profile(username: string, now = new Date()): Promise<UserProfile> {
    const a = await this.account(username);
    const [ratings, counts, online] = await Promise.all([
      this.db.query(
        `SELECT variant, speed, rating, rd, vol, games, wins, draws, losses, last_game_at
           FROM ratings WHERE player_id = $1 ORDER BY games DESC, variant, speed`,
        [a.id],
      ) as Promise<(Omit<RatingView, 'provisional'> & { vol: number; last_game_at: Date })[]>,
      this.db.query(
        `SELECT count(*) FILTER (WHERE result_reason <> 'aborted')::int AS games,
                count(*) FILTER (WHERE result_winner = color)::int AS wins,
                count(*) FILTER (WHERE result_winner IS NULL
                                   AND result_reason <> 'aborted')::int AS draws,
                count(*) FILTER (WHERE result_winner IS NOT NULL
                                   AND result_winner <> color)::int AS losses
           FROM (SELECT result_winner, result_reason, 'white' AS color FROM matches
                  WHERE white_id = $1 AND status = 'finished'
                 UNION ALL
                 SELECT result_winner, result_reason, 'black' FROM matches
                  WHERE black_id = $1 AND status = 'finished') g`,
        [a.id],
      ) as Promise<UserProfile['count'][]>,
      this.connections.hasSockets(a.id).catch(() => false),
    ]);
    return {
      id: a.id,
      username: a.username,
      ...(a.bot ? { title: 'BOT' as const } : {}),
      createdAt: a.createdAt.toISOString(),
      online,
      ratings: ratings.map((r) => {
        // RD as of now: it grows while the player is away.
        const days = (now.getTime() - new Date(r.last_game_at).getTime()) / DAY_MS;
        const g = afterInactivity({ rating: r.rating, rd: r.rd, vol: r.vol }, days);
        return {
          variant: r.variant,
          speed: r.speed,
          rating: Math.round(g.rating),
          rd: Math.round(g.rd),
          provisional: isProvisional(g),
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
        };
      }),
      count: counts[0],
    };
  }

  async games(
    username: string,
    opts: { variant?: VariantId; cursor?: string; limit: number },
  ): Promise<GamePage> {
    const from = decodeCursor(opts.cursor);
    const rows = (await this.db.query(GAMES_SQL, [
      username,
      opts.variant ?? null,
      from.at,
      from.id,
      opts.limit + 1,
    ])) as GameRow[];
    if (rows.length === 0) await this.account(username); // NOT_FOUND, or truly no games
    const page = rows.slice(0, opts.limit);
    const last = page[page.length - 1];
    return {
      games: page.map(itemOf),
      next:
        rows.length > opts.limit && last ? encodeCursor(new Date(last.ended_at), last.id) : null,
    };
  }

  /** Every finished game's id, newest first, a page at a time (for the PDN download). */
  async *gameIds(username: string): AsyncGenerator<string> {
    let cursor: string | undefined;
    do {
      const page = await this.games(username, { cursor, limit: 200 });
      for (const g of page.games) yield g.id;
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }

  /** The rating after each rated game in a variant and speed, oldest first. */
  async ratingHistory(username: string, variant: VariantId, speed: Speed): Promise<RatingPoint[]> {
    const { id } = await this.account(username);
    const rows = (await this.db.query(
      `SELECT ended_at, rating, clock_initial, clock_increment, days FROM (
         (SELECT ended_at, id, white_rating_after AS rating, clock_initial,
                 clock_increment, days FROM matches
           WHERE white_id = $1 AND status = 'finished' AND rated AND variant = $2
             AND white_rating_after IS NOT NULL
           ORDER BY ended_at DESC, id DESC LIMIT $3)
         UNION ALL
         (SELECT ended_at, id, black_rating_after, clock_initial, clock_increment, days
            FROM matches
           WHERE black_id = $1 AND status = 'finished' AND rated AND variant = $2
             AND black_rating_after IS NOT NULL
           ORDER BY ended_at DESC, id DESC LIMIT $3)) g
       ORDER BY ended_at DESC, id DESC LIMIT $3`,
      [id, variant, HISTORY_POINTS],
    )) as {
      ended_at: Date;
      rating: number;
      clock_initial: number | null;
      clock_increment: number | null;
      days: number | null;
    }[];
    return rows
      .filter((r) => speedOfColumns(r.clock_initial, r.clock_increment, r.days) === speed)
      .reverse()
      .map((r) => ({ at: new Date(r.ended_at).toISOString(), rating: r.rating }));
  }

  /** The top 100 of a pool: established (RD <= 75) and active in the last 30 days. */
  async leaderboard(variant: VariantId, speed: Speed): Promise<LeaderboardEntry[]> {
    const rows = (await this.db.query(LEADERBOARD_SQL, [variant, speed])) as {
      id: string;
      username: string;
      rating: number;
      rd: number;
      games: number;
    }[];
    return rows.map((r, i) => ({
      rank: i + 1,
      id: r.id,
      username: r.username,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      games: r.games,
    }));
  }
}
