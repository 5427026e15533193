/**
 * Clocks across outages. Every process beats a shared heartbeat row each second. A process that
 * starts and finds the last beat OUTAGE_MS or more in the past knows no server was running: the
 * players to move could not move, so each running clock gets that time back (its turn start
 * and deadline move forward by the gap). Shorter gaps, and the loss of one process while others
 * run (their beats go on), give nothing back: clocks keep running, as over-the-board.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { every, type Loop } from '../common/every.js';
import { MatchStore } from './match-store.js';

export const OUTAGE_MS = 3000;
const BEAT_MS = 1000;

@Injectable()
export class OutageService implements OnModuleDestroy {
  private readonly log = new Logger('Outage');
  private loop: Loop | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: MatchStore,
  ) {}

  /** Called once at start-up, before the first clock sweep; returns the time given back (ms). */
  async resume(): Promise<number> {
    const given = await this.db.transaction(async (em) => {
      const [row] = (await em.query(
        `SELECT (extract(epoch FROM now() - beat_at) * 1000)::bigint AS gap FROM cluster_heartbeat WHERE id = 1 FOR UPDATE`,
      )) as { gap: string }[];
      const gap = Number(row?.gap ?? 0);
      if (gap >= OUTAGE_MS) {
        await this.store.shiftClocks(em, gap);
      }
      await em.query(`UPDATE cluster_heartbeat SET beat_at = now() WHERE id = 1`);
      return gap >= OUTAGE_MS ? gap : 0;
    });
    if (given > 0)
      this.log.log(`no server ran for ${given} ms: that time is given back to the clocks`);
    this.loop = every(BEAT_MS, () => this.beat());
    return given;
  }

  private async beat(): Promise<void> {
    try {
      await this.db.query(`UPDATE cluster_heartbeat SET beat_at = now() WHERE id = 1`);
    } catch {
      // The database is away: nothing to record; the next beat will try again.
    }
  }

  /** A last beat on the way down, so the next start measures the real downtime. */
  async onModuleDestroy(): Promise<void> {
    this.loop?.stop();
    this.loop = null;
    await this.beat();
  }
}
