/**
 * Where reads go. With DATABASE_READ_URL (a PostgreSQL streaming standby) the reads that tolerate
 * a lag go to it: leaderboards, other players' profiles and histories, the explorer, puzzle
 * selection, TV, tournament lists. A player's own profile, games and rating history read from
 * the primary (`about()`): their just-finished game and new rating show at once, with no wait on
 * the standby's replay. Everything else (moves, the game, "my games", writes) is the primary's.
 *
 * The standby is checked every REPLICA_PROBE_MS: while it does not answer, or is further behind
 * than REPLICA_MAX_LAG_MS, the lagging reads go to the primary too, so a replica down or stuck
 * costs the primary load, not a page or a stale one.
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

  /**
   * One check at a time: connects if it never did, then asks how far behind it is. The lag is
   * the age of the last transaction replayed while WAL received waits to be replayed; with
   * nothing waiting it is none, however old that transaction (the primary is quiet).
   */
  private probe(): Promise<void> {
    this.probing ??= (async () => {
      const replica = this.replica!;
      try {
        if (!replica.isInitialized) await replica.initialize();
        const [{ lag }] = (await replica.query(
          `SELECT CASE WHEN pg_last_wal_receive_lsn() IS NULL
                         OR pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() THEN 0
                       ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000
                  END AS lag`,
        )) as { lag: number | string | null }[];
        if (Number(lag ?? 0) > this.config.replicaMaxLagMs)
          throw new Error(`${Math.round(Number(lag))} ms behind`);
        if (!this.up) this.log.log('read replica answers: lagging reads go to it');
        this.up = true;
        this.down = false;
      } catch (e) {
        if (!this.down)
          this.log.warn(
            `read replica not read, its reads go to the primary: ${(e as Error).message}`,
          );
        this.up = false;
        this.down = true;
      }
    })().finally(() => (this.probing = null));
    return this.probing;
  }
}
