import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { Match } from '../persistence/entities/index.js';
import { PlayersService } from '../players/players.service.js';
import { getVariant, makePdn, opponent, type Move, type VariantId } from '../rules/index.js';
import { positionOf } from './match-rules.js';
import { MatchQueries } from './match-queries.js';

import {
  matchState,
  matchSummary,
  moveEvent,
  type MatchState,
  type MatchSummary,
  type MyGames,
  type MoveEvent,
} from './match-view.js';

/** Matches on the wire: state, lists, legal moves, history, PDN (SQL: MatchQueries). */
@Injectable()
export class MatchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly players: PlayersService,
    private readonly queries: MatchQueries,
  ) {}

  private load(matchId: string, em?: EntityManager): Promise<Match> {
    return this.queries.load(matchId, em);
  }

  /** A match's variant, or null when there is no such match (the edge's checks need it). */
  variantOf(matchId: string): Promise<VariantId | null> {
    return this.queries.variantOf(matchId);
  }

  async state(matchId: string, em: EntityManager = this.db.manager): Promise<MatchState> {
    return this.stateOf(await this.load(matchId, em), em);
  }

  async stateOf(match: Match, em: EntityManager = this.db.manager): Promise<MatchState> {
    const pieces = await this.queries.pieces(match.id, em);
    const names = await this.players.names([match.whiteId, match.blackId], em);
    return matchState(match, pieces, names);
  }

  /** The lobby / TV list: newest first, at most 100. */
  async list(status: 'active' | 'finished'): Promise<MatchSummary[]> {
    const rows = await this.queries.latest(status, 100);
    const names = await this.players.names([
      ...new Set(rows.flatMap((m) => [m.whiteId, m.blackId])),
    ]);
    return rows.map((m) => matchSummary(m, names));
  }

  /**
   * A player's games still on, theirs to move first (soonest deadline first), then the others
   * (their opponent's deadline first). Capped: a player has few games on at once.
   */
  async mine(playerId: string): Promise<MyGames> {
    const rows = await this.queries.activeOf(playerId, 500);
    const names = await this.players.names([
      ...new Set(rows.flatMap((m) => [m.whiteId, m.blackId])),
    ]);
    const deadline = (m: Match) => m.deadlineAt?.getTime() ?? Infinity;
    const mover = (m: Match) => Number(m.turn === (m.whiteId === playerId ? 'white' : 'black'));
    rows.sort((a, b) => mover(b) - mover(a) || deadline(a) - deadline(b));
    const games = rows.map((m) => {
      const color = m.whiteId === playerId ? ('white' as const) : ('black' as const);
      return { ...matchSummary(m, names), fen: m.fen, color, myTurn: m.turn === color };
    });
    return { games, awaiting: games.filter((g) => g.myTurn).length };
  }

  /** Legal moves of the piece on `square` (empty when it may not move now). */
  async movesOf(matchId: string, square: number): Promise<Move[]> {
    const match = await this.load(matchId);
    const variant = getVariant(match.variant);
    if (square > variant.geometry.squares) {
      throw new DomainError('INVALID_PAYLOAD', `square must be 1-${variant.geometry.squares}`);
    }
    if (match.status !== 'active') return [];
    return positionOf(match).movesFrom(square);
  }

  async history(matchId: string): Promise<MoveEvent[]> {
    const match = await this.load(matchId);
    const rows = await this.queries.moves(matchId);
    return rows.map((row) => {
      const last = row.ply === match.ply && match.status === 'finished';
      return moveEvent(row, last ? null : opponent(row.by), !last);
    });
  }

  async pdn(matchId: string): Promise<string> {
    const match = await this.load(matchId);
    const rows = await this.queries.moves(matchId);
    const names = await this.players.names([match.whiteId, match.blackId]);
    const variant = getVariant(match.variant);
    let pos = positionOf({ ...match, fen: match.initialFen });
    const moves: Move[] = [];
    for (const row of rows) {
      const found = pos.findMove({ path: row.path });
      if (!found.ok) throw new Error(`match ${matchId} ply ${row.ply} does not replay`);
      moves.push(found.value);
      pos = pos.play(found.value);
    }
    const state = await this.stateOf(match);
    return makePdn({
      variant,
      initialFen: match.initialFen,
      moves,
      result: state.result,
      tags: {
        Event: 'Damas online game',
        Site: 'Damas',
        Date: match.createdAt.toISOString().slice(0, 10).replace(/-/g, '.'),
        White: names.get(match.whiteId) ?? '?',
        Black: names.get(match.blackId) ?? '?',
      },
    });
  }
}
