/**
 * Swiss events' rounds, on every process, every TOURNAMENT_TICK_MS. A round is paired by the FIDE
 * Dutch system (src/tournaments/swiss/, in a worker thread) from the stored state, and its
 * games, byes and absences written with the round number in ONE transaction under the event's
 * advisory lock, which checks that the state is the one paired and whose round update checks the
 * round before it: exactly once across processes, and a process that dies mid-pairing pairs
 * nothing (the next tick, on any process, pairs the round). Once every game of
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
import { BlocksService } from '../blocks/index.js';
import { MatchStarter, type NewMatch } from '../matches/index.js';
import type { TournamentRow } from '../persistence/entities/index.js';
import type { AfterCommit, Say } from '../realtime/announcement.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { AUTO_ROUND_DELAY_MS } from './swiss/swiss-terms-rules.js';
import { swissStandings, type SwissTiebreak } from './swiss/swiss-tiebreak-rules.js';
import type { PairingResult } from './swiss/types.js';
import { pairKeepingApart } from './swiss/keep-apart.js';
import { closePairing, pairInWorker } from './swiss-pairing.js';
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

  async onApplicationShutdown(): Promise<void> {
    this.loop?.stop();
    await closePairing();
  }

  async tick(): Promise<void> {
    for (const t of await this.store.started('swiss')) {
      try {
        const round = await this.work.transaction(this.db, (em, say) => this.step(em, say, t.id));
        if (round !== null) await this.pairRound(t.id, round);
      } catch (e) {
        // One event's failure leaves the others their rounds.
        this.log.warn(`Swiss ${t.id} failed: ${String(e)}`);
      }
    }
  }

  /**
   * What the event needs now: the next round's time set, its end, or (the round returned) its
   * next round paired, which pairRound does outside this transaction.
   */
  private async step(em: EntityManager, say: Say, id: string): Promise<number | null> {
    const t = await this.locked(em, id);
    if (!t) return null;
    const now = this.time.now();
    if (t.round > 0 && !(await this.store.roundOver(em, id, t.round))) return null;
    const rounds = t.rounds ?? 0;
    if (t.round >= rounds) {
      await this.finish(em, say, t, now);
      return null;
    }
    if (t.round > 0 && t.nextRoundAt === null) {
      const wait = t.roundInterval === null ? AUTO_ROUND_DELAY_MS : t.roundInterval * 1000;
      await this.store.scheduleNext(em, id, t.round, new Date(now.getTime() + wait));
      await this.arenas.tell(em, say, id);
      return null;
    }
    if (t.round > 0 && t.nextRoundAt !== null && t.nextRoundAt > now) return null;
    // The players who joined since get their pairing numbers before the state is read.
    await this.store.numberEntrants(em, t.id);
    return t.round + 1;
  }

  /** The event's row under its advisory lock (null: another process holds it, or not running). */
  private async locked(em: EntityManager, id: string): Promise<TournamentRow | null> {
    const [{ locked }] = (await em.query(
      `SELECT pg_try_advisory_xact_lock(hashtext('swiss:' || $1)) AS locked`,
      [id],
    )) as { locked: boolean }[];
    if (!locked) return null;
    const t = await this.store.lock(em, id);
    return t && t.status === 'started' ? t : null;
  }

  /**
   * Round `round`: the pairing computed in a worker from the state read outside any
   * transaction (seconds for a big event: no lock, no PGlite session held meanwhile), then
   * written in one transaction only if the state it was computed from is still the state (else
   * the next tick pairs again).
   */
  private async pairRound(id: string, round: number): Promise<void> {
    const started = Date.now();
    const t0 = await this.store.get(id);
    if (!t0) return;
    const state = await this.state(t0, round, this.db.manager);
    const result = await pairKeepingApart(state.input, pairInWorker);
    await this.work.transaction(this.db, async (em, say, after) => {
      const t = await this.locked(em, id);
      if (!t || t.round !== round - 1) return;
      const now = this.time.now();
      const fresh = await this.state(t, round, em);
      if (JSON.stringify(fresh.input) !== JSON.stringify(state.input)) return;
      // No valid pairing (a small event that has met itself out): the event ends here.
      if (!result.ok) return this.finish(em, say, t, now);
      await this.write(em, say, after, t, round, fresh, result, now);
      const stat = {
        tournamentId: t.id,
        round,
        ms: Date.now() - started,
        players: fresh.rows.length,
      };
      after(() => {
        this.rounds.push(stat);
        if (this.rounds.length > 1000) this.rounds.shift();
      });
    });
  }

  /** The stored state the round is paired from. */
  private async state(t: TournamentRow, round: number, em: EntityManager) {
    const rows = (await this.store.swissEntrants(t.id, em)).filter(
      (r) => r.pairing_number !== null,
    );
    const lines = await this.store.swissLines(t.id, em);
    const entrants = rows.map((r) => ({
      playerId: r.player_id,
      pairingNumber: r.pairing_number as number,
      present: r.status === 'active',
    }));
    const input = pairingInput(entrants, lines, round, t.rounds ?? round);
    // Blocked pairs among the entrants: kept apart as if they had met (no forbidden: FIDE's).
    const numberOf = new Map(entrants.map((e) => [e.playerId, e.pairingNumber]));
    const forbidden = (await this.blocks.pairsAmong(em, [...numberOf.keys()]))
      .map(([a, b]) => [numberOf.get(a) as number, numberOf.get(b) as number] as [number, number])
      .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    return {
      rows,
      entrants,
      input: forbidden.length > 0 ? { ...input, forbidden } : input,
    };
  }

  /** The round's games started, its byes and absences written, the event's round moved on. */
  private async write(
    em: EntityManager,
    say: Say,
    after: AfterCommit,
    t: TournamentRow,
    round: number,
    state: Awaited<ReturnType<SwissRounds['state']>>,
    result: Extract<PairingResult, { ok: true }>,
    now: Date,
  ): Promise<void> {
    const { rows, entrants } = state;
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
    const sheetOf = new Map(rows.map((r) => [r.player_id, r.sheet]));
    const unplayed: { playerId: string; points: number; absent: boolean; sheet: string }[] = [];
    for (const e of entrants) {
      if (playing.has(e.playerId)) continue;
      const code = e.playerId === bye ? 'U' : 'Z';
      out.push({ ...line(round, e.playerId, null, null, null), result: code });
      const points = code === 'U' ? 2 : 0;
      unplayed.push({
        playerId: e.playerId,
        points,
        absent: code === 'Z',
        sheet: sheetWith(sheetOf.get(e.playerId) ?? '', points, false),
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
