/**
 * Where reads go. With DATABASE_READ_URL (a PostgreSQL streaming standby) the reads that tolerate
 * a lag go to it: leaderboards, other players' profiles and histories, the explorer, puzzle
 * selection, TV, tournament lists. A player's own profile, games and rating history read from
 * the primary (`about()`): their just-finished game and new rating show at once, with no wait on
 * the standby's replay. Everything else (moves, the game, "my games", writes) is the primary's.
 *
 * The standby is checked every REPLICA_PROBE_MS: while it does not answer (in time), is not in
 * recovery, or is further behind than REPLICA_MAX_LAG_MS, the lagging reads go to the primary
 * too, so a replica down, frozen or cut off from the primary costs the primary load, not stale
 * pages. Its connections and queries have time limits: a standby that drops packets cannot hang
 * the reads.
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

/** Write-ahead log positions ('16/B374D848') as numbers, to compare. */
const lsn = (text: string): bigint => {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/** How long a connection to, or a statement on, the replica may take (ms). */
const CONNECT_MS = 2_000;
const QUERY_MS = 10_000;

@Injectable()
export class ReadSide implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('ReadSide');
  private replica: DataSource | null = null;
  private up = false;
  /** Whether the last check failed (a warning once per outage, not per check). */
  private down = false;
  private probing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** The primary's WAL position at each check, the last REPLICA_MAX_LAG_MS and one before. */
  private readonly primaryAt: { at: number; lsn: bigint }[] = [];

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
      connectTimeoutMS: CONNECT_MS,
      extra: { query_timeout: QUERY_MS, keepAlive: true },
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
   * One check at a time, never longer than the connect and query limits: a standby that does
   * not answer in time is not read. Late means: it has not replayed what the primary had
   * written REPLICA_MAX_LAG_MS ago (so a standby cut off from the primary, whose own view of
   * its lag is none, is late too).
   */
  private probe(): Promise<void> {
    this.probing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), CONNECT_MS + QUERY_MS);
      });
      try {
        const why = await Promise.race([this.lateness(), limit]);
        if (why) throw new Error(why);
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
      } finally {
        clearTimeout(timer);
      }
    })().finally(() => (this.probing = null));
    return this.probing;
  }

  /** Why the replica should not be read now, or null. */
  private async lateness(): Promise<string | null> {
    const replica = this.replica!;
    const now = Date.now();
    const [{ lsn: written }] = (await this.primary.query(
      'SELECT pg_current_wal_lsn()::text AS lsn',
    )) as { lsn: string }[];
    this.primaryAt.push({ at: now, lsn: lsn(written) });
    const maxLag = this.config.replicaMaxLagMs;
    // Keep one sample at least maxLag old: the position the replica must have replayed.
    while (this.primaryAt.length > 1 && this.primaryAt[1].at <= now - maxLag)
      this.primaryAt.shift();
    if (!replica.isInitialized) await replica.initialize();
    const [r] = (await replica.query(
      'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed',
    )) as { recovery: boolean; replayed: string | null }[];
    if (!r.recovery) return 'not a standby (not in recovery)';
    const due = this.primaryAt[0];
    if (due.at <= now - maxLag && (r.replayed === null || lsn(r.replayed) < due.lsn))
      return `it has not replayed what the primary wrote ${now - due.at} ms ago`;
    return null;
  }
}
