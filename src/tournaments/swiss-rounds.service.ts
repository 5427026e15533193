/**
 * Swiss events' rounds, on every process, every TOURNAMENT_TICK_MS. A round is paired by the FIDE
 * Dutch system (src/tournaments/swiss/) from the stored state, and its games, byes and absences
 * written with the round number, in ONE transaction under the event's advisory lock whose round
 * update checks the round before it: exactly once across processes, and a process that dies
 * mid-pairing pairs nothing (the next tick, on any process, pairs the round). Once every game of
 * a round has a result, the next round's time is set (the interval, or 'auto'); after the last
 * round, or when no valid pairing exists, the event ends.
 */
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
import { MatchStarter, type NewMatch } from '../matches/index.js';
import type { TournamentRow } from '../persistence/entities/index.js';
import type { AfterCommit, Say } from '../realtime/announcement.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { pairDutch } from './swiss/dutch.js';
import { AUTO_ROUND_DELAY_MS } from './swiss/swiss-terms-rules.js';
import { swissStandings, type SwissTiebreak } from './swiss/swiss-tiebreak-rules.js';
import { pairingInput, tiebreakRecords, type RoundLine } from './swiss-state-rules.js';
import { ArenaClock } from './arena-clock.service.js';
import { TournamentStore } from './tournament-store.js';
import { sheetWith } from './tournament-view.js';

/** One round's pairing time (the bench reads them). */
export interface RoundStat {
  tournamentId: string;
  round: number;
  ms: number;
  players: number;
}

@Injectable()
export class SwissRounds implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Swiss');
  private loop: Loop | null = null;
  readonly rounds: RoundStat[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: TournamentStore,
    private readonly starter: MatchStarter,
    private readonly work: UnitOfWork,
    private readonly arenas: ArenaClock,
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

  async tick(): Promise<void> {
    for (const t of await this.store.started('swiss'))
      await this.work.transaction(this.db, (em, say, after) => this.step(em, say, after, t.id));
  }

  /** What the event needs now: its next round paired, the next round's time, or its end. */
  private async step(em: EntityManager, say: Say, after: AfterCommit, id: string) {
    const [{ locked }] = (await em.query(
      `SELECT pg_try_advisory_xact_lock(hashtext('swiss:' || $1)) AS locked`,
      [id],
    )) as { locked: boolean }[];
    if (!locked) return;
    const t = await this.store.lock(em, id);
    if (!t || t.status !== 'started') return;
    const now = this.time.now();
    if (t.round > 0 && !(await this.store.roundOver(em, id, t.round))) return;
    const rounds = t.rounds ?? 0;
    if (t.round >= rounds) return this.finish(em, say, t, now);
    if (t.round > 0 && t.nextRoundAt === null) {
      const wait = t.roundInterval === null ? AUTO_ROUND_DELAY_MS : t.roundInterval * 1000;
      await this.store.scheduleNext(em, id, t.round, new Date(now.getTime() + wait));
      return this.arenas.tell(em, say, id);
    }
    if (t.round > 0 && t.nextRoundAt !== null && t.nextRoundAt > now) return;
    await this.pair(em, say, after, t, t.round + 1, now);
  }

  private async pair(
    em: EntityManager,
    say: Say,
    after: AfterCommit,
    t: TournamentRow,
    round: number,
    now: Date,
  ): Promise<void> {
    const started = Date.now();
    await this.store.numberEntrants(em, t.id);
    const rows = await this.store.swissEntrants(t.id, em);
    const lines = await this.store.swissLines(t.id, em);
    const entrants = rows.map((r) => ({
      playerId: r.player_id,
      pairingNumber: r.pairing_number as number,
      present: r.status === 'active',
    }));
    const result = pairDutch(pairingInput(entrants, lines, round, t.rounds ?? round));
    // No valid pairing (a small event that has met itself out): the event ends here.
    if (!result.ok) return this.finish(em, say, t, now);
    const byNumber = new Map(entrants.map((e) => [e.pairingNumber, e.playerId]));
    const pidOf = (n: number) => byNumber.get(n) as string;
    const specs: NewMatch[] = result.pairs.map((p) => ({
      variant: t.variant,
      whiteId: pidOf(p.white),
      blackId: pidOf(p.black),
      clock:
        t.clockInitial === null
          ? null
          : { initial: t.clockInitial, increment: t.clockIncrement ?? 0 },
      days: t.days,
      rated: t.rated,
      tournamentId: t.id,
    }));
    const games = await this.starter.start(em, say, after, specs);
    const out: (RoundLine & { matchId: string | null })[] = games.flatMap(({ match }) => [
      line(round, match.whiteId, match.blackId, 'w', match.id),
      line(round, match.blackId, match.whiteId, 'b', match.id),
    ]);
    const playing = new Set(out.map((l) => l.playerId));
    const bye = result.bye === null ? null : pidOf(result.bye);
    const sheetOf = new Map(rows.map((r) => [r.player_id, r]));
    const unplayed: { playerId: string; points: number; absent: boolean; sheet: string }[] = [];
    for (const e of entrants) {
      if (playing.has(e.playerId)) continue;
      const code = e.playerId === bye ? 'U' : 'Z';
      out.push({ ...line(round, e.playerId, null, null, null), result: code });
      const points = code === 'U' ? 2 : 0;
      const prev = sheetOf.get(e.playerId);
      unplayed.push({
        playerId: e.playerId,
        points,
        absent: code === 'Z',
        sheet: sheetWith(prev?.sheet ?? '', points, false),
      });
    }
    await this.store.insertRound(em, t.id, round, out);
    await this.store.unplayed(em, t.id, unplayed, now);
    await this.store.paired(
      em,
      t.id,
      games.flatMap(({ match }) => [
        {
          playerId: match.whiteId,
          matchId: match.id,
          opponentId: match.blackId,
          strike: 0,
          balance: 0,
        },
        {
          playerId: match.blackId,
          matchId: match.id,
          opponentId: match.whiteId,
          strike: 0,
          balance: 0,
        },
      ]),
    );
    if (!(await this.store.setRound(em, t.id, round))) throw new Error('round paired twice');
    await this.arenas.tell(em, say, t.id);
    const stat = { tournamentId: t.id, round, ms: Date.now() - started, players: entrants.length };
    after(() => {
      this.rounds.push(stat);
      if (this.rounds.length > 1000) this.rounds.shift();
    });
  }

  /** The event ends: its winner by the standings with tie-breaks. */
  private async finish(em: EntityManager, say: Say, t: TournamentRow, now: Date): Promise<void> {
    if (!(await this.store.finish(em, t.id, now))) return;
    const ranked = await this.ranking(t, em);
    await this.store.setWinner(em, t.id, ranked[0]?.id ?? null);
    await this.store.closeEntries(em, t.id);
    await this.arenas.tell(em, say, t.id);
  }

  /** The standings with the event's tie-breaks (all players). */
  async ranking(t: TournamentRow, em: EntityManager = this.db.manager) {
    const rows = await this.store.swissEntrants(t.id, em);
    const lines = await this.store.swissLines(t.id, em);
    const entrants = rows.map((r) => ({
      playerId: r.player_id,
      pairingNumber: r.pairing_number ?? 0,
      present: true,
    }));
    const tiebreaks = (t.tiebreaks ? t.tiebreaks.split(',') : []) as SwissTiebreak[];
    return swissStandings(tiebreakRecords(entrants, lines, t.round), tiebreaks);
  }
}

function line(
  round: number,
  playerId: string,
  opponentId: string | null,
  color: 'w' | 'b' | null,
  matchId: string | null,
): RoundLine & { matchId: string | null } {
  return { round, playerId, opponentId, color, matchId, result: null };
}
