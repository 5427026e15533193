/**
 * POST /api/engine/analyse: a position searched in the engine pool, answered with PDN lines.
 * Position analysis may fill at most half the pool's queue, so it never starves games against the
 * computer of their turn (beyond that: ENGINE_BUSY).
 */
import { Injectable } from '@nestjs/common';
import { DomainError, fromRulesError } from '../common/errors.js';
import type { PositionAnalysis, AnalyseRequest } from '../common/protocol.js';
import { lineToText, Position } from '../rules/index.js';
import { EnginePool } from './engine-pool.js';

export const DEFAULT_MOVETIME = 1000;
export const MAX_MOVETIME = 10_000;

@Injectable()
export class PositionAnalysisService {
  constructor(private readonly pool: EnginePool) {}

  async analyse(req: AnalyseRequest): Promise<PositionAnalysis> {
    const parsed = Position.fromFen(req.variant, req.fen);
    if (!parsed.ok) throw fromRulesError(parsed.error);
    const pos = parsed.value;
    for (const [i, fen] of (req.history ?? []).entries()) {
      const p = Position.fromFen(req.variant, fen);
      if (!p.ok) throw new DomainError('INVALID_PAYLOAD', `history.${i}: ${p.error.message}`);
    }
    const status = this.pool.status();
    if (status.queued >= status.queueLimit / 2)
      throw new DomainError('ENGINE_BUSY', 'the engine is busy: try again shortly');
    const multiPv = req.multipv ?? 1;
    const r = await this.pool.think({
      variant: req.variant,
      fen: pos.fen,
      history: req.history,
      // A forced move is searched too: the analysis board shows its score, not just the move.
      limits: { movetime: req.movetime ?? DEFAULT_MOVETIME, depth: req.depth, searchForced: true },
      multiPv,
    }).reply;
    const analysis: PositionAnalysis = {
      bestMove: r.bestMove,
      score: r.score,
      depth: r.depth,
      nodes: r.nodes,
      nps: r.nps,
      pv: lineToText(pos, r.pv),
    };
    if (multiPv > 1)
      analysis.lines = (r.lines ?? []).map((l) => ({
        move: l.move,
        score: l.score,
        pv: lineToText(pos, l.pv),
      }));
    return analysis;
  }
}
