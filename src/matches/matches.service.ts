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

export interface MatchSpec {
  variant: VariantId;
  whiteId: string;
  blackId: string;
  clock: ClockSetting | null;
  /** A start position other than the variant's (test API). */
  fen?: string;
}

/** A new match as values (not yet stored): its row and its pieces' rows. */
function newMatch(spec: MatchSpec, now: Date): { match: Match; pieces: Piece[] } {
  const variant = getVariant(spec.variant);
  let position = Position.initial(variant);
  if (spec.fen !== undefined) {
    const parsed = Position.fromFen(variant, spec.fen);
    if (!parsed.ok) throw fromRulesError(parsed.error);
    position = parsed.value;
  }
  const game = startGame(position);
  const match: Match = {
    id: randomUUID(),
    variant: variant.id,
    whiteId: spec.whiteId,
    blackId: spec.blackId,
    status: 'active',
    turn: position.turn,
    ply: 0,
    fen: position.fen,
    initialFen: position.fen,
    counters: game.counters,
    resultWinner: null,
    resultReason: null,
    resultRule: null,
    clockInitial: spec.clock?.initial ?? null,
    clockIncrement: spec.clock?.increment ?? null,
    whiteMs: spec.clock?.initial ?? null,
    blackMs: spec.clock?.initial ?? null,
    turnStartedAt: spec.clock ? now : null,
    deadlineAt: spec.clock ? new Date(now.getTime() + spec.clock.initial) : null,
    whiteAbsentSince: null,
    blackAbsentSince: null,
    rematchOfferBy: null,
    rematchId: null,
    drawOfferBy: null,
    version: 1,
    createdAt: now,
    endedAt: null,
  } as Match;
  const pieces = position
    .pieces()
    .map(
      (p, i) =>
        ({ matchId: match.id, id: i + 1, color: p.color, king: p.king, square: p.square }) as Piece,
    );
  return { match, pieces };
}

/** Creating matches and reading them; the move pipeline lives in MovementService. */
@Injectable()
export class MatchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly players: PlayersService,
  ) {}

  /** Inserts a match and its pieces inside the caller's transaction. */
  async create(em: EntityManager, spec: MatchSpec): Promise<Match> {
    return (await this.createMany(em, [spec]))[0].match;
  }

  /**
   * Inserts matches and their pieces inside the caller's transaction: two statements however
   * many matches (the queue pairs thousands at once). Returns each with its pieces.
   */
  async createMany(
    em: EntityManager,
    specs: readonly MatchSpec[],
  ): Promise<{ match: Match; pieces: Piece[] }[]> {
    const now = new Date();
    const made = specs.map((spec) => newMatch(spec, now));
    if (made.length === 0) return made;
    const ms = made.map((x) => x.match);
    await em.query(
      `INSERT INTO matches (id, variant, white_id, black_id, status, turn, ply, fen, initial_fen,
         counters, clock_initial, clock_increment, white_ms, black_ms, turn_started_at,
         deadline_at, version, created_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[],
         $6::text[], $7::int[], $8::text[], $9::text[], $10::jsonb[], $11::int[], $12::int[],
         $13::int[], $14::int[], $15::timestamptz[], $16::timestamptz[], $17::int[],
         $18::timestamptz[])`,
      [
        ms.map((m) => m.id),
        ms.map((m) => m.variant),
        ms.map((m) => m.whiteId),
        ms.map((m) => m.blackId),
        ms.map((m) => m.status),
        ms.map((m) => m.turn),
        ms.map((m) => m.ply),
        ms.map((m) => m.fen),
        ms.map((m) => m.initialFen),
        ms.map((m) => JSON.stringify(m.counters)),
        ms.map((m) => m.clockInitial),
        ms.map((m) => m.clockIncrement),
        ms.map((m) => m.whiteMs),
        ms.map((m) => m.blackMs),
        ms.map((m) => m.turnStartedAt?.toISOString() ?? null),
        ms.map((m) => m.deadlineAt?.toISOString() ?? null),
        ms.map((m) => m.version),
        ms.map((m) => m.createdAt.toISOString()),
      ],
    );
    const ps = made.flatMap((x) => x.pieces);
    await em.query(
      `INSERT INTO pieces (match_id, id, color, king, square)
       SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::text[], $4::bool[], $5::smallint[])`,
      [
        ps.map((p) => p.matchId),
        ps.map((p) => p.id),
        ps.map((p) => p.color),
        ps.map((p) => p.king),
        ps.map((p) => p.square),
      ],
    );
    return made;
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
