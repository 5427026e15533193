/**
 * TV: each channel's featured game (tv-rules.ts says which), and the NDJSON feeds that follow it
 * (lichess's `GET /api/tv/feed`): a `featured` line, a `fen` line after each move, a new
 * `featured` line when the game ends and the channel takes the next one.
 *
 * Every process keeps its own channels, fed by the cluster bus (it hears every commit: its own,
 * the others' by NOTIFY), and reads the match tables through MatchQueries only. All of it runs
 * in one queue, so a feed's lines keep the order of the events, and an event heard while a
 * choice is being read waits for it (nothing is skipped: a move past the next ply reads the game
 * again). A channel is chosen again when its game ends, when it is empty and a live game of its
 * variant starts, and after the bus was away (onResync); a sweep every few seconds catches an end
 * missed anyway. No table of its own: a process that starts chooses from the live games.
 */
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ReadSide } from '../persistence/read-side.js';
import { NdjsonStream } from '../bot-api/ndjson.js';
import { every, type Loop } from '../common/every.js';
import type {
  Clock,
  MatchState,
  TvChannel,
  TvChannelKey,
  TvChannels,
  TvFeaturedLine,
  TvFeedLine,
  TvPlayer,
  TvUser,
} from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import { MatchesService, MatchQueries, type LiveGameRow } from '../matches/index.js';
import { RatingsService, speedOfMatch } from '../ratings/ratings.service.js';
import type { Announcement } from '../realtime/announcement.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { VARIANT_IDS, type Color } from '../rules/index.js';
import { clockSeconds, orientationOf, pickFeatured, type LiveGame } from './tv-rules.js';

/** Every channel: the best game of all, then one per variant. */
export const TV_CHANNELS: readonly TvChannelKey[] = ['best', ...VARIANT_IDS];

/** The newest live games the choice looks at (a bound: a busy site has its best among them). */
const LIVE_LIMIT = 500;
/** How often a process checks that its featured games are still on (an end it did not hear). */
const SWEEP_MS = 5_000;

/** What a channel shows now: its game as the rule saw it, and as the feed says it. */
interface Featured {
  game: LiveGame;
  players: [TvPlayer, TvPlayer];
  orientation: Color;
  ply: number;
  fen: string;
  lm: string | null;
  clock: Clock | null;
  /** When `clock` was read (ms, the server's time): a feed opened later gets it run on. */
  clockAt: number;
}

const moveText = (m: { path: readonly number[]; captures: readonly number[] }): string =>
  m.captures.length > 0 ? m.path.join('x') : m.path.join('-');

@Injectable()
export class TvService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Tv');
  private readonly channels = new Map<TvChannelKey, Featured | null>(
    TV_CHANNELS.map((k) => [k, null]),
  );
  private readonly feeds = new Map<TvChannelKey, Set<NdjsonStream>>(
    TV_CHANNELS.map((k) => [k, new Set()]),
  );
  /** Every step runs after the one before (events, choices, feeds opened). */
  private queue: Promise<void> = Promise.resolve();
  /** Choices queued or running: meanwhile every game's events are queued (one may be chosen). */
  private choosing = 0;
  /** The channels of the choice waiting to run, if one is (others asked meanwhile join it). */
  private pending: Set<TvChannelKey> | null = null;
  private loop: Loop | null = null;
  private closing = false;

  constructor(
    private readonly reads: ReadSide,
    private readonly queries: MatchQueries,
    private readonly matches: MatchesService,
    private readonly ratings: RatingsService,
    private readonly bus: ClusterBus,
    @Inject(TIME) private readonly time: TimeSource,
  ) {
    this.bus.subscribe((n) => this.heard(n));
    // The bus was away: an end, a move or a start may have been missed.
    this.bus.onResync(() => {
      this.run(() => this.recheck());
      this.choose();
    });
  }

  onApplicationBootstrap(): void {
    this.choose();
    this.loop = every(SWEEP_MS, () => this.run(() => this.recheck()));
  }

  /** Before the HTTP server closes (it waits for open responses). */
  onModuleDestroy(): void {
    this.closing = true;
    this.loop?.stop();
    for (const set of this.feeds.values()) for (const out of set) out.close();
  }

  /** Every channel's featured game (once the steps queued before the call have run). */
  async listChannels(): Promise<TvChannels> {
    await this.run(() => undefined);
    const out = {} as TvChannels;
    for (const key of TV_CHANNELS) {
      const f = this.channels.get(key) ?? null;
      out[key] = f && channelOf(f);
    }
    return out;
  }

  /** A feed of `key`: its featured line now (or `off`), then the lines as the channel goes. */
  open(key: TvChannelKey, out: NdjsonStream): void {
    if (this.closing) return out.close();
    const set = this.feeds.get(key) as Set<NdjsonStream>;
    out.onClosed(() => set.delete(out));
    void this.run(() => {
      if (!out.open) return;
      set.add(out);
      const f = this.channels.get(key);
      out.send(f ? featuredLine(f, this.now()) : { t: 'off' });
    });
  }

  private heard(n: Announcement): void {
    if (this.closing) return;
    switch (n.event) {
      case 'match:start': {
        if (n.payload.correspondence) return;
        // Only the channels it may go on, and only while they are empty.
        const keys = (['best', n.payload.variant] as const).filter((k) => !this.channels.get(k));
        if (keys.length > 0) this.choose(keys);
        return;
      }
      case 'match:move':
      case 'match:end':
      case 'match:takeback':
        if (this.choosing === 0 && !this.featuring(n.topic)) return;
        void this.run(() => this.apply(n));
        return;
    }
  }

  /** The channels featuring game `id`. */
  private showing(id: string): TvChannelKey[] {
    return TV_CHANNELS.filter((k) => this.channels.get(k)?.game.id === id);
  }

  private featuring(id: string): boolean {
    for (const f of this.channels.values()) if (f?.game.id === id) return true;
    return false;
  }

  private async apply(n: Announcement): Promise<void> {
    const keys = this.showing(n.topic);
    if (keys.length === 0) return;
    if (n.event === 'match:end') {
      for (const k of keys) this.channels.set(k, null);
      return this.fill(keys);
    }
    if (n.event === 'match:takeback') {
      if (n.payload.action === 'accept') await this.reread(n.topic);
      return;
    }
    if (n.event !== 'match:move') return;
    const m = n.payload;
    for (const k of keys) {
      const f = this.channels.get(k) as Featured;
      if (m.ply <= f.ply) continue;
      // A move this process did not hear before it: the game as it stands says what it missed.
      if (m.ply !== f.ply + 1) return this.reread(n.topic);
      f.ply = m.ply;
      f.fen = m.fen;
      f.lm = moveText(m);
      f.clock = m.clock;
      f.clockAt = this.now();
      this.send(k, fenLine(f));
    }
  }

  /** Runs `fn` after every step queued before it; a step that fails is logged. */
  private run(fn: () => Promise<void> | void): Promise<void> {
    const step = this.queue.then(fn).catch((e: unknown) => {
      if (!this.closing) this.log.warn(`tv: ${String(e)}`);
    });
    this.queue = step;
    return step;
  }

  /**
   * Chooses a game for each of `keys` still empty by then (queued). Choices asked while one is
   * waiting to run join it: a burst of starts (an arena's wave) costs one read, not one each.
   */
  private choose(keys: readonly TvChannelKey[] = TV_CHANNELS): void {
    if (this.pending) {
      for (const k of keys) this.pending.add(k);
      return;
    }
    const pending = new Set(keys);
    this.pending = pending;
    this.choosing++;
    void this.run(async () => {
      // From now on a start queues a choice of its own (this one may have read before it).
      this.pending = null;
      try {
        await this.fill(TV_CHANNELS.filter((k) => pending.has(k) && !this.channels.get(k)));
      } finally {
        this.choosing--;
      }
    });
  }

  /** Chooses the game of each channel in `keys` from the live games, and tells its feeds. */
  private async fill(keys: readonly TvChannelKey[]): Promise<void> {
    if (keys.length === 0 || this.closing) return;
    let games = await this.liveGames();
    const states = new Map<string, MatchState | null>();
    for (const key of keys) {
      for (;;) {
        const game = pickFeatured(games, key);
        if (!game) break;
        if (!states.has(game.id)) states.set(game.id, await this.stateOf(game.id));
        const state = states.get(game.id);
        if (!state || state.status !== 'active') {
          // It ended since the list was read: the next one.
          games = games.filter((g) => g.id !== game.id);
          continue;
        }
        this.channels.set(key, await this.featuredOf(game, state));
        break;
      }
      const f = this.channels.get(key);
      this.send(key, f ? featuredLine(f, this.now()) : { t: 'off' });
    }
  }

  /** The sweep and the resync: featured games that ended meanwhile give way to the next. */
  private async recheck(): Promise<void> {
    const ids = [...new Set(TV_CHANNELS.map((k) => this.channels.get(k)?.game.id))].filter(
      (id): id is string => id !== undefined,
    );
    const ended = new Set(await this.queries.finishedAmong(ids));
    const keys = TV_CHANNELS.filter((k) => ended.has(this.channels.get(k)?.game.id ?? ''));
    for (const k of keys) this.channels.set(k, null);
    await this.fill(keys);
  }

  /** Reads game `id` again (a takeback, a missed move) and says where it stands. */
  private async reread(id: string): Promise<void> {
    const state = await this.stateOf(id);
    if (!state || state.status !== 'active') return;
    const last = await this.queries.lastMove(id);
    for (const k of this.showing(id)) {
      const f = this.channels.get(k) as Featured;
      f.ply = state.ply;
      f.fen = state.fen;
      f.lm = last && last.ply === state.ply ? moveText(last) : null;
      f.clock = state.clock;
      f.clockAt = this.now();
      this.send(k, fenLine(f));
    }
  }

  private async stateOf(id: string): Promise<MatchState | null> {
    return this.matches.state(id).catch(() => null);
  }

  private async featuredOf(game: LiveGame, state: MatchState): Promise<Featured> {
    const last = state.ply > 0 ? await this.queries.lastMove(game.id) : null;
    const side = (color: Color): TvPlayer => {
      const p = state[color];
      const s = game[color];
      const player: TvPlayer = { color, user: null };
      if (s.playerId === null) player.ai = state.computer?.level;
      else {
        player.user = { id: p.id, name: p.name, ...(p.title ? { title: p.title } : {}) };
        if (s.rating !== null) player.rating = Math.round(s.rating);
      }
      return player;
    };
    return {
      game,
      players: [side('white'), side('black')],
      orientation: orientationOf(game),
      ply: state.ply,
      fen: state.fen,
      lm: last && last.ply === state.ply ? moveText(last) : null,
      clock: state.clock,
      clockAt: this.now(),
    };
  }

  /**
   * The live games as the rule sees them: a rated game's sides with the ratings it started with,
   * a casual game's with the players' ratings now (one read per variant and speed).
   */
  private async liveGames(): Promise<LiveGame[]> {
    // TV tolerates a lag: the candidates and their ratings from the read replica, if any.
    const from = this.reads.lagging;
    const rows = await this.queries.liveGames(LIVE_LIMIT, from);
    const computer = (r: LiveGameRow, color: Color) => r.computer_color === color;
    const groups = new Map<string, { row: LiveGameRow; ids: Set<string> }>();
    for (const r of rows) {
      if (r.white_rating !== null && r.black_rating !== null) continue;
      const speed = speedOfMatch({
        clockInitial: r.clock_initial,
        clockIncrement: r.clock_increment,
        days: null,
      });
      const key = `${r.variant} ${speed}`;
      const g = groups.get(key) ?? { row: r, ids: new Set<string>() };
      if (!computer(r, 'white')) g.ids.add(r.white_id);
      if (!computer(r, 'black')) g.ids.add(r.black_id);
      groups.set(key, g);
    }
    const now = this.time.now();
    const current = new Map<string, Map<string, number>>();
    for (const [key, { row, ids }] of groups) {
      const speed = key.split(' ')[1] as Parameters<RatingsService['current']>[3];
      const got = await this.ratings.current(from.manager, [...ids], row.variant, speed, now);
      current.set(key, new Map([...got].map(([id, r]) => [id, r.rating])));
    }
    return rows.map((r) => {
      const speed = speedOfMatch({
        clockInitial: r.clock_initial,
        clockIncrement: r.clock_increment,
        days: null,
      });
      const now = current.get(`${r.variant} ${speed}`);
      const side = (color: Color, id: string, stored: number | null) =>
        computer(r, color)
          ? { playerId: null, rating: null }
          : { playerId: id, rating: stored ?? now?.get(id) ?? null };
      return {
        id: r.id,
        variant: r.variant,
        correspondence: false,
        createdAt: new Date(r.created_at).getTime(),
        white: side('white', r.white_id, r.white_rating),
        black: side('black', r.black_id, r.black_rating),
      };
    });
  }

  private now(): number {
    return this.time.now().getTime();
  }

  private send(key: TvChannelKey, line: TvFeedLine): void {
    for (const out of this.feeds.get(key) ?? []) out.send(line);
  }
}

function channelOf(f: Featured): TvChannel {
  // The orientation is always a person's side (orientationOf).
  const p = f.players.find((x) => x.color === f.orientation) as TvPlayer;
  return {
    gameId: f.game.id,
    variant: f.game.variant,
    color: f.orientation,
    user: p.user as TvUser,
    rating: p.rating ?? 0,
  };
}

/** The players with their clocks as of `now` (the running one run on since it was read). */
function seconds(f: Featured, now: number): [TvPlayer, TvPlayer] {
  const players = f.players;
  if (!f.clock) return players;
  const spent = Math.max(0, now - f.clockAt);
  const left = (c: Color) => (f.clock as Clock)[c] - (f.clock?.running === c ? spent : 0);
  const [white, black] = [left('white'), left('black')];
  return [
    { ...players[0], seconds: clockSeconds(white) },
    { ...players[1], seconds: clockSeconds(black) },
  ];
}

function featuredLine(f: Featured, now: number): TvFeaturedLine {
  return {
    t: 'featured',
    d: {
      id: f.game.id,
      variant: f.game.variant,
      orientation: f.orientation,
      players: seconds(f, now),
      fen: f.fen,
      lm: f.lm,
      running: f.clock?.running ?? null,
    },
  };
}

function fenLine(f: Featured): TvFeedLine {
  const d: Extract<TvFeedLine, { t: 'fen' }>['d'] = {
    fen: f.fen,
    lm: f.lm,
    running: f.clock?.running ?? null,
  };
  if (f.clock) {
    d.wc = clockSeconds(f.clock.white);
    d.bc = clockSeconds(f.clock.black);
  }
  return { t: 'fen', d };
}
