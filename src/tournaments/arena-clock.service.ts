/**
 * The arenas' clock, on every process, every TOURNAMENT_TICK_MS: the schedule's arenas made a day
 * ahead (each once: a unique key), events started and arenas ended when their time comes (each
 * once: the status update checks the status before it), and each running arena's pairing wave.
 * A wave is one transaction under the arena's advisory lock (another process holding it skips
 * the arena this tick): the waiting players read, paired, their games started and their lines
 * marked, all or nothing, so a player is never paired twice and a crash pairs nobody. The same
 * transaction says the standings lines changed since the last wave (throttled deltas).
 */
import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { every, type Loop } from '../common/every.js';
import { TIME, type TimeSource } from '../common/time.js';
import { CONFIG, type Config } from '../config.js';
import { BlocksService } from '../blocks/index.js';
import { MatchStarter, type NewMatch } from '../matches/index.js';
import { NotificationsService } from '../notifications/index.js';
import type { TournamentRow } from '../persistence/entities/index.js';
import type { AfterCommit, Say } from '../realtime/announcement.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import {
  isFirstMoments,
  nextColorHistory,
  pairWave,
  type WaitingPlayer,
} from './arena/arena-pairing-rules.js';
import { plannedArenas } from './arena/arena-schedule-rules.js';
import { TournamentStore, type EntryRow } from './tournament-store.js';
import { standingOf, tournamentOf } from './tournament-view.js';
import { blankRow } from './tournament-row.js';

/** Standings lines a `tournament:update` carries at most. */
const UPDATE_LINES = 200;

/** How often the schedule is looked at (it plans a day ahead). */
const SCHEDULE_EVERY_MS = 60_000;

/** One wave's figures (the bench reads them through the test API). */
export interface WaveStat {
  tournamentId: string;
  ms: number;
  waiting: number;
  paired: number;
  at: number;
}

@Injectable()
export class ArenaClock implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Arena');
  private loop: Loop | null = null;
  private scheduledAt = 0;
  /** The last waves' figures on this process (bounded). */
  readonly waves: WaveStat[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: TournamentStore,
    private readonly starter: MatchStarter,
    private readonly work: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly blocks: BlocksService,
    @Inject(TIME) private readonly time: TimeSource,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = every(
      this.config.tournamentTickMs,
      () => this.tick(),
      (e) => this.log.warn(`tick failed: ${String(e)}`),
    );
  }

  onApplicationShutdown(): void {
    this.loop?.stop();
  }

  /** One beat: schedule, start, end, pair. */
  async tick(): Promise<void> {
    const now = this.time.now();
    if (this.config.arenaSchedule && now.getTime() - this.scheduledAt >= SCHEDULE_EVERY_MS) {
      await this.schedule(now);
      this.scheduledAt = now.getTime();
    }
    await this.work.transaction(this.db, (em, say) => this.startAndEnd(em, say, now));
    for (const t of await this.store.started('arena')) {
      // One arena's failure leaves the others their waves.
      await this.work
        .transaction(this.db, (em, say, after) => this.wave(em, say, after, t.id))
        .catch((e: unknown) => this.log.warn(`wave of ${t.id} failed: ${String(e)}`));
    }
  }

  /** The schedule's arenas of the next 24 hours (each inserted once across processes). */
  private async schedule(now: Date): Promise<void> {
    for (const p of plannedArenas(now, 24)) {
      await this.store.insert(this.db.manager, {
        ...blankRow(),
        id: randomUUID(),
        name: p.name,
        variant: p.variant,
        clockInitial: p.clock.initial,
        clockIncrement: p.clock.increment,
        rated: p.rated,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        minutes: p.minutes,
        scheduleKey: p.key,
      });
    }
  }

  /** Events whose time came start; arenas whose time is up end, with their winner. */
  private async startAndEnd(em: EntityManager, say: Say, now: Date): Promise<void> {
    for (const id of await this.store.advance(em, 'created', 'started', 'starts_at', now)) {
      await this.tell(em, say, id);
      // In the start's own transaction (the status change checks the status before it): one
      // notice per entrant however many processes run the schedule.
      const t = await this.store.get(id, em);
      if (t)
        await this.notifications.add(
          em,
          say,
          await this.store.entrantIds(em, id),
          'tournamentStart',
          {
            tournamentId: id,
            name: t.name,
          },
        );
    }
    for (const id of await this.store.advance(em, 'started', 'finished', 'ends_at', now)) {
      const [leader] = await this.store.standings(id, 0, 1, em);
      await this.store.setWinner(em, id, leader && leader.games > 0 ? leader.player_id : null);
      await this.store.closeEntries(em, id);
      await this.tell(em, say, id);
    }
  }

  /** The event's new state to its page's watchers. */
  async tell(em: EntityManager, say: Say, id: string): Promise<void> {
    const t = await this.store.get(id, em);
    if (!t) return;
    const winner = t.winnerId ? await this.store.entry(id, t.winnerId, em) : null;
    const names = new Map(winner ? [[winner.player_id, winner.name]] : []);
    say(id, 'tournament:update', { tournamentId: id, tournament: tournamentOf(t, names) });
  }

  /** One arena's wave (see above); skipped when another process is pairing it. */
  private async wave(em: EntityManager, say: Say, after: AfterCommit, id: string): Promise<void> {
    const started = Date.now();
    const [{ locked }] = (await em.query(
      `SELECT pg_try_advisory_xact_lock(hashtext('arena:' || $1)) AS locked`,
      [id],
    )) as { locked: boolean }[];
    if (!locked) return;
    // FOR SHARE, as games' endings read it: only the arena's end (an update) waits for a wave.
    const t = await this.store.lock(em, id, true);
    if (!t || t.status !== 'started') return;
    const now = this.time.now();
    // lila's cut-off: no game that could not end before the arena does (it would not count).
    const initial = t.clockInitial ?? 0;
    const cutoff = Math.max(30_000, Math.min(initial, 120_000));
    if (t.endsAt && now.getTime() >= t.endsAt.getTime() - cutoff) return;
    const waves = await this.store.waveCount(em, id);
    const waiting = await this.store.waiting(em, id);
    const pairs =
      waiting.length < 2
        ? []
        : pairWave({
            waiting: waiting.map(waitingPlayer),
            nbPlayers: t.players,
            firstMoments: isFirstMoments(t.startsAt, now) || waves === 0,
            seed: `${id}:${waves}`,
            forbids: await this.blocks.among(
              em,
              waiting.map((w) => w.player_id),
            ),
          });
    if (pairs.length > 0) await this.startGames(em, say, after, t, waiting, pairs);
    await this.sayStandings(em, say, t);
    const stat = {
      tournamentId: id,
      ms: Date.now() - started,
      waiting: waiting.length,
      at: now.getTime(),
    };
    after(() => this.record({ ...stat, paired: pairs.length * 2 }));
  }

  private async startGames(
    em: EntityManager,
    say: Say,
    after: AfterCommit,
    t: TournamentRow,
    waiting: EntryRow[],
    pairs: readonly (readonly [string, string])[],
  ): Promise<void> {
    const byId = new Map(waiting.map((w) => [w.player_id, w]));
    const clock = { initial: t.clockInitial ?? 180_000, increment: t.clockIncrement ?? 0 };
    const specs: NewMatch[] = pairs.map(([whiteId, blackId]) => ({
      variant: t.variant,
      whiteId,
      blackId,
      clock,
      rated: t.rated,
      tournamentId: t.id,
    }));
    const started = await this.starter.start(em, say, after, specs);
    const lines = started.flatMap(({ match }) =>
      (['white', 'black'] as const).map((color) => {
        const me = byId.get(color === 'white' ? match.whiteId : match.blackId) as EntryRow;
        const colors = nextColorHistory(
          { strike: me.color_strike, balance: me.color_balance },
          color,
        );
        return {
          playerId: me.player_id,
          matchId: match.id,
          opponentId: color === 'white' ? match.blackId : match.whiteId,
          strike: colors.strike,
          balance: colors.balance,
        };
      }),
    );
    await this.store.paired(em, t.id, lines);
  }

  /** The lines changed since the last wave (`unsaid`), to the page's watchers. */
  private async sayStandings(em: EntityManager, say: Say, t: TournamentRow) {
    const changed = await this.store.unsaid(em, t.id);
    if (changed.length === 0) return;
    const featured = await this.store.featured(t.id, em);
    // Every changed line, a few hundred a message.
    for (let i = 0; i < changed.length; i += UPDATE_LINES)
      say(t.id, 'tournament:update', {
        tournamentId: t.id,
        changed: changed.slice(i, i + UPDATE_LINES).map((r) => standingOf(r, undefined, t.streaks)),
        featured,
      });
  }

  private record(stat: WaveStat): void {
    this.waves.push(stat);
    if (this.waves.length > 10_000) this.waves.splice(0, this.waves.length - 10_000);
  }
}

const waitingPlayer = (w: EntryRow): WaitingPlayer => ({
  id: w.player_id,
  rank: Number(w.rank),
  rating: w.rating,
  lastOpponentId: w.last_opponent_id,
  colors: { strike: w.color_strike, balance: w.color_balance },
});
