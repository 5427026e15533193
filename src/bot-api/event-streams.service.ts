/**
 * The event stream (GET /api/stream/event): what happens to a token holder's games and
 * challenges, one line each: `gameStart`, `gameFinish` (winner and reason), `challenge`,
 * `challengeCanceled`, `challengeDeclined`. On opening, the games still on and the challenges
 * waiting for an answer come first, as gameStart and challenge lines.
 *
 * One stream per token, across processes: each stream takes a number from a database sequence
 * as it opens, and tells every process (a signal) to close that token's streams with a lower one.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ChallengesService } from '../challenges/challenges.service.js';
import type { Challenge, ChallengeLists, EventStreamLine } from '../common/protocol.js';
import { MatchesService, MatchQueries, PresenceService } from '../matches/index.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Connections } from '../realtime/connections.js';
import { type Announcement } from '../realtime/announcement.js';
import { TOKEN_REVOKED, TokensService, type TokenHolder } from '../tokens/tokens.service.js';
import { streamGame } from './game-lines.js';
import { NdjsonStream } from './ndjson.js';
import { countAsConnected } from './stream-presence.js';
import { watchToken } from './token-watch.js';

const SIGNAL = 'event-stream-opened';
/** How long a token's newest stream number is remembered (an open's signal may outrun its own read). */
const NEWEST_KEPT_MS = 60_000;

interface Session {
  /** Its place in the order streams opened (the database's sequence). */
  gen: number;
  holder: TokenHolder;
  out: NdjsonStream;
  /** Games told as started, challenges told as made: each once. */
  started: Set<string>;
  challenged: Set<string>;
}

@Injectable()
export class EventStreamsService implements OnModuleDestroy {
  private readonly log = new Logger('EventStreams');
  private readonly byPlayer = new Map<string, Set<Session>>();
  private readonly byToken = new Map<string, Set<Session>>();
  /**
   * Each token's newest stream number heard of, and when: a stream whose own number is lower
   * closes as it registers (its newer rival's signal came first, while it was still opening).
   */
  private readonly newest = new Map<string, { gen: number; at: number }>();
  /** Shutting down: streams opened from now on close at once (the HTTP server waits for them). */
  private closing = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: MatchesService,
    private readonly queries: MatchQueries,
    private readonly challenges: ChallengesService,
    private readonly presence: PresenceService,
    private readonly bus: ClusterBus,
    private readonly connections: Connections,
    private readonly tokens: TokensService,
  ) {
    this.bus.subscribe((n) => this.heard(n));
    this.bus.onSignal(SIGNAL, (data) => this.opened(data));
    this.bus.onSignal(TOKEN_REVOKED, (tokenId) => {
      for (const s of this.byToken.get(tokenId) ?? []) s.out.close();
    });
    this.bus.onResync(() => {
      for (const set of this.byPlayer.values())
        for (const s of set) {
          this.step(s, () => this.resync(s));
          // A newer stream's signal may be among what was missed: say ours again.
          void this.announce(s);
        }
    });
  }

  /** `start` answers the request (200 and the stream) once the stream is sure to be followed. */
  async open(holder: TokenHolder, start: () => NdjsonStream): Promise<void> {
    const [{ gen }] = (await this.db.query(
      `SELECT nextval('event_stream_gen')::float8 AS gen`,
    )) as { gen: number }[];
    const out = start();
    const s: Session = { gen, holder, out, started: new Set(), challenged: new Set() };
    register(this.byPlayer, holder.id, s);
    register(this.byToken, holder.tokenId, s);
    countAsConnected(out, holder.id, this.connections, this.presence);
    watchToken(out, holder.tokenId, this.tokens);
    if (this.closing || this.newer(holder.tokenId, gen)) return out.close();
    // First what is on now; events heard from here on queue up behind it.
    this.step(s, async () => {
      const [mine, challenges] = await Promise.all([
        this.matches.mine(holder.id),
        this.challenges.mine(holder),
      ]);
      for (const g of mine.games) this.gameStart(s, streamGame(g, holder.id));
      this.waiting(s, challenges);
    });
    // Older streams of this token close, here at once and elsewhere when they hear it.
    await this.announce(s);
  }

  private announce(s: Session): Promise<void> {
    return this.bus.signal(SIGNAL, JSON.stringify({ token: s.holder.tokenId, gen: s.gen }));
  }

  /**
   * The open challenges as read: a `challenge` line for each waiting for this holder's answer;
   * the holder's own are noted, so that their end is told.
   */
  private waiting(s: Session, lists: ChallengeLists): void {
    for (const c of lists.in) this.send(s, { type: 'challenge', challenge: c }, c.id);
    for (const c of lists.out) s.challenged.add(c.id);
  }

  /** Before the HTTP server closes (it waits for open responses). */
  onModuleDestroy(): void {
    this.closing = true;
    for (const set of this.byPlayer.values()) for (const s of set) s.out.close();
  }

  private opened(data: string): void {
    const { token, gen } = JSON.parse(data) as { token: string; gen: number };
    this.newer(token, gen);
    for (const s of this.byToken.get(token) ?? []) if (s.gen < gen) s.out.close();
  }

  /** Notes `gen` as heard for `token`; whether a newer stream of it was heard before. */
  private newer(token: string, gen: number): boolean {
    const now = Date.now();
    for (const [t, n] of this.newest) {
      if (now - n.at < NEWEST_KEPT_MS) break; // oldest first: the rest are younger
      this.newest.delete(t);
    }
    const known = this.newest.get(token);
    if (known && known.gen > gen) return true;
    this.newest.delete(token); // to the end: the map stays in the order of last news
    this.newest.set(token, { gen, at: now });
    return false;
  }

  /**
   * After the cluster listener was away: what it missed is read again. New games and waiting
   * challenges are told as usual; games told as started that are over now are told as finished,
   * and challenges told that were closed meanwhile as declined or cancelled.
   */
  private async resync(s: Session): Promise<void> {
    const me = s.holder.id;
    const [mine, challenges] = await Promise.all([
      this.matches.mine(me),
      this.challenges.mine(s.holder),
    ]);
    const on = new Set(mine.games.map((g) => g.id));
    for (const g of mine.games) this.gameStart(s, streamGame(g, me));
    const left = [...s.started].filter((id) => !on.has(id));
    for (const id of await this.queries.finishedAmong(left))
      this.gameFinish(s, streamGame(await this.matches.state(id), me));
    const open = new Set([...challenges.in, ...challenges.out].map((c) => c.id));
    const closed = [...s.challenged].filter((id) => !open.has(id));
    this.waiting(s, challenges);
    for (const id of closed) {
      // Purged long since (30 days): nothing to tell.
      const c = await this.challenges.get(id).catch(() => null);
      if (c) this.challengeClosed(s, c);
      else s.challenged.delete(id);
    }
  }

  private heard(n: Announcement): void {
    for (const playerId of n.players) {
      const set = this.byPlayer.get(playerId);
      if (set) for (const s of set) this.step(s, () => this.relay(s, n));
    }
  }

  /** An announcement of the cluster as what it means to this stream. */
  private relay(s: Session, n: Announcement): void {
    const me = s.holder.id;
    switch (n.event) {
      case 'match:start':
        return this.gameStart(s, streamGame(n.payload, me));
      case 'match:end':
        return this.gameFinish(s, streamGame(n.payload.match, me));
      case 'challenge:new':
        return this.send(s, { type: 'challenge', challenge: n.payload }, n.payload.id);
      case 'challenge:update':
        return this.challengeClosed(s, n.payload);
      default:
        return;
    }
  }

  private gameStart(s: Session, game: ReturnType<typeof streamGame>): void {
    if (s.started.has(game.id)) return;
    s.started.add(game.id);
    s.out.send({ type: 'gameStart', game } satisfies EventStreamLine);
  }

  /** A challenge's end (an accept has no line: its gameStart answers it). */
  private challengeClosed(s: Session, c: Challenge): void {
    // Told once, and only of a challenge this stream told or noted (the set stays the size of
    // the open ones); a resync and the event it missed may both bring the same end.
    if (c.status === 'open' || !s.challenged.delete(c.id)) return;
    if (c.status === 'declined') return this.send(s, { type: 'challengeDeclined', challenge: c });
    if (c.status === 'cancelled' || c.status === 'expired')
      return this.send(s, { type: 'challengeCanceled', challenge: c });
  }

  private gameFinish(s: Session, game: ReturnType<typeof streamGame>): void {
    // Told once; and the set of a stream open for months stays the size of the games on.
    if (!s.started.delete(game.id)) return;
    s.out.send({ type: 'gameFinish', game } satisfies EventStreamLine);
  }

  private send(s: Session, line: EventStreamLine, challengeId?: string): void {
    if (challengeId !== undefined) {
      if (s.challenged.has(challengeId)) return;
      s.challenged.add(challengeId);
    }
    s.out.send(line);
  }

  private step(s: Session, fn: () => Promise<void> | void): void {
    s.out.step(fn, (e) => this.log.warn(`event stream of ${s.holder.name}: ${String(e)}`));
  }
}

/** Adds `s` to `map`'s set at `key`, and takes it out (and the set, once empty) when it closes. */
function register(map: Map<string, Set<Session>>, key: string, s: Session): void {
  const set = map.get(key) ?? new Set<Session>();
  set.add(s);
  map.set(key, set);
  s.out.onClosed(() => {
    set.delete(s);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  });
}
