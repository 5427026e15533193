/**
 * The ratings table: each account's Glicko-2 rating per variant and speed. Read for pairing and
 * for a rated game's start; settled at a rated game's end inside the transaction that ends it
 * (the Finisher), so it happens exactly once, whatever process ends the game and however often.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Match } from '../persistence/entities/index.js';
import type { GameResult, VariantId } from '../rules/index.js';
import {
  afterInactivity,
  DEFAULT_RATING,
  isProvisional,
  rateGame,
  type GameScore,
  type Glicko,
  type RatingAtStart,
} from './glicko2.js';
import type { AccountData, Speed } from '../common/protocol.js';
import { speedOfColumns, speedSql } from './speed.js';
import type { SqlPart } from '../persistence/columns.js';

const DAY_MS = 24 * 3600 * 1000;

export interface CurrentRating extends Glicko {
  games: number;
  provisional: boolean;
}

interface Row {
  player_id: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  last_game_at: Date;
}

/** A row's rating as of `now`: RD grown by the days since its last game. */
function asOf(row: Row | undefined, now: Date): CurrentRating {
  if (!row) return { ...DEFAULT_RATING, games: 0, provisional: true };
  const days = (now.getTime() - new Date(row.last_game_at).getTime()) / DAY_MS;
  const g = afterInactivity({ rating: row.rating, rd: row.rd, vol: row.vol }, days);
  return { ...g, games: row.games, provisional: isProvisional(g) };
}

/** A rating row as LOCKED_RATINGS_SQL reads it (JSON: its time as text). */
export interface LockedRating extends Omit<Row, 'last_game_at'> {
  last_game_at: string | Date;
}

/**
 * A select-list item for the statement that locks a match row (aliased `m`): the players' rating
 * rows in the game's pool, locked in id order (two games settling for the same player lock in
 * the same order) and read as JSON, while the game is rated and going on. The game's ending
 * settles from them (settle()) without a statement of its own.
 */
export const LOCKED_RATINGS_SQL = `(SELECT coalesce(json_agg(l ORDER BY l.player_id), '[]'::json)
    FROM (SELECT r.player_id, r.rating, r.rd, r.vol, r.games, r.last_game_at FROM ratings r
           WHERE m.rated AND m.status = 'active' AND r.player_id IN (m.white_id, m.black_id)
             AND r.variant = m.variant AND r.speed = ${speedSql('m')}
           ORDER BY r.player_id FOR UPDATE) l)`;

export const speedOfMatch = (m: Pick<Match, 'clockInitial' | 'clockIncrement' | 'days'>): Speed =>
  speedOfColumns(m.clockInitial, m.clockIncrement, m.days);

@Injectable()
export class RatingsService {
  private readonly log = new Logger('Ratings');

  /** The players' ratings now in a variant and speed (a player with none: the default). */
  async current(
    em: EntityManager,
    playerIds: readonly string[],
    variant: VariantId,
    speed: Speed,
    now: Date,
  ): Promise<Map<string, CurrentRating>> {
    const rows = (await em.query(
      `SELECT player_id, rating, rd, vol, games, last_game_at FROM ratings
        WHERE player_id = ANY($1::uuid[]) AND variant = $2 AND speed = $3`,
      [[...playerIds], variant, speed],
    )) as Row[];
    const byId = new Map(rows.map((r) => [r.player_id, r]));
    return new Map(playerIds.map((id) => [id, asOf(byId.get(id), now)]));
  }

  /** The player's ratings as its data export shows them (rounded), by variant and speed. */
  async exportOf(em: EntityManager, playerId: string): Promise<AccountData['ratings']> {
    return (await em.query(
      `SELECT variant, speed, round(rating)::int AS rating, round(rd)::int AS rd, games
         FROM ratings WHERE player_id = $1 ORDER BY variant, speed`,
      [playerId],
    )) as AccountData['ratings'];
  }

  /** Each pair's ratings as their rated game starts (shown rounded, with the "?" flag). */
  async atStart(
    em: EntityManager,
    pairs: readonly { whiteId: string; blackId: string }[],
    variant: VariantId,
    speed: Speed,
    now: Date,
  ): Promise<{ white: RatingAtStart; black: RatingAtStart }[]> {
    const current = await this.current(
      em,
      pairs.flatMap((p) => [p.whiteId, p.blackId]),
      variant,
      speed,
      now,
    );
    const at = (id: string): RatingAtStart => {
      const r = current.get(id) as CurrentRating;
      return { rating: Math.round(r.rating), provisional: r.provisional };
    };
    return pairs.map((p) => ({ white: at(p.whiteId), black: at(p.blackId) }));
  }

  /**
   * A rated game ended with `result`: both ratings move, and the match row gets the changes.
   * Aborted games change nothing. Returns the ratings' write, for the statement that saves the
   * match (MatchStore.save), so settling adds no round trip of its own: `locked` are the rows
   * that the statement locking the match read and locked (LOCKED_RATINGS_SQL). Only a player's
   * first rated game in the pool, whose row does not exist yet, costs one statement here.
   *
   * Its end is stamped after both players' last rated game in the pool: endings that overlap
   * (two sockets, two processes) read their instant before they wait for these locks, so without
   * it the rating history (ordered by the end) could list them in another order than their
   * ratings were applied in, and end elsewhere than the profile.
   */
  async settle(
    em: EntityManager,
    match: Match,
    result: GameResult,
    now: Date,
    locked: readonly LockedRating[] = [],
  ): Promise<SqlPart | null> {
    if (!match.rated || result.reason === 'aborted') return null;
    const speed = speedOfMatch(match);
    const players = new Set([match.whiteId, match.blackId]);
    const found = locked.filter((r) => players.has(r.player_id));
    const rows: Row[] =
      found.length === players.size
        ? found.map((r) => ({ ...r, last_game_at: new Date(r.last_game_at) }))
        : await this.create(em, match, speed, now);
    const byId = new Map(rows.map((r) => [r.player_id, r]));
    const at = new Date(
      Math.max(
        now.getTime(),
        ...rows.filter((r) => r.games > 0).map((r) => new Date(r.last_game_at).getTime() + 1),
      ),
    );
    // A new row's last game is this one: it must not count as an earlier game.
    const lastOf = (id: string) => {
      const r = byId.get(id);
      return r && r.games > 0 ? r : r && { ...r, last_game_at: at };
    };
    if (at > now) match.endedAt = at;
    // A minute ahead means a process's clock ran ahead when it ended an earlier game: say so.
    if (at.getTime() - now.getTime() > 60_000)
      this.log.warn(
        `rated game ${match.id} stamped ${at.toISOString()}, after ${now.toISOString()}`,
      );
    const white = asOf(lastOf(match.whiteId), at);
    const black = asOf(lastOf(match.blackId), at);
    const score: GameScore = result.winner === 'white' ? 1 : result.winner === 'black' ? 0 : 0.5;
    const next = rateGame(white, black, score);
    const sides = [
      [match.whiteId, next.white, score],
      [match.blackId, next.black, 1 - score],
    ] as const;
    match.whiteRatingDiff = Math.round(next.white.rating) - Math.round(white.rating);
    match.blackRatingDiff = Math.round(next.black.rating) - Math.round(black.rating);
    match.whiteRatingAfter = Math.round(next.white.rating);
    match.blackRatingAfter = Math.round(next.black.rating);
    return {
      sql: (n) => `UPDATE ratings r SET rating = v.rating, rd = v.rd, vol = v.vol,
              games = r.games + 1, wins = r.wins + v.win, draws = r.draws + v.draw,
              losses = r.losses + v.loss, last_game_at = $${n + 2}
         FROM unnest($${n + 3}::uuid[], $${n + 4}::float8[], $${n + 5}::float8[],
                     $${n + 6}::float8[], $${n + 7}::int[], $${n + 8}::int[], $${n + 9}::int[])
              AS v(player_id, rating, rd, vol, win, draw, loss)
        WHERE r.player_id = v.player_id AND r.variant = $${n} AND r.speed = $${n + 1}`,
      params: [
        match.variant,
        speed,
        at,
        sides.map(([id]) => id),
        sides.map(([, g]) => g.rating),
        sides.map(([, g]) => g.rd),
        sides.map(([, g]) => g.vol),
        sides.map(([, , s]) => +(s === 1)),
        sides.map(([, , s]) => +(s === 0.5)),
        sides.map(([, , s]) => +(s === 0)),
      ],
    };
  }

  /**
   * The players' rows made where missing, locked in id order and read, in one statement: a
   * no-op update of an existing row returns it as it is.
   */
  private async create(em: EntityManager, match: Match, speed: Speed, now: Date): Promise<Row[]> {
    // Id order, so two games settling for the same player lock in the same order.
    const ids = [match.whiteId, match.blackId].sort();
    return (await em.query(
      `INSERT INTO ratings AS r (player_id, variant, speed, rating, rd, vol, last_game_at)
       SELECT id, $2, $3, $4, $5, $6, $7 FROM unnest($1::uuid[]) AS id
       ON CONFLICT (player_id, variant, speed) DO UPDATE SET rating = r.rating
       RETURNING player_id, rating, rd, vol, games, last_game_at`,
      [
        ids,
        match.variant,
        speed,
        DEFAULT_RATING.rating,
        DEFAULT_RATING.rd,
        DEFAULT_RATING.vol,
        now,
      ],
    )) as Row[];
  }
}
