/**
 * "Analyse this game": every position of a finished game searched in the engine pool at a fixed
 * node budget, stored once per game (asking again returns the stored analysis), each move marked
 * by the drop in its mover's winning chances (judgement.ts).
 *
 * Whoever stores the row first runs it; its progress is written about once a second, which is
 * also the heartbeat: an analysis whose process died (no write for ANALYSIS_STALE_MS) is taken over by the
 * next request, on any process. Searches go through the same pool and queue as the computer's
 * moves, one per engine thread at a time and only while the queue is less than half full, at
 * most MAX_RUNNING analyses per process: games against the computer keep their turn.
 */
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { CONFIG, type Config } from '../config.js';
import type {
  AnalysedPosition,
  AnalysisSummary,
  GameAnalysis,
  Judgement,
} from '../common/protocol.js';
import { EnginePool } from '../computer/index.js';
import { every } from '../common/every.js';
import { MatchQueries } from '../matches/index.js';
import { returnedRows } from '../persistence/raw-sql.js';
import type { Match } from '../persistence/entities/index.js';
import {
  getVariant,
  lineToText,
  moveToText,
  Position,
  type Move,
  type VariantId,
} from '../rules/index.js';
import { judge, whiteEval, winChance } from './judgement.js';

/**
 * Nodes per position: about 0.09 s on 8x8 and 0.16 s on 10x10 on one engine thread here. Before
 * issue 33 they were 150,000 and 200,000; since then the learned evaluation's nodes are dearer,
 * the reductions reach deeper on fewer of them (depth 10 at 130,000 on 10x10, where the old
 * search reached 8 at 200,000), and a forced position is searched too (searchForced below), so
 * a 100-ply analysis stays within its 10 s (8x8) and 20 s (10x10).
 */
export function budgetFor(variant: VariantId): number {
  return getVariant(variant).geometry.squares > 32 ? NODES_10X10 : NODES_8X8;
}
const NODES_8X8 = 130_000;
const NODES_10X10 = 130_000;
/** How often a running analysis writes its progress (its heartbeat: config.analysisStaleMs). */
const WRITE_EVERY_MS = 1_000;
/** Analyses one process runs at once (more: ENGINE_BUSY), so the computer's moves keep their turn. */
export const MAX_RUNNING = 2;
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

/** The game replayed: each position, the move played from it (none after the last), and how many moves it had. */
interface Replay {
  variant: VariantId;
  positions: Position[];
  moves: Move[];
  choices: number[];
}

/** A run of this process: its id in the row, and whether it should stop. */
interface Run {
  id: string;
  stopped: boolean;
}

@Injectable()
export class GameAnalysisService implements OnApplicationShutdown {
  private readonly log = new Logger('GameAnalysis');
  /** Analyses this process runs, by game: stopped when shutting down or taken over. */
  private readonly running = new Map<string, Run>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly queries: MatchQueries,
    private readonly pool: EnginePool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  private get staleSeconds(): number {
    return this.config.analysisStaleMs / 1000;
  }

  /** POST: the stored analysis, or a new one started (ENGINE_BUSY when the pool is full). */
  async request(matchId: string): Promise<GameAnalysis> {
    const match = await this.queries.load(matchId);
    if (match.status !== 'finished')
      throw new DomainError(
        'REFUSED',
        'the game is still going on: analyse it after the end',
        'GAME_GOING_ON',
      );
    const known = await this.row(matchId);
    if (known && (known.status === 'done' || (known.status === 'running' && !known.stale)))
      return view(match.variant, known);
    if (known && this.running.has(matchId)) return view(match.variant, known);
    const status = this.pool.status();
    if (this.running.size >= MAX_RUNNING || status.queued >= status.queueLimit / 2)
      throw new DomainError('ENGINE_BUSY', 'the engine is busy: try again shortly');
    const replay = await this.replay(match);
    const nodes = budgetFor(match.variant);
    const total = replay.positions.length;
    const run: Run = { id: randomUUID(), stopped: false };
    // Exactly one runner: the insert, or the take-over of a stale or failed row, that succeeds
    // (a second take-over waits for the first's row lock, then finds the row fresh).
    const claimed = known
      ? await this.db.query(
          `UPDATE game_analyses SET status = 'running', run_id = $5, done = 0, positions = '[]',
                  summary = NULL, total = $2, budget_nodes = $3, updated_at = now(),
                  finished_at = NULL
            WHERE match_id = $1 AND status <> 'done'
              AND (status = 'failed' OR updated_at < now() - make_interval(secs => $4))
           RETURNING match_id`,
          [matchId, total, nodes, this.staleSeconds, run.id],
        )
      : await this.db.query(
          `INSERT INTO game_analyses (match_id, status, run_id, total, budget_nodes)
           VALUES ($1, 'running', $4, $2, $3) ON CONFLICT (match_id) DO NOTHING RETURNING match_id`,
          [matchId, total, nodes, run.id],
        );
    if (returned(claimed) > 0 && !this.running.has(matchId)) {
      this.running.set(matchId, run);
      const beat = every(WRITE_EVERY_MS, () => this.beat(matchId, run));
      void this.run(matchId, replay, nodes, run)
        .catch((e: unknown) => this.failed(matchId, run, e))
        .finally(() => {
          beat.stop();
          if (this.running.get(matchId) === run) this.running.delete(matchId);
        });
    }
    return view(match.variant, (await this.row(matchId)) as Row);
  }

  /** The run's heartbeat, apart from its progress (a search may wait in the queue a while). */
  private async beat(matchId: string, run: Run): Promise<void> {
    const r = await this.db
      .query(
        `UPDATE game_analyses SET updated_at = now()
          WHERE match_id = $1 AND run_id = $2 AND status = 'running' RETURNING match_id`,
        [matchId, run.id],
      )
      .catch(() => null);
    if (r !== null && returned(r) === 0) run.stopped = true; // taken over, or gone
  }

  /** GET: the analysis as it stands; null if nobody asked for one (NOT_FOUND: no such game). */
  async get(matchId: string): Promise<GameAnalysis | null> {
    const match = await this.queries.load(matchId);
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
      [matchId, this.staleSeconds],
    )) as Row[];
    return rows[0] ?? null;
  }

  private async replay(match: Match): Promise<Replay> {
    const rows = await this.queries.moves(match.id);
    const start = Position.fromFen(match.variant, match.initialFen);
    if (!start.ok) throw new Error(`match ${match.id}: bad initial FEN`);
    const positions = [start.value];
    const moves: Move[] = [];
    const choices = [start.value.moveCount()];
    for (const row of rows) {
      const pos = positions[positions.length - 1];
      const found = pos.findMove({ path: row.path });
      if (!found.ok) throw new Error(`match ${match.id}: a stored move does not replay`);
      moves.push(found.value);
      const next = pos.play(found.value);
      positions.push(next);
      choices.push(next.moveCount());
    }
    return { variant: match.variant, positions, moves, choices };
  }

  private async run(matchId: string, game: Replay, nodes: number, run: Run): Promise<void> {
    const out: AnalysedPosition[] = [];
    const width = Math.max(1, this.pool.status().threads);
    let written = Date.now();
    for (let i = 0; i < game.positions.length; i += width) {
      const batch = game.positions
        .slice(i, i + width)
        .map((_, k) => this.position(game, i + k, nodes));
      out.push(...(await Promise.all(batch)));
      mark(out, game, Math.max(0, i - 1));
      // Shutting down or taken over: the row is someone else's (or goes stale and is restarted).
      if (run.stopped) return;
      if (Date.now() - written >= WRITE_EVERY_MS) {
        written = Date.now();
        const r = await this.db.query(
          `UPDATE game_analyses SET done = $3, positions = $4, updated_at = now()
            WHERE match_id = $1 AND run_id = $2 AND status = 'running' RETURNING match_id`,
          [matchId, run.id, out.length, JSON.stringify(out)],
        );
        if (returned(r) === 0) return;
      }
    }
    await this.db.query(
      `UPDATE game_analyses SET status = 'done', done = $3, positions = $4, summary = $5,
              updated_at = now(), finished_at = now()
        WHERE match_id = $1 AND run_id = $2 AND status = 'running'`,
      [matchId, run.id, out.length, JSON.stringify(out), JSON.stringify(summarise(out))],
    );
  }

  /** One position searched (a position with no move to play is not: its side has lost). */
  private async position(game: Replay, i: number, nodes: number): Promise<AnalysedPosition> {
    const pos = game.positions[i];
    const played = game.moves[i];
    const base = { ply: i, fen: pos.fen, ...(played ? { move: moveToText(pos, played) } : {}) };
    if (game.choices[i] === 0) {
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
      pv: lineToText(pos, r.pv),
      depth: r.depth,
      nodes: r.nodes,
    };
  }

  /** A search, once the pool's queue is less than half full (the computer's moves come first). */
  private async think(variant: VariantId, fen: string, history: string[], nodes: number) {
    for (let tries = 0; ; tries++) {
      const { queued, queueLimit } = this.pool.status();
      if (queued < queueLimit / 2)
        try {
          // searchForced: a position with one legal move is scored too (a player would just
          // play it; an analysis needs its value: a blunder's reply is often forced).
          return await this.pool.think({
            variant,
            fen,
            history,
            limits: { nodes, searchForced: true },
          }).reply;
        } catch (e) {
          if (!(e instanceof DomainError && e.code === 'ENGINE_BUSY')) throw e;
        }
      if (tries >= 600) throw new DomainError('ENGINE_BUSY', 'the engine stayed busy');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async failed(matchId: string, run: Run, e: unknown): Promise<void> {
    this.log.warn(`analysis of ${matchId} failed: ${String(e)}`);
    await this.db
      .query(
        `UPDATE game_analyses SET status = 'failed', updated_at = now()
          WHERE match_id = $1 AND run_id = $2 AND status = 'running'`,
        [matchId, run.id],
      )
      .catch(() => undefined);
  }
}

/** How many rows an INSERT or UPDATE ... RETURNING gave. */
const returned = (r: unknown): number => returnedRows(r).length;

/** Marks the moves from `from` on whose next position is scored: what each lost, and its mark. */
function mark(out: AnalysedPosition[], game: Replay, from = 0): void {
  for (let i = from; i + 1 < out.length; i++) {
    const pos = game.positions[i];
    const { loss, judgement } = judge(pos.turn, out[i].chance, out[i + 1].chance);
    out[i].loss = loss;
    // A forced move, or the engine's own choice, is never marked.
    const forced = game.choices[i] === 1;
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
    // A run gone quiet (its process died) reads as failed: asking again takes it over.
    status: row.status === 'running' && row.stale ? 'failed' : row.status,
    progress: { done: row.done, total: row.total },
    budget: { nodes: row.budget_nodes },
    positions: row.positions,
    ...(row.summary ? { summary: row.summary } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}
