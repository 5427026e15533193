/**
 * The cluster bus: what one server process hears of the others. On PostgreSQL each process
 * LISTENs on two channels derived from the database URL: the announcements committed by the
 * others (emitted to this process's sockets, then told to its listeners) and the signals
 * between processes. The process's own NOTIFYs come back to it too: each payload starts with
 * its origin, so its echo is skipped unparsed. A lost listener reconnects by itself and, once
 * back, asks whoever follows state from announcements to read it again (onResync). On the
 * embedded PGlite there is one process and no bus: signals and tells stay in the process.
 *
 * With Redis as well (REDIS_URL, issue 36), announcements and signals go by Redis pub/sub
 * instead, published after the commit (publish()): a NOTIFY takes a lock over the whole
 * database at commit, which queues every move of every process behind it. What NOTIFY gave for
 * free is made up for: an announcement is published only once its transaction committed; one
 * process publishes on one connection, in order, and Redis hands a channel's messages to each
 * subscriber in the order it took them; what was lost (a process that died between its commit
 * and its publish, Redis restarting) is read again from the database by whoever follows it
 * (onResync, and the games' RoomSync). Only commit-order announcements (presence: rare, and
 * whose last word must be the database's) still go by NOTIFY.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { createClient } from 'redis';
import type { Announcement, Listener } from './announcement.js';
import { closeRedis } from './cluster-adapter.js';
import { LateMoves } from './late-moves.js';
import { Rooms } from './rooms.js';

/** A message between server processes (not to clients): its kind and a short text. */
export type SignalListener = (data: string) => void;

type RedisClient = ReturnType<typeof createClient>;

/** NOTIFY payloads must stay under 8000 bytes; larger ones go by the socket.io adapter. */
const NOTIFY_MAX = 7800;

@Injectable()
export class ClusterBus implements OnApplicationShutdown {
  private readonly log = new Logger('ClusterBus');
  private channel: string | null = null;
  private listener: pg.Client | null = null;
  private closing = false;
  /** This process, as written at the start of each of its NOTIFY payloads. */
  private readonly origin = randomUUID();
  private readonly echo = `{"o":"${this.origin}"`;
  private readonly listeners: Listener[] = [];
  private readonly signalListeners = new Map<string, SignalListener[]>();
  /** Called after the listener came back: what was said while it was away was not heard. */
  private readonly resyncListeners: (() => void)[] = [];
  private everListened = false;
  /** What this process told each game room last: a move heard after a later one is dropped. */
  private readonly lateMoves = new LateMoves();
  /** With Redis: the connection that publishes (in order) and the one that listens. */
  private redis: { pub: RedisClient; sub: RedisClient; events: string; signals: string } | null =
    null;

  constructor(private readonly rooms: Rooms) {}

  /**
   * With PostgreSQL: listen for the cluster's announcements and signals; with Redis too, hear
   * them by Redis (the NOTIFY listener stays, for commit-order announcements).
   */
  async start(databaseUrl: string | undefined, redisUrl?: string): Promise<void> {
    if (!databaseUrl) return;
    const id = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12);
    this.channel = `damas_events_${id}`;
    await this.listen(databaseUrl);
    if (redisUrl) await this.listenRedis(redisUrl, `damas:${id}:events`, `damas:${id}:signals`);
  }

  /** Whether announcements go by Redis after the commit (else by NOTIFY in the transaction). */
  get byRedis(): boolean {
    return this.redis !== null;
  }

  /** The channel the move batch NOTIFYs on: none with Redis (its moves are published). */
  get moveChannel(): string | null {
    return this.redis ? null : this.channel;
  }

  private async listenRedis(url: string, events: string, signals: string): Promise<void> {
    // Reconnects by itself (node-redis retries); while it is away, what is published is queued
    // on `pub` and what others publish is lost to `sub`: once back, followers read again.
    // No offline queue: while Redis is away a publish fails at once (RoomSync and the resync
    // listeners read the state again when it is back) instead of piling up, to be said late
    // and twice, or holding up a signal's caller.
    const pub: RedisClient = createClient({ url, disableOfflineQueue: true });
    const sub: RedisClient = pub.duplicate();
    let ready = 0;
    for (const c of [pub, sub])
      c.on('error', (e: Error) => {
        if (!this.closing) this.log.warn(`redis: ${e.message}`);
      });
    sub.on('ready', () => {
      if (ready++ > 0 && !this.closing) {
        this.log.warn('redis subscriber back: resyncing');
        this.resync();
      }
    });
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe([events, signals], (message, channel) =>
      this.heard(channel === signals ? 'signal' : 'announcement', message),
    );
    this.redis = { pub, sub, events, signals };
  }

  /**
   * Announcements that committed, to the other processes by Redis, in order (this process has
   * emitted them itself). Never throws: a publish that fails is lost like a crash before it, and
   * the others read the state again (RoomSync).
   */
  publish(notes: readonly Announcement[]): void {
    const r = this.redis;
    if (!r) return;
    for (const n of notes)
      void r.pub
        .publish(r.events, `${this.echo},${JSON.stringify(n).slice(1)}`)
        .catch((e: unknown) => this.log.warn(`not published (${n.event}): ${String(e)}`));
  }

  /** Whether other processes may share the database (PostgreSQL), so there is a bus at all. */
  get clustered(): boolean {
    return this.channel !== null;
  }

  /** The announcements' channel (null on PGlite): the move batch NOTIFYs on it. */
  get notifyChannel(): string | null {
    return this.channel;
  }

  /**
   * The NOTIFY payload of `n` for this cluster, or null when it does not go by NOTIFY (no
   * PostgreSQL, or too large: then it goes by the socket.io adapter after the commit; with
   * Redis, by publish() after the commit). `toSelf`: without this process's mark, so its own
   * listener emits it too (commit order: by NOTIFY even with Redis).
   */
  notifyText(n: Announcement, toSelf = false): string | null {
    if (!this.channel || (this.redis && !toSelf)) return null;
    const text = toSelf ? JSON.stringify(n) : `${this.echo},${JSON.stringify(n).slice(1)}`;
    return text.length <= NOTIFY_MAX ? text : null;
  }

  private async listen(url: string): Promise<void> {
    // Named, so an operator (or a test) can tell it apart in pg_stat_activity.
    const client = new pg.Client({
      connectionString: url,
      application_name: `damas listener ${this.channel}`,
    });
    client.on('notification', (msg) => {
      if (msg.channel === this.signalChannel) this.heard('signal', msg.payload);
      else if (msg.channel === this.channel) this.heard('announcement', msg.payload);
    });
    // A live connection that errs or just ends (the server restarted): once, then a new one.
    // Before it is live, a failure is the caller's to retry (connect() rejects as well).
    let live = false;
    let lost = false;
    let ended = false;
    const onLost = (why: string) => {
      if (!live || lost || this.closing) return;
      lost = true;
      this.log.warn(`announcement listener lost (${why}): reconnecting`);
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.listener === client) this.listener = null;
      this.relisten(url);
    };
    client.on('error', (e) => onLost(e.message));
    client.on('end', () => {
      ended = true;
      onLost('connection ended');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
      await client.query(`LISTEN "${this.signalChannel}"`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    live = true;
    if (ended) return onLost('connection ended'); // it died before this turn
    const again = this.everListened;
    this.everListened = true;
    this.listener = client;
    if (again) this.resync();
  }

  /** A message from another process (by NOTIFY or Redis): an announcement or a signal. */
  private heard(kind: 'announcement' | 'signal', payload: string | undefined): void {
    if (!payload || payload.startsWith(this.echo)) return;
    try {
      if (kind === 'signal') {
        const { s, d } = JSON.parse(payload) as { s: string; d: string };
        this.heardSignal(s, d);
      } else {
        const n = JSON.parse(payload) as Announcement;
        // A late copy is kept from the sockets only: the listeners still hear it (RoomSync takes a
        // move at or below its mark for a sign of a lost takeback, and checks the room's line).
        if (!this.lateMoves.late(n)) this.rooms.emitLocal(n);
        this.tell(n, false);
      }
    } catch (e) {
      this.log.warn(`unreadable ${kind}: ${String(e)}`);
    }
  }

  private resync(): void {
    for (const fn of this.resyncListeners) {
      try {
        fn();
      } catch (e) {
        this.log.warn(`resync failed: ${String(e)}`);
      }
    }
  }

  /**
   * `fn` runs each time the listener is back after a loss: announcements and signals sent while
   * it was away were not heard here, so whoever follows state from them reads it again.
   */
  onResync(fn: () => void): void {
    this.resyncListeners.push(fn);
  }

  /** Tries again every half second until the listener is back. */
  private relisten(url: string): void {
    setTimeout(() => {
      if (this.closing) return;
      this.listen(url).catch((e: unknown) => {
        this.log.warn(`announcement listener: ${String(e)}`);
        this.relisten(url);
      });
    }, 500);
  }

  /** Signals between processes: a channel of their own (announcement readers never see them). */
  private get signalChannel(): string {
    return `${this.channel}_signals`;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.listener?.end().catch(() => undefined);
    const r = this.redis;
    if (r) await Promise.all([closeRedis(r.sub), closeRedis(r.pub)]);
  }

  /** Adds a listener of every room event this process hears (see Listener). */
  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Tells this process's listeners of `n` (`here`: this process committed it). */
  tell(n: Announcement, here: boolean): void {
    // Only a cluster hears other processes: one process alone (PGlite) keeps no record.
    if (this.clustered) this.lateMoves.told(n, here);
    for (const l of this.listeners) {
      try {
        l(n, here);
      } catch (e) {
        this.log.warn(`listener failed on ${n.event}: ${String(e)}`);
      }
    }
  }

  /**
   * Signals every process (this one at once, the others by NOTIFY): e.g. "close your streams of
   * this token". Best effort, not transactional: a process that is down, or a listener being
   * reconnected, misses it (logged).
   */
  async signal(kind: string, data: string): Promise<void> {
    this.heardSignal(kind, data);
    const text = `${this.echo},"s":${JSON.stringify(kind)},"d":${JSON.stringify(data)}}`;
    if (this.redis) {
      const { pub, signals } = this.redis;
      await pub
        .publish(signals, text)
        .catch((e: unknown) => this.log.warn(`signal ${kind} not sent: ${String(e)}`));
      return;
    }
    if (!this.listener || !this.channel) return;
    await this.listener
      .query('SELECT pg_notify($1, $2)', [this.signalChannel, text])
      .catch((e: unknown) => this.log.warn(`signal ${kind} not sent: ${String(e)}`));
  }

  onSignal(kind: string, fn: SignalListener): void {
    this.signalListeners.set(kind, [...(this.signalListeners.get(kind) ?? []), fn]);
  }

  private heardSignal(kind: string, data: string): void {
    for (const fn of this.signalListeners.get(kind) ?? []) {
      try {
        fn(data);
      } catch (e) {
        this.log.warn(`signal ${kind} failed: ${String(e)}`);
      }
    }
  }
}
