/**
 * The explorer's indexing, off the move path: finished games wait in the `matches_unexplored`
 * partial index; every process takes batches of them every EXPLORER_INDEX_MS (so the first beat
 * after a restart takes what finished while none ran), each batch in one transaction that marks
 * its games explored and adds their cells.
 * A move's commit never waits on it: the batch locks finished games only.
 */
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CONFIG, type Config } from '../config.js';
import { every, type Loop } from '../common/every.js';
import { EXPLORER_PLIES } from '../common/protocol.js';
import {
  MatchQueries,
  MatchStore,
  type OpeningMoveRow,
  type UnexploredGame,
} from '../matches/index.js';
import { speedOfColumns } from '../ratings/speed.js';
import { isVariantId } from '../rules/index.js';
import { siteParams, UPSERT_SITE_SQL } from './explorer-queries.js';
import { gameCells, mergeCells, type Cell, type IndexedGame } from './explorer-rules.js';

/** Games a batch takes: its transaction stays short (tens of ms) while catching up a backlog. */
export const EXPLORER_BATCH = 100;

/**
 * A game the explorer counts: one between people that was played (not aborted, not against the
 * computer or a bot account). The player route's SQL (MatchQueries.playerThrough) keeps the same
 * games.
 */
export const explorable = (r: UnexploredGame): boolean =>
  r.computer_color === null &&
  !r.bot &&
  r.result_reason !== 'aborted' &&
  r.ply > 0 &&
  isVariantId(r.variant);

@Injectable()
export class ExplorerIndexer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Explorer');
  private loop?: Loop;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CONFIG) private readonly config: Config,
    private readonly store: MatchStore,
    private readonly queries: MatchQueries,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = every(
      this.config.explorerIndexMs,
      () => this.catchUp(),
      (e) => this.log.warn(`indexing failed: ${String(e)}`),
    );
  }

  onModuleDestroy(): void {
    this.loop?.stop();
  }

  /** Batches until no finished game is left unexplored; the games indexed (skipped ones not counted). */
  async catchUp(batch = EXPLORER_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, indexed } = await this.indexBatch(batch);
      total += indexed;
      if (claimed < batch) return total;
      // Let a move's work in between: catching up a long history must not hog the event loop.
      await new Promise((r) => setImmediate(r));
    }
  }

  /** One batch in one transaction; two processes' batches deadlock at worst once: retried. */
  async indexBatch(size: number): Promise<{ claimed: number; indexed: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((em) => this.batchIn(em, size));
      } catch (e) {
        if (attempt >= 3 || (e as { code?: string }).code !== '40P01') throw e;
      }
    }
  }

  private async batchIn(em: EntityManager, size: number) {
    const claimed = await this.store.claimUnexplored(em, size);
    const games = claimed.filter(explorable);
    if (games.length === 0) return { claimed: claimed.length, indexed: 0 };
    const moves = await this.queries.openingMoves(
      em,
      games.map((g) => g.id),
      EXPLORER_PLIES,
    );
    const byGame = new Map<string, OpeningMoveRow[]>();
    for (const m of moves) {
      const list = byGame.get(m.match_id);
      if (list) list.push(m);
      else byGame.set(m.match_id, [m]);
    }
    const cells: Cell[] = [];
    for (const g of games) {
      // A game that cannot be read is skipped (it stays marked): it must not stop the queue.
      try {
        cells.push(...gameCells(toIndexed(g, byGame.get(g.id) ?? [])));
      } catch (e) {
        this.log.warn(`game ${g.id} not indexed: ${String(e)}`);
      }
    }
    const merged = mergeCells(cells);
    if (merged.length > 0) await em.query(UPSERT_SITE_SQL, siteParams(merged));
    return { claimed: claimed.length, indexed: games.length };
  }
}

export function toIndexed(g: UnexploredGame, moves: readonly OpeningMoveRow[]): IndexedGame {
  return {
    id: g.id,
    variant: g.variant as IndexedGame['variant'],
    initialFen: g.initial_fen,
    winner: g.result_winner,
    speed: speedOfColumns(g.clock_initial, g.clock_increment, g.days),
    whiteRating: g.white_rating,
    blackRating: g.black_rating,
    at: (g.ended_at ? new Date(g.ended_at) : new Date()).toISOString(),
    moves: moves.map((m) => ({ path: m.path, captures: m.captures, promoted: m.promoted })),
  };
}
