/**
 * "Analyse this game": every position of a finished game searched in the engine pool at a fixed
 * node budget, stored once per game (asking again returns the stored analysis), each move marked
 * by the drop in its mover's winning chances (judgement.ts).
 *
 * Whoever stores the row first runs it; its progress is written about once a second, which is
 * also the heartbeat: an analysis whose process died (no write for STALE_MS) is taken over by the
 * next request, on any process. Searches go through the same pool and queue as the computer's
 * moves, a few at a time (one per engine thread), so games against the computer keep their turn.
 */
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type {
  AnalysedPosition,
  AnalysisSummary,
  GameAnalysis,
  Judgement,
} from '../common/protocol.js';
import { pdnLine } from '../computer/analysis.service.js';
import { EnginePool } from '../computer/engine-pool.js';
import { MatchStore } from '../matches/match-store.js';
import type { Match } from '../persistence/entities/index.js';
import { MoveRow } from '../persistence/entities/index.js';
import { getVariant, moveToText, Position, type Move, type VariantId } from '../rules/index.js';
import { judge, whiteEval, winChance } from './judgement.js';

/** Nodes per position: about 0.1 s on 8x8 and 0.13 s on 10x10 at this machine's speed. */
export function budgetFor(variant: VariantId): number {
  return getVariant(variant).geometry.squares > 32 ? 200_000 : 150_000;
}
/** No progress written for this long: the process running it is taken to be gone. */
export const STALE_MS = 15_000;
const WRITE_EVERY_MS = 1_000;
/** Earlier positions given to each search (repetitions, draw counts). */
const HISTORY = 60;

interface Row {
  match_id: string;
  status: GameAnalysis['status'];
  total: number;
  done: number;
  budget_nodes: number;
  positions: AnalysedPosition[];
  summary: GameAnalysis['summary'] | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  stale: boolean;
}

/** The game replayed: each position, and the move played from it (none after the last). */
interface Replay {
  variant: VariantId;
  positions: Position[];
  moves: Move[];
}

@Injectable()
export class GameAnalysisService implements OnApplicationShutdown {
  private readonly log = new Logger('GameAnalysis');
  /** Analyses this process runs: set to stop them (shutting down). */
  private readonly running = new Map<string, { stopped: boolean }>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly pool: EnginePool,
  ) {}

  /** POST: the stored analysis, or a new one started (ENGINE_BUSY when the pool is full). */
  async request(matchId: string): Promise<GameAnalysis> {
    const match = await this.store.load(matchId);
    if (match.status !== 'finished')
      throw new DomainError('ILLEGAL_MOVE', 'the game is still going on: analyse it after the end');
    const known = await this.row(matchId);
    if (known && (known.status === 'done' || (known.status === 'running' && !known.stale)))
      return view(match.variant, known);
    const status = this.pool.status();
    if (status.queued >= status.queueLimit / 2)
      throw new DomainError('ENGINE_BUSY', 'the engine is busy: try again shortly');
    const replay = await this.replay(match);
    const nodes = budgetFor(match.variant);
    const total = replay.positions.length;
    // Exactly one runner: the insert, or the take-over of a stale or failed row, that succeeds
    // (a second take-over waits for the first's row lock, then finds the row fresh).
    const claimed = known
      ? await this.db.query(
          `UPDATE game_analyses SET status = 'running', done = 0, positions = '[]', summary = NULL,
                  total = $2, budget_nodes = $3, updated_at = now(), finished_at = NULL
            WHERE match_id = $1
              AND (status = 'failed' OR updated_at < now() - make_interval(secs => $4))
           RETURNING match_id`,
          [matchId, total, nodes, STALE_MS / 1000],
        )
      : await this.db.query(
          `INSERT INTO game_analyses (match_id, status, total, budget_nodes)
           VALUES ($1, 'running', $2, $3) ON CONFLICT (match_id) DO NOTHING RETURNING match_id`,
          [matchId, total, nodes],
        );
    if (claimedRows(claimed) > 0) {
      const flag = { stopped: false };
      this.running.set(matchId, flag);
      void this.run(matchId, replay, nodes, flag)
        .catch((e: unknown) => this.failed(matchId, e))
        .finally(() => this.running.delete(matchId));
    }
    return view(match.variant, (await this.row(matchId)) as Row);
  }

  /** GET: the analysis as it stands; null if nobody asked for one (NOT_FOUND: no such game). */
  async get(matchId: string): Promise<GameAnalysis | null> {
    const match = await this.store.load(matchId);
    const row = await this.row(matchId);
    return row ? view(match.variant, row) : null;
  }

  onApplicationShutdown(): void {
    for (const flag of this.running.values()) flag.stopped = true;
  }

  private async row(matchId: string): Promise<Row | null> {
    const rows = (await this.db.query(
      `SELECT *, updated_at < now() - make_interval(secs => $2) AS stale
         FROM game_analyses WHERE match_id = $1`,
      [matchId, STALE_MS / 1000],
    )) as Row[];
    return rows[0] ?? null;
  }

  private async replay(match: Match): Promise<Replay> {
    const rows = await this.db
      .getRepository(MoveRow)
      .find({ where: { matchId: match.id }, order: { ply: 'ASC' }, select: { path: true } });
    const start = Position.fromFen(match.variant, match.initialFen);
    if (!start.ok) throw new Error(`match ${match.id}: bad initial FEN`);
    const positions = [start.value];
    const moves: Move[] = [];
    for (const row of rows) {
      const pos = positions[positions.length - 1];
      const found = pos.findMove({ path: row.path });
      if (!found.ok) throw new Error(`match ${match.id}: a stored move does not replay`);
      moves.push(found.value);
      positions.push(pos.play(found.value));
    }
    return { variant: match.variant, positions, moves };
  }

  private async run(
    matchId: string,
    game: Replay,
    nodes: number,
    flag: { stopped: boolean },
  ): Promise<void> {
    const out: AnalysedPosition[] = [];
    const width = Math.max(1, this.pool.status().threads);
    let written = Date.now();
    for (let i = 0; i < game.positions.length; i += width) {
      const batch = game.positions
        .slice(i, i + width)
        .map((_, k) => this.position(game, i + k, nodes));
      out.push(...(await Promise.all(batch)));
      if (flag.stopped) return; // shutting down: the row goes stale, the next request resumes it
      if (Date.now() - written >= WRITE_EVERY_MS) {
        written = Date.now();
        mark(out, game);
        await this.db.query(
          `UPDATE game_analyses SET done = $2, positions = $3, updated_at = now()
            WHERE match_id = $1 AND status = 'running'`,
          [matchId, out.length, JSON.stringify(out)],
        );
      }
    }
    mark(out, game);
    await this.db.query(
      `UPDATE game_analyses SET status = 'done', done = $2, positions = $3, summary = $4,
              updated_at = now(), finished_at = now()
        WHERE match_id = $1 AND status = 'running'`,
      [matchId, out.length, JSON.stringify(out), JSON.stringify(summarise(out))],
    );
  }

  /** One position searched (a position with no move to play is not: its side has lost). */
  private async position(game: Replay, i: number, nodes: number): Promise<AnalysedPosition> {
    const pos = game.positions[i];
    const played = game.moves[i];
    const base = { ply: i, fen: pos.fen, ...(played ? { move: moveToText(pos, played) } : {}) };
    if (pos.legalMoves().length === 0) {
      const e = { mate: pos.turn === 'white' ? -1 : 1 };
      return { ...base, eval: null, chance: winChance(e), best: null, pv: [], depth: 0, nodes: 0 };
    }
    const history = game.positions.slice(Math.max(0, i - HISTORY), i).map((p) => p.fen);
    const r = await this.think(game.variant, pos.fen, history, nodes);
    const e = whiteEval(r.score, pos.turn);
    return {
      ...base,
      eval: e,
      chance: Math.round(winChance(e) * 1000) / 1000,
      best: r.bestMove ? moveToText(pos, r.bestMove) : null,
      pv: pdnLine(pos, r.pv),
      depth: r.depth,
      nodes: r.nodes,
    };
  }

  /** A search, waiting for room when the pool's queue is full. */
  private async think(variant: VariantId, fen: string, history: string[], nodes: number) {
    for (let tries = 0; ; tries++) {
      try {
        return await this.pool.think({ variant, fen, history, limits: { nodes } }).reply;
      } catch (e) {
        if (!(e instanceof DomainError && e.code === 'ENGINE_BUSY') || tries >= 120) throw e;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  private async failed(matchId: string, e: unknown): Promise<void> {
    this.log.warn(`analysis of ${matchId} failed: ${String(e)}`);
    await this.db
      .query(`UPDATE game_analyses SET status = 'failed', updated_at = now() WHERE match_id = $1`, [
        matchId,
      ])
      .catch(() => undefined);
  }
}

const claimedRows = (r: unknown): number => (Array.isArray(r) ? r.length : 0);

/** Marks every move whose next position is scored: what it lost, and its judgement. */
function mark(out: AnalysedPosition[], game: Replay): void {
  for (let i = 0; i + 1 < out.length; i++) {
    const pos = game.positions[i];
    const { loss, judgement } = judge(pos.turn, out[i].chance, out[i + 1].chance);
    out[i].loss = loss;
    // A forced move, or the engine's own choice, is never marked.
    const forced = pos.legalMoves().length === 1;
    out[i].judgement = forced || out[i].move === out[i].best ? null : judgement;
  }
}

function summarise(out: AnalysedPosition[]): { white: AnalysisSummary; black: AnalysisSummary } {
  const side = (color: 'white' | 'black'): AnalysisSummary => {
    const mine = out.filter(
      (p) => p.loss !== undefined && (p.fen.startsWith('W') ? 'white' : 'black') === color,
    );
    const count = (j: Judgement) => mine.filter((p) => p.judgement === j).length;
    const total = mine.reduce((a, p) => a + (p.loss ?? 0), 0);
    return {
      inaccuracies: count('inaccuracy'),
      mistakes: count('mistake'),
      blunders: count('blunder'),
      averageLoss: mine.length ? Math.round((total / mine.length) * 1000) / 1000 : 0,
    };
  };
  return { white: side('white'), black: side('black') };
}

function view(variant: VariantId, row: Row): GameAnalysis {
  return {
    matchId: row.match_id,
    variant,
    // A run whose process is gone reads as running until someone asks again (and takes it over).
    status: row.status,
    progress: { done: row.done, total: row.total },
    budget: { nodes: row.budget_nodes },
    positions: row.positions,
    ...(row.summary ? { summary: row.summary } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}
