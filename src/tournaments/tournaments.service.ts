/**
 * Tournaments as players meet them: the list, an event's page and standings, joining (password,
 * conditions, bots, late join), pausing, withdrawing, berserk, and making an arena. The clocks
 * that start, pair and end events are ArenaClock and SwissRounds.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ReadSide } from '../persistence/read-side.js';
import { AccountClosure } from '../accounts/account-closure.js';
import { verifyPassword, hashPassword } from '../accounts/passwords.js';
import { DomainError } from '../common/errors.js';
import type {
  EntryStatus,
  StandingsPage,
  Tournament,
  TournamentGame,
  TournamentList,
  TournamentPage,
} from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import { LifecycleService, MatchQueries } from '../matches/index.js';
import { NotificationsService } from '../notifications/index.js';
import type { TournamentRow } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { DEFAULT_RATING } from '../ratings/glicko2.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { speedOfColumns } from '../ratings/speed.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { FollowsService } from '../social/index.js';
import { gameResults, scoreSheet, type ArenaGameResult } from './arena/arena-scoring-rules.js';
import { arenaEndsAt, checkArenaTerms } from './arena/arena-terms-rules.js';
import { checkEntry } from './entry-conditions-rules.js';
import { checkSwissTerms } from './swiss/swiss-terms-rules.js';
import { makeTrf } from './swiss/trf.js';
import { pairingInput } from './swiss-state-rules.js';
import { SwissRounds } from './swiss-rounds.service.js';
import { TournamentStore } from './tournament-store.js';
import { blankRow } from './tournament-row.js';
import { standingOf, tournamentOf } from './tournament-view.js';

/** Standings lines a page. */
export const PER_PAGE = 20;

@Injectable()
export class TournamentsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: TournamentStore,
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
    private readonly queries: MatchQueries,
    private readonly lifecycle: LifecycleService,
    private readonly work: UnitOfWork,
    private readonly swiss: SwissRounds,
    private readonly follows: FollowsService,
    private readonly notifications: NotificationsService,
    private readonly closure: AccountClosure,
    @Inject(TIME) private readonly time: TimeSource,
    private readonly reads: ReadSide,
  ) {}

  onModuleInit(): void {
    // A closed account is paired no more (a withdrawal, as its own would be; its score stays).
    this.closure.register(async (em, _say, playerId) => {
      await this.store.withdrawEverywhere(em, playerId);
    });
  }

  /**
   * A new event, and its maker's followers told of it in the same transaction (so once,
   * whichever process made it).
   */
  private async made(player: PlayerIdentity, row: TournamentRow): Promise<void> {
    await this.work.transaction(this.db, async (em, say) => {
      await this.store.insert(em, row);
      await this.notifications.add(
        em,
        say,
        await this.follows.followersOf(em, player.id),
        'followedTournament',
        { tournamentId: row.id, name: row.name, by: player.name },
      );
    });
  }

  /** Accounts make arenas (POST /api/tournament). */
  async createArena(player: PlayerIdentity, body: unknown): Promise<Tournament> {
    if (!(await this.players.isAccount(player.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'tournaments are made by accounts: sign up');
    const now = this.time.now();
    const terms = checkArenaTerms(body, now);
    const row: TournamentRow = {
      ...blankRow(),
      id: randomUUID(),
      kind: 'arena',
      name: terms.name ?? `${player.name}'s arena`,
      variant: terms.variant,
      clockInitial: terms.clock.initial,
      clockIncrement: terms.clock.increment,
      rated: terms.rated,
      berserkable: terms.berserkable,
      streaks: terms.streaks,
      allowBots: terms.allowBots,
      passwordHash: terms.password ? await hashPassword(terms.password) : null,
      conditions: terms.conditions ?? {},
      startsAt: terms.startsAt,
      endsAt: arenaEndsAt(terms),
      minutes: terms.minutes,
      createdBy: player.id,
    };
    await this.made(player, row);
    return this.view(row);
  }

  /** Accounts make Swiss events (POST /api/swiss). */
  async createSwiss(player: PlayerIdentity, body: unknown): Promise<Tournament> {
    if (!(await this.players.isAccount(player.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'tournaments are made by accounts: sign up');
    const now = this.time.now();
    const terms = checkSwissTerms(body, now);
    const row: TournamentRow = {
      ...blankRow(),
      id: randomUUID(),
      kind: 'swiss',
      name: terms.name ?? `${player.name}'s Swiss`,
      variant: terms.variant,
      clockInitial: terms.clock?.initial ?? null,
      clockIncrement: terms.clock?.increment ?? null,
      days: terms.days ?? null,
      rated: terms.rated,
      berserkable: false,
      allowBots: terms.allowBots,
      passwordHash: terms.password ? await hashPassword(terms.password) : null,
      conditions: terms.conditions ?? {},
      startsAt: terms.startsAt,
      rounds: terms.rounds,
      roundInterval: terms.roundInterval === 'auto' ? null : Math.round(terms.roundInterval / 1000),
      lateJoinRound: terms.lateJoinUntilRound,
      tiebreaks: terms.tiebreaks.join(','),
      createdBy: player.id,
    };
    await this.made(player, row);
    return this.view(row);
  }

  /** A Swiss event as a TRF16 file (FIDE's exchange format; bbpPairings reads it). */
  async trf(id: string): Promise<string> {
    const t = await this.row(id);
    if (t.kind !== 'swiss') throw new DomainError('NOT_FOUND', 'no such Swiss event');
    const rows = (await this.store.swissEntrants(id)).filter((r) => r.pairing_number !== null);
    const lines = await this.store.swissLines(id);
    const entrants = rows.map((r) => ({
      playerId: r.player_id,
      pairingNumber: r.pairing_number as number,
      present: true,
    }));
    const input = pairingInput(entrants, lines, t.round + 1, t.rounds ?? t.round);
    const byNumber = new Map(rows.map((r) => [r.pairing_number as number, r]));
    // makeTrf writes the numbers and history; the names and ratings go in their columns.
    return makeTrf(input, t.name)
      .split('\n')
      .map((l) => {
        if (!l.startsWith('001 ')) return l;
        const r = byNumber.get(Number(l.slice(4, 8)));
        if (!r) return l;
        const name = r.name.slice(0, 32).padEnd(33, ' ');
        return `${l.slice(0, 14)}${name}${String(r.rating).padStart(4, ' ')}${l.slice(51)}`;
      })
      .join('\n');
  }

  /** The public list tolerates a lag: read from the read replica, if there is one. */
  async list(): Promise<TournamentList> {
    const from = this.reads.lagging.manager;
    const [created, started, finished] = await Promise.all([
      this.store.list('created', 50, from),
      this.store.list('started', 50, from),
      this.store.list('finished', 20, from),
    ]);
    const names = await this.names([...created, ...started, ...finished], from);
    const of = (rows: TournamentRow[]) => rows.map((t) => tournamentOf(t, names));
    return { created: of(created), started: of(started), finished: of(finished) };
  }

  async row(id: string): Promise<TournamentRow> {
    const t = await this.store.get(id);
    if (!t) throw new DomainError('NOT_FOUND', 'no such tournament');
    return t;
  }

  async view(t: TournamentRow): Promise<Tournament> {
    return tournamentOf(t, await this.names([t]));
  }

  /** The event, its first standings page, the caller's line, the featured game, the podium. */
  async page(id: string, me: PlayerIdentity | null): Promise<TournamentPage> {
    const t = await this.row(id);
    const [tournament, standings, entry, featured] = await Promise.all([
      this.view(t),
      this.standings(id, 1),
      me ? this.store.entry(id, me.id) : null,
      t.status === 'started' ? this.store.featured(id) : null,
    ]);
    const podium =
      t.status === 'finished' ? standings.players.filter((s) => s.games > 0).slice(0, 3) : null;
    return {
      tournament,
      standings,
      me: entry && {
        status: entry.status,
        matchId: entry.match_id,
        score: entry.score,
        rank: Number(entry.rank),
      },
      featured,
      podium,
    };
  }

  async standings(id: string, page: number): Promise<StandingsPage> {
    const t = await this.row(id);
    if (t.kind === 'swiss') return this.swissStandings(t, page);
    const rows = await this.store.standings(id, (page - 1) * PER_PAGE, PER_PAGE);
    return {
      tournamentId: id,
      page,
      perPage: PER_PAGE,
      total: t.players,
      players: rows.map((r) => standingOf(r, undefined, t.streaks)),
    };
  }

  /** A Swiss event's standings: score, then its tie-breaks (computed from the rounds). */
  private async swissStandings(t: TournamentRow, page: number): Promise<StandingsPage> {
    const ranked = await this.swiss.ranking(t);
    const slice = ranked.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    const rows = await this.store.entries(
      this.db.manager,
      t.id,
      slice.map((r) => r.id),
    );
    const byId = new Map(rows.map((r) => [r.player_id, r]));
    return {
      tournamentId: t.id,
      page,
      perPage: PER_PAGE,
      total: t.players,
      players: slice.flatMap((r) => {
        const row = byId.get(r.id);
        return row ? [{ ...standingOf(row, [...r.tiebreaks]), rank: r.rank }] : [];
      }),
    };
  }

  /** The event's games, newest first. */
  async games(id: string): Promise<TournamentGame[]> {
    await this.row(id);
    return this.queries.ofTournament(id);
  }

  /** Join, or rejoin after a pause or a withdrawal (the score is kept). */
  async join(player: PlayerIdentity, id: string, password?: string): Promise<TournamentPage> {
    const t = await this.row(id);
    if (t.status === 'finished')
      throw new DomainError('REFUSED', 'this tournament is over', 'TOURNAMENT_OVER');
    const already = await this.store.entry(id, player.id);
    // A Swiss event takes new players until its late-join round; its own come back any time.
    if (!already && t.kind === 'swiss' && t.lateJoinRound !== null && t.round >= t.lateJoinRound)
      throw new DomainError('REFUSED', 'joining has closed for this event', 'LATE_JOIN_CLOSED');
    if (!already) await this.admit(player, t, password);
    await this.work.transaction(this.db, async (em) => {
      // FOR UPDATE: the join counts itself on the event's row (two joins sharing the lock
      // would deadlock upgrading it).
      const locked = await this.store.lock(em, id);
      if (!locked || locked.status === 'finished')
        throw new DomainError('REFUSED', 'this tournament is over', 'TOURNAMENT_OVER');
      const rating = already ? already.rating : await this.ratingIn(em, t, player.id);
      await this.store.join(em, id, player.id, rating, this.time.now());
    });
    return this.page(id, player);
  }

  /** Checks a first entry: the password, bots, accounts for rated events, the conditions. */
  private async admit(player: PlayerIdentity, t: TournamentRow, password?: string) {
    if (t.passwordHash !== null && !(password && (await verifyPassword(password, t.passwordHash))))
      throw new DomainError('FORBIDDEN', 'wrong password for this tournament', 'WRONG_PASSWORD');
    if (!t.allowBots && (await this.players.isBot(player.id)))
      throw new DomainError('FORBIDDEN', 'bots may not join this tournament');
    const hasConditions = Object.keys(t.conditions ?? {}).length > 0;
    if ((t.rated || hasConditions) && !(await this.players.isAccount(player.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'rated tournaments are for accounts: sign up');
    if (!hasConditions) return;
    const speed = speedOfColumns(t.clockInitial, t.clockIncrement, t.days);
    const now = this.time.now();
    const r = (await this.ratings.current(this.db.manager, [player.id], t.variant, speed, now)).get(
      player.id,
    );
    try {
      checkEntry(t.conditions, {
        ratedGames: r?.games ?? 0,
        rating: Math.round(r?.rating ?? DEFAULT_RATING.rating),
        provisional: r?.provisional ?? true,
      });
    } catch (e) {
      if (e instanceof DomainError)
        throw new DomainError('FORBIDDEN', e.message, 'CONDITIONS_NOT_MET');
      throw e;
    }
  }

  private async ratingIn(em: EntityManager, t: TournamentRow, playerId: string) {
    const speed = speedOfColumns(t.clockInitial, t.clockIncrement, t.days);
    const r = await this.ratings.current(em, [playerId], t.variant, speed, this.time.now());
    return Math.round(r.get(playerId)?.rating ?? DEFAULT_RATING.rating);
  }

  /** Pause (arena: not paired until rejoining) or withdraw; the score stays. */
  async leave(player: PlayerIdentity, id: string, status: Exclude<EntryStatus, 'active'>) {
    const t = await this.row(id);
    if (t.status === 'finished')
      throw new DomainError('REFUSED', 'this tournament is over', 'TOURNAMENT_OVER');
    const done = await this.work.transaction(this.db, (em) =>
      this.store.setStatus(em, id, player.id, status),
    );
    if (!done) throw new DomainError('REFUSED', 'you are not in this tournament', 'NOT_JOINED');
    return this.page(id, player);
  }

  /** Berserk in my current game of this arena (or the game named). */
  async berserk(player: PlayerIdentity, matchId: string): Promise<void> {
    const tournamentId = await this.queries.tournamentOf(matchId);
    const t = tournamentId ? await this.store.get(tournamentId) : null;
    await this.lifecycle.berserk(player, matchId, t?.kind === 'arena' && t.berserkable);
  }

  /**
   * An arena's points recounted from its stored games, game by game in the order they ended (the
   * bench's and the tests' check that no score was lost or counted twice), beside the stored ones.
   */
  async recount(
    id: string,
  ): Promise<{ stored: Record<string, number>; recounted: Record<string, number> }> {
    const t = await this.row(id);
    const games = await this.queries.tournamentResults(id);
    const results = new Map<string, ArenaGameResult[]>();
    for (const g of games) {
      // Aborted games score nothing; games that ended after the arena are not counted.
      if (g.result_reason === 'aborted') continue;
      if (t.finishedAt && new Date(g.ended_at) > t.finishedAt) continue;
      const both = gameResults(g.result_winner, g.ply, {
        white: g.white_berserk,
        black: g.black_berserk,
      });
      for (const [playerId, r] of [
        [g.white_id, both.white],
        [g.black_id, both.black],
      ] as const)
        results.set(playerId, [...(results.get(playerId) ?? []), r]);
    }
    const stored = Object.fromEntries(await this.store.scores(id));
    const recounted = Object.fromEntries(
      Object.keys(stored).map((playerId) => [
        playerId,
        scoreSheet(results.get(playerId) ?? [], { streaks: t.streaks }).total,
      ]),
    );
    return { stored, recounted };
  }

  private async names(rows: TournamentRow[], from?: EntityManager): Promise<Map<string, string>> {
    const ids = [
      ...new Set(rows.flatMap((t) => [t.createdBy, t.winnerId]).filter((x): x is string => !!x)),
    ];
    return ids.length === 0 ? new Map() : new Map(await this.players.names(ids, from));
  }
}
