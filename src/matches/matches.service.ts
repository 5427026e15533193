import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError, fromRulesError } from '../common/errors.js';
import { Match, MoveRow, Piece } from '../persistence/entities/index.js';
import { PlayersService } from '../players/players.service.js';
import {
  getVariant,
  isVariantId,
  makePdn,
  opponent,
  Position,
  startGame,
  type Move,
  type VariantId,
} from '../rules/index.js';

import {
  matchState,
  matchSummary,
  moveEvent,
  type MatchState,
  type MatchSummary,
  type MoveEvent,
} from './match-view.js';

export interface ClockSetting {
  initial: number;
  increment: number;
}

/** Creating matches and reading them; the move pipeline lives in MovementService. */
@Injectable()
export class MatchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly players: PlayersService,
  ) {}

  /** Inserts a match and its pieces inside the caller's transaction. */
  async create(
    em: EntityManager,
    opts: {
      variant: VariantId;
      whiteId: string;
      blackId: string;
      clock: ClockSetting | null;
      fen?: string;
    },
  ): Promise<Match> {
    const variant = getVariant(opts.variant);
    let position = Position.initial(variant);
    if (opts.fen !== undefined) {
      const parsed = Position.fromFen(variant, opts.fen);
      if (!parsed.ok) throw fromRulesError(parsed.error);
      position = parsed.value;
    }
    const game = startGame(position);
    const now = new Date();
    const match = em.getRepository(Match).create({
      id: randomUUID(),
      variant: variant.id,
      whiteId: opts.whiteId,
      blackId: opts.blackId,
      status: 'active',
      turn: position.turn,
      ply: 0,
      fen: position.fen,
      initialFen: position.fen,
      counters: game.counters,
      resultWinner: null,
      resultReason: null,
      resultRule: null,
      clockInitial: opts.clock?.initial ?? null,
      clockIncrement: opts.clock?.increment ?? null,
      whiteMs: opts.clock?.initial ?? null,
      blackMs: opts.clock?.initial ?? null,
      turnStartedAt: opts.clock ? now : null,
      deadlineAt: opts.clock ? new Date(now.getTime() + opts.clock.initial) : null,
      whiteAbsentSince: null,
      blackAbsentSince: null,
      rematchOfferBy: null,
      rematchId: null,
      drawOfferBy: null,
      version: 1,
      endedAt: null,
    });
    await em.getRepository(Match).insert(match);
    const pieces = position.pieces().map((p, i) => ({
      matchId: match.id,
      id: i + 1,
      color: p.color,
      king: p.king,
      square: p.square,
    }));
    await em.getRepository(Piece).insert(pieces);
    return match;
  }

  async load(matchId: string, em: EntityManager = this.db.manager): Promise<Match> {
    const match = await em.getRepository(Match).findOne({ where: { id: matchId } });
    if (!match) throw new DomainError('NOT_FOUND', `no match ${matchId}`);
    return match;
  }

  async state(matchId: string, em: EntityManager = this.db.manager): Promise<MatchState> {
    return this.stateOf(await this.load(matchId, em), em);
  }

  async stateOf(match: Match, em: EntityManager = this.db.manager): Promise<MatchState> {
    const pieces = await em.getRepository(Piece).find({ where: { matchId: match.id } });
    const names = await this.players.names([match.whiteId, match.blackId], em);
    return matchState(match, pieces, names);
  }

  /** The lobby / TV list: newest first, at most 100. */
  async list(status: 'active' | 'finished'): Promise<MatchSummary[]> {
    const rows = await this.db
      .getRepository(Match)
      .find({ where: { status }, order: { createdAt: 'DESC' }, take: 100 });
    const names = await this.players.names([
      ...new Set(rows.flatMap((m) => [m.whiteId, m.blackId])),
    ]);
    return rows.map((m) => matchSummary(m, names));
  }

  /** Legal moves of the piece on `square` (empty when it may not move now). */
  async movesOf(matchId: string, square: number): Promise<Move[]> {
    const match = await this.load(matchId);
    const variant = getVariant(match.variant as VariantId);
    if (square > variant.geometry.squares) {
      throw new DomainError('INVALID_PAYLOAD', `square must be 1-${variant.geometry.squares}`);
    }
    if (match.status !== 'active') return [];
    return this.position(match).movesFrom(square);
  }

  position(match: Match): Position {
    const parsed = Position.fromFen(match.variant, match.fen);
    if (!parsed.ok) throw new Error(`match ${match.id} holds a bad FEN: ${parsed.error.message}`);
    return parsed.value;
  }

  async history(matchId: string): Promise<MoveEvent[]> {
    const match = await this.load(matchId);
    const rows = await this.db
      .getRepository(MoveRow)
      .find({ where: { matchId }, order: { ply: 'ASC' } });
    return rows.map((row) => {
      const last = row.ply === match.ply && match.status === 'finished';
      return moveEvent(row, last ? null : opponent(row.by), !last);
    });
  }

  async pdn(matchId: string): Promise<string> {
    const match = await this.load(matchId);
    const rows = await this.db
      .getRepository(MoveRow)
      .find({ where: { matchId }, order: { ply: 'ASC' } });
    const names = await this.players.names([match.whiteId, match.blackId]);
    const variant = getVariant(match.variant as VariantId);
    let pos = this.positionFrom(match.variant, match.initialFen);
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

  private positionFrom(variant: string, fen: string): Position {
    if (!isVariantId(variant)) throw new Error(`unknown stored variant ${variant}`);
    const parsed = Position.fromFen(variant, fen);
    if (!parsed.ok) throw new Error(`bad stored FEN ${fen}`);
    return parsed.value;
  }
}
