/**
 * The engine's best lines for the position on the analysis board, live and deepening: searched in
 * this browser by a worker (engine.worker.ts), no server involved, one depth after another until
 * stopped. A new position, the stop button or leaving the page ends the search under way (the
 * worker is ended: a stop takes at once); the server's analysis is for whole games.
 */
import type { AnalysisLine, EngineScore } from '../../../../src/common/protocol.js';
import type { Color, VariantId } from '../../../../src/rules/index.js';
import type { WorkerNews } from './engine.worker.js';

export interface EngineAsk {
  variant: VariantId;
  fen: string;
  turn: Color;
  history: string[];
}

/** What is searched: a position of a variant (six variants share the start FEN). */
export const engineKey = (a: Pick<EngineAsk, 'variant' | 'fen'>) => `${a.variant}|${a.fen}`;

/** running: deepening; stopped: stopped by the player; finished: nothing deeper to find. */
export type EngineState = 'running' | 'stopped' | 'finished';

export type EngineView =
  | { status: 'off' }
  | { status: 'thinking'; key: string }
  | {
      status: 'done';
      key: string;
      turn: Color;
      depth: number;
      /** Nodes per second, in this browser. */
      nps: number;
      lines: AnalysisLine[];
      state: EngineState;
    }
  | { status: 'error'; key: string; message: string };

/** The engine's worker: a module of its own, bundled by vite with the engine and the rules. */
const startWorker = (): Worker =>
  new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });

export class EngineLines {
  on = true;
  count = 1;
  private worker: Worker | null = null;
  private asked: EngineAsk | null = null;
  private last: EngineView | null = null;

  constructor(
    private readonly show: (view: EngineView) => void,
    private readonly start: () => Worker = startWorker,
  ) {}

  /** Deepening now (not stopped, not finished). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** The position now on the board: the search of the last one ends, this one's starts. */
  ask(a: EngineAsk): void {
    this.halt();
    this.asked = a;
    if (!this.on) return this.tell({ status: 'off' });
    const key = engineKey(a);
    this.tell({ status: 'thinking', key });
    const worker = this.start();
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<WorkerNews>) => {
      if (this.worker !== worker) return; // a search ended meanwhile
      const news = e.data;
      if ('error' in news) {
        this.halt();
        return this.tell({ status: 'error', key, message: news.error });
      }
      if (news.final) this.halt();
      this.tell({
        status: 'done',
        key,
        turn: a.turn,
        depth: news.depth,
        nps: news.nps,
        lines: news.lines,
        state: news.final ? 'finished' : 'running',
      });
    };
    worker.onerror = (e) => {
      if (this.worker !== worker) return;
      this.halt();
      this.tell({ status: 'error', key, message: e.message });
    };
    worker.postMessage({
      variant: a.variant,
      fen: a.fen,
      history: a.history.slice(-100),
      multipv: this.count,
    });
  }

  /** The search under way stopped where it stands: its last depth's lines stay. */
  stop(): void {
    if (!this.halt()) return;
    const last = this.last;
    if (last?.status === 'done') this.tell({ ...last, state: 'stopped' });
    else if (last?.status === 'thinking' && this.asked)
      this.tell({
        status: 'done',
        key: last.key,
        turn: this.asked.turn,
        depth: 0,
        nps: 0,
        lines: [],
        state: 'stopped',
      });
  }

  /** Ends the worker, if one is searching: true if one was. */
  private halt(): boolean {
    const w = this.worker;
    if (!w) return false;
    this.worker = null;
    w.terminate();
    return true;
  }

  private tell(view: EngineView): void {
    this.last = view;
    this.show(view);
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
