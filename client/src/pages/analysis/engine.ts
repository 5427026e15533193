/**
 * The engine's best lines for the position on the analysis board, live: one search at a time
 * (POST /api/engine/analyse, 1 s, 1-3 lines), and only for the newest position asked. Moving on
 * while a search runs drops its answer; the address's allowance (one search a second) is kept by
 * waiting, never by failing.
 */
import type { Analysis, AnalysisLine, EngineScore } from '../../../../src/common/protocol.js';
import type { Color, VariantId } from '../../../../src/rules/index.js';
import { analysePosition } from '../../lib/api.js';
import { explain, WireError } from '../../lib/errors.js';

export interface EngineAsk {
  variant: VariantId;
  fen: string;
  turn: Color;
  history: string[];
}

/** What is searched: a position of a variant (six variants share the start FEN). */
export const engineKey = (a: Pick<EngineAsk, 'variant' | 'fen'>) => `${a.variant}|${a.fen}`;

export type EngineView =
  | { status: 'off' }
  | { status: 'thinking'; key: string }
  | { status: 'done'; key: string; turn: Color; depth: number; lines: AnalysisLine[] }
  | { status: 'error'; key: string; message: string };

const MOVETIME = 1000;

export class EngineLines {
  on = true;
  count = 1;
  private wanted: EngineAsk | null = null;
  private busy = false;

  constructor(private readonly show: (view: EngineView) => void) {}

  /** The position now on the board: its lines, once the search running ends. */
  ask(a: EngineAsk): void {
    this.wanted = a;
    if (!this.on) return this.show({ status: 'off' });
    this.show({ status: 'thinking', key: engineKey(a) });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy || !this.on || !this.wanted) return;
    const a = this.wanted;
    this.busy = true;
    let view: EngineView;
    try {
      const r: Analysis = await analysePosition({
        variant: a.variant,
        fen: a.fen,
        history: a.history.slice(-100),
        movetime: MOVETIME,
        multipv: this.count,
      });
      const lines = r.lines ?? (r.bestMove ? [{ move: r.bestMove, score: r.score, pv: r.pv }] : []);
      view = { status: 'done', key: engineKey(a), turn: a.turn, depth: r.depth, lines };
    } catch (e) {
      if (e instanceof WireError && (e.code === 'RATE_LIMITED' || e.code === 'ENGINE_BUSY')) {
        await new Promise((r) => setTimeout(r, 1000));
        this.busy = false;
        return this.pump();
      }
      view = { status: 'error', key: engineKey(a), message: explain(e) };
    }
    this.busy = false;
    // Still the position asked for: shown; else the newer one is searched now.
    if (this.wanted === a && this.on) {
      this.wanted = null;
      this.show(view);
    } else void this.pump();
  }
}

/** A score as White sees it: "+1.25" (centi-men / 100), "#3" White mates in 3 moves, "#-2". */
export function scoreText(score: EngineScore, turn: Color): string {
  const sign = turn === 'white' ? 1 : -1;
  if ('cp' in score) {
    const v = (sign * score.cp) / 100;
    return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
  }
  const plies = 'win' in score ? score.win : score.loss;
  const whiteWins = 'win' in score === (turn === 'white');
  return `#${whiteWins ? '' : '-'}${Math.ceil(plies / 2)}`;
}
