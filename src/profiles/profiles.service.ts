/**
 * Profiles, game lists, rating histories and leaderboards. Every list is bounded and walks an
 * index in order (see the profiles migration); the match tables' reads are MatchQueries'.
 * Reads go to the read replica if there is one (ReadSide), but a player's own pages, read by
 * that player (`viewer`), come from the primary: their last game and new rating show at once.
 */
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors.js';
import {
  LEADERBOARD_ACTIVE_DAYS,
  LEADERBOARD_MAX_RD,
  type GameListItem,
  GamePage,
  type LeaderboardEntry,
  type RatingPoint,
  type RatingView,
  type Speed,
  type UserProfile,
  publicMarks,
} from '../common/protocol.js';
import { Connections } from '../realtime/connections.js';
import { PlayersService, type AccountRow } from '../players/players.service.js';
import { ReadSide } from '../persistence/read-side.js';
import { MatchQueries, type GameRow } from '../matches/index.js';
import { afterInactivity, isProvisional } from '../ratings/glicko2.js';
import { speedOfColumns } from '../ratings/speed.js';
import type { GameResult, VariantId } from '../rules/index.js';

const DAY_MS = 24 * 3600 * 1000;
/** Before any real game: the first page's cursor. */
const START = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
const HISTORY_POINTS = 2_000;

/** Who reads a page: a player (by name: an account's name is its username) or a guest (null). */
export type Viewer = { name: string } | null;

export const LEADERBOARD_SQL = `SELECT r.player_id AS id, p.username, r.rating, r.rd, r.games
   FROM ratings r JOIN players p ON p.id = r.player_id
  WHERE r.variant = $1 AND r.speed = $2 AND r.rd <= ${LEADERBOARD_MAX_RD} AND NOT p.bot AND p.closed_at IS NULL
    AND NOT (p.marks && '{engine,boost}'::text[])
    AND r.last_game_at > now() - interval '${LEADERBOARD_ACTIVE_DAYS} days'
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
    private readonly reads: ReadSide,
    private readonly connections: Connections,
    private readonly queries: MatchQueries,
    private readonly players: PlayersService,
  ) {}

  /** The account with this username (any case), or NOT_FOUND; as `viewer` may see it now. */
  account(username: string, viewer: Viewer): Promise<AccountRow> {
    return this.players.account(username, this.reads.about(username, viewer));
  }

  async profile(username: string, viewer: Viewer, now = new Date()): Promise<UserProfile> {
    const db = this.reads.about(username, viewer);
    const a = await this.players.account(username, db);
    const [ratings, counts, online] = await Promise.all([
      db.query(
        `SELECT variant, speed, rating, rd, vol, games, wins, draws, losses, last_game_at
           FROM ratings WHERE player_id = $1 ORDER BY games DESC, variant, speed`,
        [a.id],
      ) as Promise<(Omit<RatingView, 'provisional'> & { vol: number; last_game_at: Date })[]>,
      this.queries.resultCounts(a.id, db),
      this.connections.hasSockets(a.id).catch(() => false),
    ]);
    return {
      id: a.id,
      username: a.username,
      ...(a.bot ? { title: 'BOT' as const } : {}),
      createdAt: a.createdAt.toISOString(),
      // v1.19: a moderator's engine or boost mark (never troll).
      ...(publicMarks(a.marks).length > 0 ? { marks: publicMarks(a.marks) } : {}),
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
      count: counts,
    };
  }

  async games(
    username: string,
    opts: { variant?: VariantId; cursor?: string; limit: number },
    viewer: Viewer,
  ): Promise<GamePage> {
    const db = this.reads.about(username, viewer);
    const after = decodeCursor(opts.cursor);
    const rows = await this.queries.gamesPage(
      username,
      opts.variant ?? null,
      after,
      opts.limit + 1,
      db,
    );
    if (rows.length === 0) await this.players.account(username, db); // NOT_FOUND, or truly no games
    const page = rows.slice(0, opts.limit);
    const last = page[page.length - 1];
    return {
      games: page.map(itemOf),
      next:
        rows.length > opts.limit && last ? encodeCursor(new Date(last.ended_at), last.id) : null,
    };
  }

  /** Every finished game's id, newest first, a page at a time (for the PDN download). */
  async *gameIds(username: string, viewer: Viewer): AsyncGenerator<string> {
    let cursor: string | undefined;
    do {
      const page = await this.games(username, { cursor, limit: 200 }, viewer);
      for (const g of page.games) yield g.id;
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }

  /** The rating after each rated game in a variant and speed, oldest first. */
  async ratingHistory(
    username: string,
    variant: VariantId,
    speed: Speed,
    viewer: Viewer,
  ): Promise<RatingPoint[]> {
    const db = this.reads.about(username, viewer);
    const { id } = await this.players.account(username, db);
    const rows = await this.queries.ratingPoints(id, variant, HISTORY_POINTS, db);
    return rows
      .filter((r) => speedOfColumns(r.clock_initial, r.clock_increment, r.days) === speed)
      .reverse()
      .map((r) => ({ at: new Date(r.ended_at).toISOString(), rating: r.rating }));
  }

  /** The top 100 of a pool: established (RD <= 75) and active in the last 30 days. */
  async leaderboard(variant: VariantId, speed: Speed): Promise<LeaderboardEntry[]> {
    const rows = (await this.reads.lagging.query(LEADERBOARD_SQL, [variant, speed])) as {
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
