/**
 * Flag falls. The deadline of the side to move is a column; every process sweeps for deadlines
 * that have passed and ends each such game in a transaction that locks the row and re-checks it,
 * so a game ends on time exactly once: with the flagged player silent, after a restart (the
 * first sweep runs at start-up), and with several processes sweeping at once.
 */
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { CONFIG, type Config } from '../config.js';
import { every, type Loop } from '../common/every.js';
import { TIME, type TimeSource } from '../common/time.js';
import { Finisher } from './finisher.js';
import { flagFell } from './match-rules.js';
import { MatchQueries } from './match-queries.js';
import { MatchStore } from './match-store.js';
import { OutageService } from './outage.service.js';

@Injectable()
export class ClockService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Clock');
  private loop: Loop | null = null;
  private sweeping = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
    private readonly queries: MatchQueries,
    private readonly finisher: Finisher,
    private readonly outage: OutageService,
    private readonly work: UnitOfWork,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Outage time is given back before the first sweep could flag anyone for it.
    await this.outage.resume();
    await this.sweep();
    this.loop = every(this.config.clockSweepMs, () => this.sweep());
  }

  onModuleDestroy(): void {
    this.loop?.stop();
    this.loop = null;
  }

  /** Ends every game whose clock ran out; returns how many this process ended. */
  async sweep(now = this.time.now()): Promise<number> {
    if (this.sweeping || !this.db.isInitialized) return 0;
    this.sweeping = true;
    let ended = 0;
    try {
      for (const id of await this.queries.dueDeadlines(now, 500)) if (await this.flag(id)) ended++;
    } catch (e) {
      if (this.loop) this.log.warn(`clock sweep failed: ${String(e)}`);
    } finally {
      this.sweeping = false;
    }
    return ended;
  }

  private async flag(matchId: string): Promise<boolean> {
    const done = await this.work.transaction(this.db, async (em, say) => {
      const match = await this.store.lock(em, matchId);
      const now = this.time.now();
      // Re-checked under the lock: a move or another process may have got there first.
      if (!flagFell(match, now)) return null;
      return this.finisher.timeout(em, say, match, now);
    });
    return done !== null;
  }
}
