/**
 * Room events, said inside the transaction that caused them and heard only if it commits.
 *
 * On PostgreSQL each announcement is a NOTIFY issued in the transaction: the database delivers it
 * to every server process at COMMIT, and only then, so a move that is durable reaches every
 * player even if the process that committed it dies the next instant (before it could have
 * broadcast anything itself). The committing process emits to its own sockets right after the
 * commit and skips its own echo (each payload starts with its origin, so the echo is not even
 * parsed); the others emit theirs when the NOTIFY arrives. On the embedded PGlite there is one
 * process: announcements are emitted right after the commit.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import {
  challengeRoom,
  LOBBY_ROOM,
  matchRoom,
  playerRoom,
  spectatorsRoom,
  type RoomEvent,
  type ServerPayload,
} from '../common/protocol.js';
import type { IoServer } from './io.js';

/**
 * One event to a room and to players' rooms. The room is the topic's: a match's for `match:*`
 * (topic = the match id), a challenge's for `challenge:*` (its id), the lobby for `lobby:*`.
 */
export type Announcement = {
  [E in RoomEvent]: {
    topic: string;
    event: E;
    payload: ServerPayload<E>;
    /** The players get it on their own sockets too (they may not have joined the room yet). */
    players: readonly string[];
  };
}[RoomEvent];

/** The arguments of an announcement: one event and ITS payload (a union of tuples, one per event). */
type AnnounceArgs = {
  [E in RoomEvent]: [
    topic: string,
    event: E,
    payload: ServerPayload<E>,
    players?: readonly string[],
  ];
}[RoomEvent];

/** Says an event of the contract inside a transaction (heard if, and only if, it commits). */
export type Say = (...args: AnnounceArgs) => void;

/** An announcement of `event` (the one way to build one, so payload and event agree). */
export const announcement = (...[topic, event, payload, players = []]: AnnounceArgs) =>
  ({ topic, event, payload, players }) as Announcement;

/**
 * An in-process subscriber to every match event this process hears: `here` when this process
 * committed it, else it came from another process (by NOTIFY). Services that act on events of
 * the cluster (the computer player) listen here instead of being called by the writers.
 */
export type Listener = (n: Announcement, here: boolean) => void;

/** A message between server processes (not to clients): its kind and a short text. */
export type SignalListener = (data: string) => void;

/** NOTIFY payloads must stay under 8000 bytes; larger ones go by the socket.io adapter. */
const NOTIFY_MAX = 7800;
/** How long to wait for the other processes to say whether they hold a player's stream. */
const STREAMS_ASK_MS = 1_000;

@Injectable()
export class RealtimeService implements OnApplicationShutdown {
  private readonly log = new Logger('Realtime');
  private server: IoServer | null = null;
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
  /** Players' open HTTP streams here (Bot / Board APIs): they count as connections. */
  private readonly streams = new Map<string, number>();

  attach(server: IoServer): void {
    this.server = server;
    server.on('streams-held', (playerId, answer) => answer(this.streams.has(playerId)));
  }

  /** With PostgreSQL: listen for the cluster's announcements. */
  async start(databaseUrl: string | undefined): Promise<void> {
    if (!databaseUrl) return;
    this.channel = `damas_events_${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}`;
    await this.listen(databaseUrl);
  }

  private async listen(url: string): Promise<void> {
    // Named, so an operator (or a test) can tell it apart in pg_stat_activity.
    const client = new pg.Client({
      connectionString: url,
      application_name: `damas listener ${this.channel}`,
    });
    client.on('notification', (msg) => {
      if (!msg.payload || msg.payload.startsWith(this.echo)) return;
      try {
        if (msg.channel === this.signalChannel) {
          const { s, d } = JSON.parse(msg.payload) as { s: string; d: string };
          this.heardSignal(s, d);
        } else if (msg.channel === this.channel) {
          const n = JSON.parse(msg.payload) as Announcement;
          this.emitLocal(n);
          this.tell(n, false);
        }
      } catch (e) {
        this.log.warn(`unreadable notification on ${msg.channel}: ${String(e)}`);
      }
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
    if (!again) return;
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
  }

  /**
   * Runs `fn` in a transaction; what it says is announced if, and only if, it commits. With
   * `commitOrder`, this process hears it by its NOTIFY too instead of at once, so every process
   * emits such announcements in the order the database committed them (presence: the last
   * notice a room gets is the state the database was left in).
   */
  async transaction<T>(
    db: DataSource,
    fn: (em: EntityManager, say: Say) => Promise<T>,
    opts: { commitOrder?: boolean } = {},
  ): Promise<T> {
    const notes: Announcement[] = [];
    const say: Say = (...args) => notes.push(announcement(...args));
    const late: Announcement[] = [];
    const result = await db.transaction(async (em) => {
      const r = await fn(em, say);
      const texts: string[] = [];
      for (const n of notes) {
        const text = this.notifyText(n, opts.commitOrder);
        if (text !== null) texts.push(text);
        else late.push(n);
      }
      // All of them in one round trip, in order.
      if (texts.length > 0)
        await em.query(
          'SELECT pg_notify($1, t) FROM unnest($2::text[]) WITH ORDINALITY AS n(t, i) ORDER BY i',
          [this.channel, texts],
        );
      return r;
    });
    // In commit order: only what did not go by NOTIFY is emitted from here.
    this.committed(opts.commitOrder ? late : notes, late);
    return result;
  }

  /**
   * The NOTIFY payload of `n` for this cluster, or null when it cannot go by NOTIFY (no
   * PostgreSQL, or too large: then it goes by the socket.io adapter after the commit).
   * `toSelf`: without this process's mark, so its own listener emits it too.
   */
  notifyText(n: Announcement, toSelf = false): string | null {
    if (!this.channel) return null;
    const text = toSelf ? JSON.stringify(n) : `${this.echo},${JSON.stringify(n).slice(1)}`;
    return text.length <= NOTIFY_MAX ? text : null;
  }

  /** The notifying channel (null on PGlite). */
  get notifyChannel(): string | null {
    return this.channel;
  }

  /**
   * After a commit: this process's sockets hear everything now; what could not go by NOTIFY
   * (`late`) also goes to the other processes through the adapter.
   */
  committed(notes: readonly Announcement[], late: readonly Announcement[]): void {
    for (const n of notes) if (!late.includes(n)) this.emitLocal(n);
    for (const n of late) this.emitCluster(n);
    for (const n of notes) this.tell(n, true);
  }

  /** Adds a listener of every room event this process hears (see Listener). */
  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * Tells every process (this one at once, the others by NOTIFY): e.g. "close your streams of
   * this token". Best effort, not transactional: a process that is down, or a listener being
   * reconnected, misses it (logged).
   */
  async signal(kind: string, data: string): Promise<void> {
    this.heardSignal(kind, data);
    if (!this.listener || !this.channel) return;
    await this.listener
      .query('SELECT pg_notify($1, $2)', [
        this.signalChannel,
        `${this.echo},"s":${JSON.stringify(kind)},"d":${JSON.stringify(data)}}`,
      ])
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

  /** A player's HTTP stream opened (+1) or closed (-1) here: it counts as a connection. */
  streamHeld(playerId: string, delta: 1 | -1): void {
    const n = (this.streams.get(playerId) ?? 0) + delta;
    if (n > 0) this.streams.set(playerId, n);
    else this.streams.delete(playerId);
  }

  private tell(n: Announcement, here: boolean): void {
    for (const l of this.listeners) {
      try {
        l(n, here);
      } catch (e) {
        this.log.warn(`listener failed on ${n.event}: ${String(e)}`);
      }
    }
  }

  private rooms(n: Announcement): string[] {
    const own = n.players.map(playerRoom);
    // A players' chat line goes to the two players only; spectators' lines to their room.
    if (n.event === 'chat:line')
      return n.payload.room === 'players' ? own : [spectatorsRoom(n.topic), ...own];
    const topic = n.event.startsWith('match:')
      ? matchRoom(n.topic)
      : n.event.startsWith('challenge:')
        ? challengeRoom(n.topic)
        : LOBBY_ROOM;
    return [topic, ...own];
  }

  private emitLocal(n: Announcement): void {
    if (!this.server) return;
    // A new match: its players' sockets on this process join its room (each process does this
    // for its own sockets when it hears the start, so no adapter traffic is needed).
    if (n.event === 'match:start')
      this.server.local.in(n.players.map(playerRoom)).socketsJoin(matchRoom(n.topic));
    const to = this.server.local.to(this.rooms(n));
    // The lobby's fan-out (a frame per subscriber, thousands) waits for the acks and the
    // players' own events of this turn of the loop to be written first; FIFO among themselves.
    if (n.event.startsWith('lobby:')) setImmediate(() => emit(to, n));
    else emit(to, n);
  }

  /** Through socket.io's adapter (every process), after the commit. */
  private emitCluster(n: Announcement): void {
    if (!this.server) return;
    if (n.event === 'match:start')
      this.server.in(n.players.map(playerRoom)).socketsJoin(matchRoom(n.topic));
    emit(this.server.to(this.rooms(n)), n);
  }

  /**
   * Closes every socket of the player, on every process: after its credentials were revoked, a
   * socket opened with them must not outlive them (a kept session's browser reconnects).
   */
  disconnectPlayer(playerId: string): void {
    this.server?.in(playerRoom(playerId)).disconnectSockets(true);
  }

  /**
   * Whether a player has a socket connected: on this process (no round trip), else on any (with
   * an adapter). An open Bot / Board API stream counts too, on any process. A socket counts from just before its `connection` event to just before its
   * `disconnect` event (a socket still in the handshake middleware does not). `unsure`: the
   * answer when another process does not say in time whether it holds a stream of the player.
   */
  async hasSockets(playerId: string, unsure = false): Promise<boolean> {
    if (this.streams.has(playerId)) return true;
    if (!this.server) return false;
    const room = playerRoom(playerId);
    if ((await this.server.local.in(room).fetchSockets()).length > 0) return true;
    if ((await this.server.in(room).fetchSockets()).length > 0) return true;
    if (!this.channel) return false; // one process: nobody else to ask
    // Another process's streams (a bot's game stream there, its event stream here).
    // Bounded: a process that died unseen must not hold up presence for the adapter's 5 s.
    let timer: NodeJS.Timeout | undefined;
    const held = await Promise.race([
      this.server.serverSideEmitWithAck('streams-held', playerId).catch(() => [unsure]),
      new Promise<boolean[]>((r) => (timer = setTimeout(() => r([unsure]), STREAMS_ASK_MS))),
    ]).finally(() => clearTimeout(timer));
    return held.some(Boolean);
  }
}

/** Emits `n` (its event and payload agree by construction: see announcement()). */
function emit(to: ReturnType<IoServer['to']>, n: Announcement): void {
  (to.emit as unknown as (event: string, payload: unknown) => boolean).call(to, n.event, n.payload);
}
