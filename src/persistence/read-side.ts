/**
 * Where reads go. With DATABASE_READ_URL (a PostgreSQL streaming standby) the reads that tolerate
 * a lag go to it: leaderboards, other players' profiles and histories, the explorer, puzzle
 * selection, TV, tournament lists. A player's own profile, games and rating history read from
 * the primary (`about()`): their just-finished game and new rating show at once, with no wait on
 * the standby's replay. Everything else (moves, the game, "my games", writes) is the primary's.
 *
 * The standby is checked every REPLICA_PROBE_MS: while it does not answer, the lagging reads go
 * to the primary too, so a replica down costs the primary load, not a page.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CONFIG, type Config } from '../config.js';
import { ENTITIES } from './entities/index.js';

/** What a read needs of a DataSource or an EntityManager. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

@Injectable()
export class ReadSide implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('ReadSide');
  private replica: DataSource | null = null;
  private up = false;
  /** Whether the last check failed (a warning once per outage, not per check). */
  private down = false;
  private probing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() readonly primary: DataSource,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async onModuleInit(): Promise<void> {
    const url = this.config.databaseReadUrl;
    if (!url) return;
    this.replica = new DataSource({
      type: 'postgres',
      url,
      poolSize: 10,
      entities: ENTITIES,
      synchronize: false,
      migrationsRun: false,
    });
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.config.replicaProbeMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.probing;
    if (this.replica?.isInitialized) await this.replica.destroy().catch(() => undefined);
  }

  /** Reads that tolerate a lag: the standby while it answers, else the primary. */
  get lagging(): DataSource {
    return this.up && this.replica ? this.replica : this.primary;
  }

  /**
   * Reads of one player's page (`subject`: a username, any case) by `viewer` (or a guest): the
   * primary when they are the same player, so their own last game and rating are there.
   */
  about(subject: string, viewer: { name: string } | null): DataSource {
    return viewer && viewer.name.toLowerCase() === subject.toLowerCase()
      ? this.primary
      : this.lagging;
  }

  /** Whether lagging reads go to a standby now (health, tests). */
  get replicated(): boolean {
    return this.lagging !== this.primary;
  }

  /** One check at a time: connects if it never did, then `SELECT 1`. */
  private probe(): Promise<void> {
    this.probing ??= (async () => {
      const replica = this.replica!;
      try {
        if (!replica.isInitialized) await replica.initialize();
        await replica.query('SELECT 1');
        if (!this.up) this.log.log('read replica answers: lagging reads go to it');
        this.up = true;
        this.down = false;
      } catch (e) {
        if (!this.down)
          this.log.warn(`read replica down, reads go to the primary: ${(e as Error).message}`);
        this.up = false;
        this.down = true;
      }
    })().finally(() => (this.probing = null));
    return this.probing;
  }
}
