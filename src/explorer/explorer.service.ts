/**
 * The explorer's reads: a position's moves with their results and game lists, from the site's
 * index (filtered by speed and rating band), from the masters' index, or from one player's games.
 * Each is one indexed range read of the position's rows plus one read of at most 8 games.
 */
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors.js';
import {
  EXPLORER_PLIES,
  RATING_BANDS,
  SPEEDS,
  type ExplorerAnswer,
  type ExplorerGame,
  type ExplorerMove,
  type RatingBand,
  type Speed,
} from '../common/protocol.js';
import { rawSql, type RawSql } from '../persistence/raw-sql.js';
import { ReadSide } from '../persistence/read-side.js';
import { PlayersService } from '../players/players.service.js';
import { speedOfColumns } from '../ratings/speed.js';
import { moveToText, parseMoveText, Position, type VariantId } from '../rules/index.js';
import { MatchQueries } from '../matches/index.js';
import {
  MASTER_GAMES_SQL,
  MASTER_PDN_SQL,
  MASTERS_READ_SQL,
  SITE_READ_SQL,
  type ReadRow,
} from './explorer-queries.js';
import { boardKey, pathText, speedIndex, textPath } from './explorer-rules.js';
import { openingByFen } from './opening-names.js';

/** Games in each list. */
const LIST = 4;
/** The deepest ply an opening's name is looked for at (the tables' lines are shorter). */
const NAMED_PLIES = 40;
/** A player's games looked at, newest first. */
export const PLAYER_GAMES = 500;

export interface PositionQuery {
  variant: VariantId;
  fen?: string;
  /** Most moves listed. */
  moves: number;
  /** The moves from the start that led here (move texts), for the opening's name. */
  play?: string[];
  /** The lists' lengths (default and most: 4). */
  topGames?: number;
  recentGames?: number;
}

export interface SiteQuery extends PositionQuery {
  speeds?: Speed[];
  ratings?: RatingBand[];
}

export interface PlayerQuery extends PositionQuery {
  name: string;
  color: 'white' | 'black';
  speeds?: Speed[];
}

interface Tally {
  move: string;
  white: number;
  draws: number;
  black: number;
  ratingSum: number;
  rated: number;
}

@Injectable()
export class ExplorerService {
  constructor(
    private readonly reads: ReadSide,
    private readonly queries: MatchQueries,
    private readonly players: PlayersService,
  ) {}

  /** Every read here tolerates a lag: the read replica's, if there is one. */
  private get sql(): RawSql {
    return rawSql(this.reads.lagging);
  }

  async site(q: SiteQuery): Promise<ExplorerAnswer> {
    const pos = this.position(q);
    const speeds = (q.speeds?.length ? q.speeds : SPEEDS).map(speedIndex);
    const bands = (q.ratings?.length ? q.ratings : RATING_BANDS).map((r) =>
      RATING_BANDS.indexOf(r),
    );
    const rows = await this.sql.query<ReadRow>('explorer-site', SITE_READ_SQL, [
      boardKey(pos.board, pos.turn),
      pos.variant.id,
      speeds,
      bands,
    ]);
    const picks = pickGames(rows);
    const games = await this.siteGames([...picks.top, ...picks.recent].map((p) => p.id));
    return this.answer(pos, q, rows, picks, games);
  }

  async masters(q: PositionQuery): Promise<ExplorerAnswer> {
    const pos = this.position(q);
    const rows = await this.sql.query<ReadRow>('explorer-masters', MASTERS_READ_SQL, [
      boardKey(pos.board, pos.turn),
      pos.variant.id,
    ]);
    const picks = pickGames(rows);
    const ids = [...picks.top, ...picks.recent].map((p) => p.id);
    const games = new Map<string, Omit<ExplorerGame, 'move'>>();
    if (ids.length > 0)
      for (const g of await this.sql.query<MasterGameRow>(
        'explorer-master-games',
        MASTER_GAMES_SQL,
        [ids],
      ))
        games.set(g.id, {
          id: g.id,
          white: { name: g.white, rating: g.white_rating },
          black: { name: g.black, rating: g.black_rating },
          winner: g.winner,
          speed: null,
          date: g.played_on,
          event: g.event,
        });
    return this.answer(pos, q, rows, picks, games);
  }

  /** One account's games through the position as `color`, its latest PLAYER_GAMES looked at. */
  async player(q: PlayerQuery): Promise<ExplorerAnswer> {
    const pos = this.position(q);
    const who = await this.players.account(q.name, this.reads.lagging);
    const rows = await this.queries.playerThrough(
      who.id,
      q.color,
      pos.variant.id,
      pos.fen,
      {
        games: PLAYER_GAMES,
        plies: EXPLORER_PLIES,
      },
      this.reads.lagging,
    );
    const speeds = q.speeds?.length ? new Set(q.speeds) : null;
    const games = rows
      .map((r) => ({ r, speed: speedOfColumns(r.clock_initial, r.clock_increment, r.days) }))
      .filter((g) => speeds === null || speeds.has(g.speed));
    const tallies = new Map<string, Tally>();
    for (const { r } of games) {
      const move = pathText(r.path, r.capture);
      const t = tallies.get(move) ?? { move, white: 0, draws: 0, black: 0, ratingSum: 0, rated: 0 };
      if (r.result_winner === 'white') t.white++;
      else if (r.result_winner === 'black') t.black++;
      else t.draws++;
      if (r.white_rating !== null && r.black_rating !== null) {
        t.ratingSum += Math.round((r.white_rating + r.black_rating) / 2);
        t.rated++;
      }
      tallies.set(move, t);
    }
    const recent = games
      .sort((a, b) => +new Date(b.r.ended_at) - +new Date(a.r.ended_at))
      .slice(0, LIST)
      .map(({ r, speed }) => ({
        id: r.id,
        white: { name: r.white_name, rating: r.white_rating },
        black: { name: r.black_name, rating: r.black_rating },
        winner: r.result_winner,
        speed,
        date: new Date(r.ended_at).toISOString().slice(0, 10),
        event: null,
        move: pathText(r.path, r.capture),
      }));
    return this.shape(pos, q, [...tallies.values()], [], recent);
  }

  /** One imported game's PDN. */
  async masterPdn(id: string): Promise<string> {
    const [row] = await this.sql.query<{ pdn: string }>('explorer-master-pdn', MASTER_PDN_SQL, [
      id,
    ]);
    if (!row) throw new DomainError('NOT_FOUND', `no imported game ${id}`);
    return row.pdn;
  }

  /** The position asked about: `fen`, else the end of `play`, else the start; a bad one is 400. */
  private position(q: PositionQuery): Position {
    if (q.fen !== undefined) {
      const p = Position.fromFen(q.variant, q.fen);
      if (!p.ok) throw new DomainError('INVALID_PAYLOAD', `fen: ${p.error.message}`);
      return p.value;
    }
    return q.play ? this.walk(q.variant, q.play).pos : Position.initial(q.variant);
  }

  /** `play` from the start; a move that is not legal is 400. */
  private walk(variant: VariantId, play: readonly string[]) {
    let pos = Position.initial(variant);
    const fens = [pos.fen];
    for (const [i, text] of play.entries()) {
      const m = parseMoveText(pos, text);
      if (!m.ok) throw new DomainError('INVALID_PAYLOAD', `play[${i}]: ${m.error.message}`);
      pos = pos.play(m.value);
      fens.push(pos.fen);
    }
    return { pos, fens };
  }

  /** The name of the deepest named position on the way (`play`), else of the position itself. */
  private opening(pos: Position, play: readonly string[] | undefined) {
    const own = openingByFen(pos.variant.id, pos.fen);
    if (own || !play?.length) return own;
    const { pos: end, fens } = this.walk(pos.variant.id, play);
    if (end.fen !== pos.fen) return null;
    // Named lines are short: the name is the deepest one within the first NAMED_PLIES.
    fens.length = Math.min(fens.length, NAMED_PLIES + 1);
    for (let i = fens.length - 1; i >= 0; i--) {
      const name = openingByFen(pos.variant.id, fens[i]);
      if (name) return name;
    }
    return null;
  }

  private async siteGames(ids: string[]): Promise<Map<string, Omit<ExplorerGame, 'move'>>> {
    const games = new Map<string, Omit<ExplorerGame, 'move'>>();
    if (ids.length === 0) return games;
    for (const g of await this.queries.listedGames(ids, this.reads.lagging))
      games.set(g.id, {
        id: g.id,
        white: { name: g.white_name, rating: g.white_rating },
        black: { name: g.black_name, rating: g.black_rating },
        winner: g.result_winner,
        speed: speedOfColumns(g.clock_initial, g.clock_increment, g.days),
        date: new Date(g.ended_at).toISOString().slice(0, 10),
        event: null,
      });
    return games;
  }

  private answer(
    pos: Position,
    q: PositionQuery,
    rows: readonly ReadRow[],
    picks: Picks,
    games: Map<string, Omit<ExplorerGame, 'move'>>,
  ): ExplorerAnswer {
    const tallies = new Map<string, Tally>();
    for (const r of rows) {
      const t = tallies.get(r.move) ?? {
        move: r.move,
        white: 0,
        draws: 0,
        black: 0,
        ratingSum: 0,
        rated: 0,
      };
      t.white += r.white;
      t.draws += r.draws;
      t.black += r.black;
      t.ratingSum += Number(r.rating_sum);
      t.rated += r.rated;
      tallies.set(r.move, t);
    }
    const list = (ps: readonly Pick[]): ExplorerGame[] =>
      ps.flatMap((p) => {
        const g = games.get(p.id);
        const text = this.text(pos, p.move);
        return g && text ? [{ ...g, move: text }] : [];
      });
    return this.shape(
      pos,
      q,
      [...tallies.values()],
      list(picks.top).slice(0, q.topGames ?? LIST),
      list(picks.recent).slice(0, q.recentGames ?? LIST),
    );
  }

  private shape(
    pos: Position,
    q: PositionQuery,
    tallies: readonly Tally[],
    topGames: ExplorerGame[],
    recentGames: ExplorerGame[],
  ): ExplorerAnswer {
    const moves: ExplorerMove[] = [];
    for (const t of tallies) {
      const text = this.text(pos, t.move);
      if (!text) continue; // a key collision's stranger: not a move here
      moves.push({
        move: text,
        path: textPath(t.move),
        white: t.white,
        draws: t.draws,
        black: t.black,
        averageRating: t.rated > 0 ? Math.round(t.ratingSum / t.rated) : null,
      });
    }
    const games = (m: ExplorerMove) => m.white + m.draws + m.black;
    moves.sort((a, b) => games(b) - games(a) || (a.move < b.move ? -1 : 1));
    const sum = (k: 'white' | 'draws' | 'black') => moves.reduce((s, m) => s + m[k], 0);
    return {
      variant: pos.variant.id,
      fen: pos.fen,
      white: sum('white'),
      draws: sum('draws'),
      black: sum('black'),
      moves: moves.slice(0, q.moves),
      topGames,
      recentGames,
      opening: this.opening(pos, q.play),
    };
  }

  /** A stored move (its path) as the position writes it; null when it is not a move here. */
  private text(pos: Position, stored: string): string | null {
    const m = pos.findMove({ path: textPath(stored) });
    return m.ok && pathText(m.value.path, m.value.captures.length > 0) === stored
      ? moveToText(pos, m.value)
      : null;
  }
}

interface Pick {
  id: string;
  move: string;
}
interface Picks {
  top: Pick[];
  recent: Pick[];
}

/** The top games (rated ones, highest first) and the latest, each game once. */
function pickGames(rows: readonly ReadRow[]): Picks {
  const distinct = (sorted: { id: string; move: string }[]) => {
    const seen = new Set<string>();
    return sorted.filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(0, LIST);
  };
  const top = distinct(
    rows
      .filter((r) => r.top_rating > 0)
      .sort((a, b) => b.top_rating - a.top_rating || (a.top_game < b.top_game ? 1 : -1))
      .map((r) => ({ id: r.top_game, move: r.move })),
  );
  const at = (r: ReadRow) =>
    String(r.last_at instanceof Date ? r.last_at.toISOString() : r.last_at);
  const recent = distinct(
    rows
      .slice()
      .sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : a.last_game < b.last_game ? 1 : -1))
      .map((r) => ({ id: r.last_game, move: r.move })),
  );
  return { top, recent };
}

interface MasterGameRow {
  id: string;
  white: string;
  black: string;
  white_rating: number | null;
  black_rating: number | null;
  winner: 'white' | 'black' | null;
  event: string | null;
  played_on: string;
}
