/**
 * Every read of the match tables (`matches`, `pieces`, `moves`) that is not part of a write: the
 * states and lists the matches module serves, and the reports other modules ask for (profiles,
 * my games, the bot streams, the sweeps). Other folders call these functions, never the tables;
 * the writes are MatchStore's (test/unit/table-owners.test.ts holds both to it).
 *
 * The rule for SQL on these tables: raw SQL built from the entities' columns (columns.ts) for hot
 * and set-based statements, a repository for one row by id, no query builder.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { columnsOf, selectSql } from '../persistence/columns.js';
import type { Queryable } from '../persistence/read-side.js';
import { Match, Piece } from '../persistence/entities/index.js';
import { MOVE_COLUMNS, UNCLAIMED } from './match-store.js';
import type { Color, GameResult, VariantId } from '../rules/index.js';
import type { MoveFields } from './match-rules.js';
import type { TournamentGame } from '../common/protocol.js';

interface TournamentGameRow {
  id: string;
  status: 'active' | 'finished';
  result_winner: Color | null;
  result_reason: string | null;
  ply: number;
  white_id: string;
  black_id: string;
  white_berserk: boolean;
  black_berserk: boolean;
  white_name: string;
  black_name: string;
}

/** A finished tournament game's result as stored. */
export interface TournamentResultRow {
  id: string;
  white_id: string;
  black_id: string;
  result_winner: Color | null;
  result_reason: string | null;
  ply: number;
  white_berserk: boolean;
  black_berserk: boolean;
  ended_at: Date;
}

const MATCH_SELECT = selectSql(columnsOf(Match), 'm');
const PIECE_SELECT = selectSql(columnsOf(Piece));
const MOVE_SELECT = selectSql(MOVE_COLUMNS);

/** A game against the computer: its side and level. */
export interface ComputerGameRow {
  id: string;
  color: Color;
  level: number;
}

/** A live game as TV's rule reads it (MatchQueries.liveGames). */
export interface LiveGameRow {
  id: string;
  variant: VariantId;
  white_id: string;
  black_id: string;
  white_rating: number | null;
  black_rating: number | null;
  computer_color: Color | null;
  clock_initial: number | null;
  clock_increment: number | null;
  created_at: Date;
}

/** One finished game from a player's side, as the profiles' game list reads it. */
export interface GameRow {
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
 * One round trip: the account (by username, any case) and its page: every list is bounded and
 * walks an index in order (the profiles migration), two short index scans (as white, as black)
 * merged by keyset, so a page costs the same on the first page or the thousandth. With no such
 * account the answer is empty.
 */
export const GAMES_SQL = `WITH account AS (SELECT id FROM players WHERE lower(username) = lower($1) AND closed_at IS NULL)
  SELECT * FROM (${sideGames('white')} UNION ALL ${sideGames('black')}) g
  ORDER BY ended_at DESC, id DESC LIMIT $5`;

/** The explorer's reads (issue 35): the first plies of games, the games a list names, a player's. */
const OPENING_MOVES_SQL = `
  SELECT match_id, path, captures, promoted
    FROM moves
   WHERE match_id = ANY($1::uuid[]) AND ply <= $2
   ORDER BY match_id, ply`;

export interface OpeningMoveRow {
  match_id: string;
  path: number[];
  captures: number[];
  promoted: boolean;
}

const LISTED_GAMES_SQL = `
  SELECT m.id, coalesce(w.username, w.name) AS white_name, coalesce(b.username, b.name) AS black_name,
         m.white_rating, m.black_rating, m.result_winner, m.clock_initial, m.clock_increment,
         m.days, m.ended_at
    FROM matches m JOIN players w ON w.id = m.white_id JOIN players b ON b.id = m.black_id
   WHERE m.id = ANY($1::uuid[])`;

/** A finished game as the explorer lists it, with the players as their pages name them. */
export interface ListedGameRow {
  id: string;
  white_name: string;
  black_name: string;
  white_rating: number | null;
  black_rating: number | null;
  result_winner: Color | null;
  clock_initial: number | null;
  clock_increment: number | null;
  days: number | null;
  ended_at: Date;
}

/**
 * One player's games through a position (as `color`), newest first, at most $4 looked at, within
 * the first $5 plies: matched by the stored FEN (a position serialises to one FEN), so nothing is
 * needed beyond the player's history index. The move each game played next comes with it. The
 * games are those the site's index counts (the explorer's `explorable`): played between people,
 * so none against the computer or a bot account, none aborted.
 */
const PLAYER_THROUGH_SQL = (color: Color) => `
  WITH g AS (
    SELECT gm.id, gm.initial_fen FROM matches gm
     WHERE gm.${color}_id = $1 AND gm.status = 'finished' AND gm.variant = $2
       AND gm.computer_color IS NULL AND gm.result_reason IS DISTINCT FROM 'aborted'
       -- The player is no bot (one probe); per game only the opponent is looked up.
       AND NOT EXISTS (SELECT 1 FROM players me WHERE me.id = $1 AND me.bot)
       AND NOT EXISTS (SELECT 1 FROM players p
                        WHERE p.id = gm.${color === 'white' ? 'black' : 'white'}_id AND p.bot)
     ORDER BY gm.ended_at DESC, gm.id DESC
     LIMIT $4)
  SELECT m.id, nx.path, jsonb_array_length(nx.captures) > 0 AS capture, m.result_winner,
         m.white_rating, m.black_rating, m.clock_initial, m.clock_increment, m.days, m.ended_at,
         coalesce(w.username, w.name) AS white_name, coalesce(b.username, b.name) AS black_name
    FROM g
    -- Per game, the first ply it stood in the position: one probe of (match_id, ply) each, not a
    -- scan of every move.
    CROSS JOIN LATERAL (
      SELECT 0 AS ply WHERE g.initial_fen = $3
      UNION ALL
      (SELECT mv.ply FROM moves mv
        WHERE mv.match_id = g.id AND mv.ply < $5 AND mv.fen = $3
        ORDER BY mv.ply LIMIT 1)
      LIMIT 1) reached
    JOIN moves nx ON nx.match_id = g.id AND nx.ply = reached.ply + 1
    JOIN matches m ON m.id = g.id
    JOIN players w ON w.id = m.white_id JOIN players b ON b.id = m.black_id`;

export interface PlayerGameRow extends ListedGameRow {
  /** The move played from the position. */
  path: number[];
  capture: boolean;
}

/** A match's progress (RoomSync compares it with what a room heard). */
export interface Progress {
  id: string;
  ply: number;
  fen: string;
  status: string;
  white_id: string;
  black_id: string;
  mark_fen: string | null;
}

@Injectable()
export class MatchQueries {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The match row (NOT_FOUND if there is none): one row by id, by the repository. */
  async load(matchId: string, em: EntityManager = this.db.manager): Promise<Match> {
    const match = await em.getRepository(Match).findOne({ where: { id: matchId } });
    if (!match) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    return match;
  }

  /** A match's variant, or null when there is no such match. */
  /** The tournament a match is played in (null: none, or no such match). */
  async tournamentOf(matchId: string): Promise<string | null> {
    const rows = (await this.db.query(`SELECT tournament_id FROM matches WHERE id = $1`, [
      matchId,
    ])) as { tournament_id: string | null }[];
    return rows[0]?.tournament_id ?? null;
  }

  /** A tournament's games, newest first (its page's list; at most `limit`). */
  async ofTournament(tournamentId: string, limit = 200): Promise<TournamentGame[]> {
    const rows = (await this.db.query(
      `SELECT m.id, m.status, m.result_winner, m.result_reason, m.ply, m.white_id, m.black_id,
              m.white_berserk, m.black_berserk, w.name AS white_name, b.name AS black_name
         FROM matches m JOIN players w ON w.id = m.white_id JOIN players b ON b.id = m.black_id
        WHERE m.tournament_id = $1 ORDER BY m.created_at DESC LIMIT $2`,
      [tournamentId, limit],
    )) as TournamentGameRow[];
    return rows.map((r) => ({
      matchId: r.id,
      round: null,
      white: { id: r.white_id, name: r.white_name, berserk: r.white_berserk },
      black: { id: r.black_id, name: r.black_name, berserk: r.black_berserk },
      status: r.status,
      winner: r.result_winner,
      reason: r.result_reason,
      plies: r.ply,
    }));
  }

  /** Finished games of a tournament with their results (the bench's recount). */
  async tournamentResults(tournamentId: string): Promise<TournamentResultRow[]> {
    return (await this.db.query(
      `SELECT id, white_id, black_id, result_winner, result_reason, ply, white_berserk,
              black_berserk, ended_at FROM matches
        WHERE tournament_id = $1 AND status = 'finished' ORDER BY ended_at, id`,
      [tournamentId],
    )) as TournamentResultRow[];
  }

  async variantOf(matchId: string): Promise<VariantId | null> {
    const rows = (await this.db.query(`SELECT variant FROM matches WHERE id = $1`, [matchId])) as {
      variant: VariantId;
    }[];
    return rows[0]?.variant ?? null;
  }

  /** Who plays a match (and the computer's side), or null when there is no such match. */
  async sides(
    matchId: string,
  ): Promise<{ whiteId: string; blackId: string; computerColor: Color | null } | null> {
    const rows = (await this.db.query(
      `SELECT white_id AS "whiteId", black_id AS "blackId", computer_color AS "computerColor"
         FROM matches WHERE id = $1`,
      [matchId],
    )) as { whiteId: string; blackId: string; computerColor: Color | null }[];
    return rows[0] ?? null;
  }

  async pieces(matchId: string, em: EntityManager = this.db.manager): Promise<Piece[]> {
    return (await em.query(`SELECT ${PIECE_SELECT} FROM pieces WHERE match_id = $1`, [
      matchId,
    ])) as Piece[];
  }

  /** The newest matches in `status`, at most `limit` (the lobby's and TV's list). */
  async latest(status: 'active' | 'finished', limit: number): Promise<Match[]> {
    return (await this.db.query(
      `SELECT ${MATCH_SELECT} FROM matches m WHERE m.status = $1
        ORDER BY m.created_at DESC LIMIT $2`,
      [status, limit],
    )) as Match[];
  }

  /**
   * The live games (active, not correspondence), newest first, at most `limit`: TV's candidates,
   * with the ratings rated games started with (the matches_status index, in order).
   */
  async liveGames(limit: number, from: Queryable = this.db): Promise<LiveGameRow[]> {
    return (await from.query(
      `SELECT id, variant, white_id, black_id, white_rating, black_rating, computer_color,
              clock_initial, clock_increment, created_at
         FROM matches m WHERE status = 'active' AND days IS NULL
          AND NOT EXISTS (SELECT 1 FROM players p
                           WHERE p.id IN (m.white_id, m.black_id) AND p.closed_at IS NOT NULL)
        ORDER BY created_at DESC LIMIT $1`,
      [limit],
    )) as LiveGameRow[];
  }

  /** A match's last move (null: none yet). */
  async lastMove(matchId: string): Promise<MoveFields | null> {
    const rows = (await this.db.query(
      `SELECT ${MOVE_SELECT} FROM moves WHERE match_id = $1 ORDER BY ply DESC LIMIT 1`,
      [matchId],
    )) as MoveFields[];
    return rows[0] ?? null;
  }

  /** A player's games still on, newest first, at most `limit`. */
  async activeOf(playerId: string, limit: number): Promise<Match[]> {
    return (await this.db.query(
      `SELECT ${MATCH_SELECT} FROM matches m
        WHERE m.status = 'active' AND (m.white_id = $1 OR m.black_id = $1)
        ORDER BY m.created_at DESC LIMIT $2`,
      [playerId, limit],
    )) as Match[];
  }

  /**
   * Of these players, the ones in a game now, each with its newest live game (v1.19: the lobby's
   * "following", a profile's "watch"). The partial indexes on active games serve it.
   */
  async liveAmong(playerIds: readonly string[]): Promise<Map<string, string>> {
    if (playerIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT DISTINCT ON (p.id) p.id AS player_id, m.id AS match_id
         FROM unnest($1::uuid[]) AS p (id)
         JOIN matches m ON m.status = 'active' AND (m.white_id = p.id OR m.black_id = p.id)
        ORDER BY p.id, m.created_at DESC`,
      [playerIds],
    )) as { player_id: string; match_id: string }[];
    return new Map(rows.map((r) => [r.player_id, r.match_id]));
  }

  /** A match's moves in order, up to ply `upTo` if given. */
  async moves(
    matchId: string,
    upTo: number | null = null,
    em: EntityManager = this.db.manager,
  ): Promise<MoveFields[]> {
    return (await em.query(
      `SELECT ${MOVE_SELECT} FROM moves
        WHERE match_id = $1 AND ($2::int IS NULL OR ply <= $2) ORDER BY ply`,
      [matchId, upTo],
    )) as MoveFields[];
  }

  /** Active games whose side to move is out of time by `now`: at most `limit` ids. */
  async dueDeadlines(now: Date, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM matches WHERE status = 'active' AND deadline_at <= $1 LIMIT $2`,
      [now, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Every active game against the computer. */
  async computerGames(): Promise<ComputerGameRow[]> {
    return (await this.db.query(
      `SELECT id, computer_color AS color, computer_level AS level FROM matches
        WHERE status = 'active' AND computer_color IS NOT NULL`,
    )) as ComputerGameRow[];
  }

  /** Computer turns whose ply nobody holds a live claim on: at most `limit`. */
  async computerTurnsUnheld(limit: number): Promise<ComputerGameRow[]> {
    return (await this.db.query(
      `SELECT id, computer_color AS color, computer_level AS level FROM matches
        WHERE status = 'active' AND computer_color IS NOT NULL AND turn = computer_color
          AND ${UNCLAIMED}
        LIMIT $1`,
      [limit],
    )) as ComputerGameRow[];
  }

  /**
   * Where each of these matches stands: its ply, position, whether it is over, and the position
   * after the ply asked with it (`mark_fen`; null if the game has no move there) (RoomSync).
   */
  async progressOf(rooms: readonly { id: string; ply: number }[]): Promise<Progress[]> {
    if (rooms.length === 0) return [];
    return (await this.db.query(
      `SELECT m.id, m.ply, m.fen, m.status, m.white_id, m.black_id, mv.fen AS mark_fen
         FROM unnest($1::uuid[], $2::int[]) AS r(id, ply)
         JOIN matches m ON m.id = r.id
         LEFT JOIN moves mv ON mv.match_id = r.id AND mv.ply = r.ply`,
      [rooms.map((r) => r.id), rooms.map((r) => r.ply)],
    )) as Progress[];
  }

  /** Which of these matches are finished. */
  async finishedAmong(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT id FROM matches WHERE id = ANY($1::uuid[]) AND status = 'finished'`,
      [ids],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * The ids of the player's last `limit` finished games against people (the computer's do not
   * count), newest first, in the caller's transaction: fair play's rule reads them.
   */
  async lastFinished(em: EntityManager, playerId: string, limit: number): Promise<string[]> {
    const rows = (await em.query(
      `SELECT id FROM (
         (SELECT id, ended_at FROM matches
           WHERE white_id = $1 AND status = 'finished' AND computer_color IS NULL
           ORDER BY ended_at DESC, id DESC LIMIT $2)
         UNION ALL
         (SELECT id, ended_at FROM matches
           WHERE black_id = $1 AND status = 'finished' AND computer_color IS NULL
           ORDER BY ended_at DESC, id DESC LIMIT $2)
       ) m ORDER BY ended_at DESC, id DESC LIMIT $2`,
      [playerId, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Whether the player ever played a game (in the caller's transaction). */
  async hasPlayed(em: EntityManager, playerId: string): Promise<boolean> {
    const [row] = (await em.query(
      `SELECT EXISTS (SELECT 1 FROM matches WHERE white_id = $1) OR
              EXISTS (SELECT 1 FROM matches WHERE black_id = $1) AS played`,
      [playerId],
    )) as { played: boolean }[];
    return row.played;
  }

  /** A player's finished games counted by outcome (aborted ones aside). `from`: where reads go. */
  async resultCounts(
    playerId: string,
    from: Queryable = this.db,
  ): Promise<{ games: number; wins: number; draws: number; losses: number }> {
    const [row] = (await from.query(
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
      [playerId],
    )) as { games: number; wins: number; draws: number; losses: number }[];
    return row;
  }

  /** A page of an account's finished games (GAMES_SQL), `limit` rows after the keyset `after`. */
  async gamesPage(
    username: string,
    variant: VariantId | null,
    after: { at: string; id: string },
    limit: number,
    from: Queryable = this.db,
  ): Promise<GameRow[]> {
    return (await from.query(GAMES_SQL, [
      username,
      variant,
      after.at,
      after.id,
      limit,
    ])) as GameRow[];
  }

  /** A player's rating after each rated game in a variant, newest first, at most `limit`. */
  async ratingPoints(
    playerId: string,
    variant: VariantId,
    limit: number,
    from: Queryable = this.db,
  ): Promise<
    {
      ended_at: Date;
      rating: number;
      clock_initial: number | null;
      clock_increment: number | null;
      days: number | null;
    }[]
  > {
    return (await from.query(
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
      [playerId, variant, limit],
    )) as {
      ended_at: Date;
      rating: number;
      clock_initial: number | null;
      clock_increment: number | null;
      days: number | null;
    }[];
  }
  /** The first `plies` moves of each game (the explorer's indexing, in its transaction). */
  async openingMoves(
    em: EntityManager,
    ids: readonly string[],
    plies: number,
  ): Promise<OpeningMoveRow[]> {
    return (await em.query(OPENING_MOVES_SQL, [ids, plies])) as OpeningMoveRow[];
  }

  /** The finished games of these ids (an explorer's game lists). */
  async listedGames(ids: readonly string[], from: Queryable = this.db): Promise<ListedGameRow[]> {
    if (ids.length === 0) return [];
    return (await from.query(LISTED_GAMES_SQL, [ids])) as ListedGameRow[];
  }

  /** A player's games as `color` through the position `fen` in its first `plies` plies. */
  async playerThrough(
    playerId: string,
    color: Color,
    variant: VariantId,
    fen: string,
    opts: { games: number; plies: number },
    from: Queryable = this.db,
  ): Promise<PlayerGameRow[]> {
    return (await from.query(PLAYER_THROUGH_SQL(color), [
      playerId,
      variant,
      fen,
      opts.games,
      opts.plies,
    ])) as PlayerGameRow[];
  }
}
