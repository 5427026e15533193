/**
 * Engine searches in worker threads (piscina), never on the event loop: ENGINE_THREADS threads,
 * at most ENGINE_QUEUE searches waiting (more are refused ENGINE_BUSY), each search stoppable
 * through a flag in shared memory (a game that ends stops its search within a few thousand
 * nodes; a search stopped before it started costs one depth-1 iteration).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { DomainError } from '../common/errors.js';
import { CONFIG, type Config } from '../config.js';
import type { SearchReply, SearchTask, WorkerTask } from './engine-task.js';

/** A running search: its answer, and the way to cut it short. */
export interface Thinking {
  readonly reply: Promise<SearchReply>;
  stop(): void;
  readonly stopped: boolean;
}

export interface PoolStatus {
  threads: number;
  queued: number;
  queueLimit: number;
  running: number;
  completed: number;
  /** Milliseconds searches waited for a thread (piscina's histogram): mean, p50, p99. */
  waitMs: { mean: number; p50: number; p99: number };
}

/** The compiled worker next to this file, or (tests, tsx) the TypeScript one through tsx. */
function workerFile(): { filename: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./engine-worker.js', import.meta.url));
  if (existsSync(js)) return { filename: js, execArgv: [] };
  const ts = fileURLToPath(new URL('./engine-worker.ts', import.meta.url));
  return { filename: ts, execArgv: ['--import', 'tsx'] };
}

@Injectable()
export class EnginePool implements OnApplicationShutdown {
  private readonly pool: Piscina<WorkerTask, SearchReply>;
  private readonly threads: number;
  private readonly queueLimit: number;
  private readonly hashMb: number;
  private running = 0;

  constructor(@Inject(CONFIG) config: Config) {
    this.threads = config.engineThreads;
    this.queueLimit = config.engineQueue;
    this.hashMb = config.engineHashMb;
    const { filename, execArgv } = workerFile();
    this.pool = new Piscina({
      filename,
      execArgv,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: this.queueLimit,
      // Threads are kept: each holds warm transposition tables.
      idleTimeout: 2 ** 31 - 1,
      // Searches run below the event loop's priority (engine-worker.ts).
      workerData: { nice: config.engineNice },
    });
  }

  /** Whether a new search would be refused. */
  get full(): boolean {
    return this.pool.queueSize >= this.queueLimit;
  }

  /** Queues a search; ENGINE_BUSY (at once) if the queue is full. */
  think(task: SearchTask): Thinking {
    if (this.full) throw new DomainError('ENGINE_BUSY', 'the engine is busy: try again shortly');
    const flag = new SharedArrayBuffer(4);
    const stop = new Int32Array(flag);
    this.running++;
    const reply = this.pool
      .run({ ...task, stop: flag, hashMb: this.hashMb })
      .catch((e: unknown) => {
        if (e instanceof Error && /queue is at limit/i.test(e.message))
          throw new DomainError('ENGINE_BUSY', 'the engine is busy: try again shortly');
        throw e;
      })
      .finally(() => this.running--);
    return {
      reply,
      stop: () => Atomics.store(stop, 0, 1),
      get stopped() {
        return Atomics.load(stop, 0) !== 0;
      },
    };
  }

  status(): PoolStatus {
    const w = this.pool.histogram.waitTime;
    const round = (x: number) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : 0);
    return {
      threads: this.threads,
      queued: this.pool.queueSize,
      queueLimit: this.queueLimit,
      running: this.running,
      completed: this.pool.completed,
      waitMs: { mean: round(w.mean), p50: round(w.p50), p99: round(w.p99) },
    };
  }

  /** Starts the wait statistics afresh (benchmarks measure one phase at a time). */
  resetStatus(): void {
    this.pool.histogram.resetWaitTime();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
