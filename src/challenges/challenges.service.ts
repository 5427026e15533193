/**
 * Challenges: made, answered once, told. Every change of a challenge is one transaction that
 * locks its row and re-checks it, and says what happened inside it (heard if, and only if, it
 * commits): so two accepts of one link make one game, and a cancel raced with an accept ends as
 * a game or as a cancelled challenge, never both. Accepting creates the game in the same
 * transaction that closes the challenge.
 *
 * Who hears what: the challenger's and the challenged player's sockets (their player rooms,
 * every tab, every process), whoever watches the challenge's page (its room), and, for a seek,
 * every lobby subscriber.
 */
import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type {
  Challenge as ChallengeView,
  ChallengeLists,
  ChallengeTerms,
  DeclineReason,
} from '../common/protocol.js';
import { AccountClosure } from '../accounts/account-closure.js';
import { every, type Loop } from '../common/every.js';
import { TIME, type TimeSource } from '../common/time.js';
import { CONFIG, type Config } from '../config.js';
import { BlocksService } from '../blocks/index.js';
import { MatchStarter } from '../matches/index.js';
import { NotificationsService } from '../notifications/index.js';
import { columnsOf, selectSql } from '../persistence/columns.js';
import { Challenge } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { speedOfColumns } from '../ratings/speed.js';
import { RateLimiter } from '../realtime/rate-limit.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { type Say } from '../realtime/announcement.js';
import {
  challengeView,
  checkAcceptor,
  checkCanceller,
  checkDecliner,
  checkOpen,
  colours,
  expiryOf,
  LIVE_EXPIRY_MS,
  MAX_OPEN,
  SEEK_LEASE_MS,
  startFen,
  type CheckedTerms,
} from './challenge-rules.js';

/** How often each process looks for challenges whose time is up. */
const EXPIRY_SWEEP_MS = 1_000;
/** How often each process renews the leases of its sockets' seeks (well inside the lease). */
const LEASE_RENEW_MS = SEEK_LEASE_MS / 3;
/** Challenges closed per expiry transaction (a backlog after an outage goes in batches). */
const EXPIRY_BATCH = 500;
/** Closed challenges are kept this long (a link's page shows how it ended), then purged. */
export const KEEP_CLOSED_MS = 30 * 86_400_000;
const PURGE_MS = 3_600_000;
const CHALLENGE_SELECT = selectSql(columnsOf(Challenge), 'c');
/** The lobby list holds the newest seeks, this many at most (all of them still get pushed live). */
const LOBBY_MAX = 2_000;

@Injectable()
export class ChallengesService
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly log = new Logger('Challenges');
  private readonly limiter: RateLimiter;
  /** The expiry sweep, the leases' renewal and the purge, while the app runs. */
  private loops: Loop[] = [];
  /** The expiry sweep running now, if any (one at a time per process). */
  private sweep: Promise<number> | null = null;
  /** Sockets of this process that made a live seek (only their disconnects need a write). */
  private readonly seekSockets = new Set<string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly starter: MatchStarter,
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
    private readonly work: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly blocks: BlocksService,
    private readonly closure: AccountClosure,
    @Inject(CONFIG) config: Config,
    @Inject(TIME) private readonly time: TimeSource,
  ) {
    this.limiter = new RateLimiter(config.challengeLimit);
  }

  onModuleInit(): void {
    // A closed account's challenges, made or received, close with it: none starts a game.
    this.closure.register(async (em, say, playerId) => {
      await this.cancelAllOf(em, say, playerId);
    });
  }

  /** Every open challenge the player made or was sent, cancelled and told (caller's transaction). */
  async cancelAllOf(em: EntityManager, say: Say, playerId: string): Promise<number> {
    return this.closeIn(em, say, `(challenger_id = $1 OR dest_id = $1)`, [playerId], 'cancelled');
  }

  onApplicationBootstrap(): void {
    // The loop skips a beat while a sweep still runs; an explicit expire() waits for it instead.
    this.loops = [
      every(EXPIRY_SWEEP_MS, () => this.sweep ?? this.expire()),
      every(LEASE_RENEW_MS, () => this.renewLeases()),
      every(
        PURGE_MS,
        () => this.purge(),
        (e) => this.log.warn(`purge failed: ${String(e)}`),
      ),
    ];
  }

  onApplicationShutdown(): void {
    for (const loop of this.loops) loop.stop();
    this.loops = [];
  }

  /** A new challenge from `player`; `socketId`: a live seek made from a socket goes with it. */
  async create(
    player: PlayerIdentity,
    terms: CheckedTerms,
    socketId: string | null = null,
  ): Promise<ChallengeView> {
    const fen = startFen(terms.variant, terms.fen);
    const clock = terms.clock ?? null;
    const days = terms.days ?? null;
    const now = this.time.now();
    const { account, dest, bot } = await this.parties(player, terms);
    if (bot && terms.public)
      throw new DomainError('FORBIDDEN', 'bots play by challenge only, not by lobby seeks');
    if (terms.rated && !account)
      throw new DomainError('ACCOUNT_REQUIRED', 'rated games are for accounts: sign up or log in');
    // Taken once the request is known good: a typo costs no token.
    if (!this.limiter.take(player.id, this.time.now().getTime()))
      throw new DomainError('RATE_LIMITED', 'too many challenges: wait a little');
    const leased = terms.public && days === null && socketId !== null;
    const speed = speedOfColumns(clock?.initial ?? null, clock?.increment ?? null, days);
    const rating = account
      ? (await this.ratings.current(this.db.manager, [player.id], terms.variant, speed, now)).get(
          player.id,
        )
      : undefined;
    const row: Challenge = {
      id: randomUUID(),
      challengerId: player.id,
      destId: dest?.id ?? null,
      public: terms.public,
      variant: terms.variant,
      clockInitial: clock?.initial ?? null,
      clockIncrement: clock?.increment ?? null,
      days,
      color: terms.color,
      rated: terms.rated,
      fen,
      challengerRating: rating ? Math.round(rating.rating) : null,
      challengerProvisional: rating ? rating.provisional : null,
      status: 'open',
      declineReason: null,
      matchId: null,
      socketId: leased ? socketId : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (leased ? SEEK_LEASE_MS : expiryOf(days))),
    };
    const made = await this.work.transaction(this.db, async (em, say) => {
      // One player's creations one at a time (across processes): the bound holds.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`challenges:${player.id}`]);
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM challenges
          WHERE challenger_id = $1 AND status = 'open' AND expires_at > $2`,
        [player.id, now],
      )) as { n: number }[];
      if (n >= MAX_OPEN)
        throw new DomainError(
          'TOO_MANY_CHALLENGES',
          `at most ${MAX_OPEN} open challenges: cancel one first`,
        );
      // A block either way: no challenge between the two (said as such: they know anyway).
      if (row.destId !== null && (await this.blocks.between(em, player.id, row.destId)))
        throw new DomainError('BLOCKED', 'you cannot challenge this player');
      // One open challenge per pair: a player is not flooded by the same challenger.
      if (row.destId !== null) {
        const pending = (await em.query(
          `SELECT 1 FROM challenges WHERE challenger_id = $1 AND dest_id = $2
              AND status = 'open' AND expires_at > $3`,
          [player.id, row.destId, now],
        )) as unknown[];
        if (pending.length > 0)
          throw new DomainError(
            'TOO_MANY_CHALLENGES',
            'you have already challenged this player: wait for the answer or cancel it',
          );
      }
      await em.getRepository(Challenge).insert(row);
      const view = challengeView(row, await this.names(em, row));
      say(row.id, 'challenge:new', view, this.partiesOf(row));
      if (row.public) say('', 'lobby:seek', view);
      if (row.destId !== null)
        await this.notifications.add(em, say, [row.destId], 'challenge', {
          challengeId: row.id,
          from: view.challenger.name,
        });
      return view;
    });
    // After the commit: a disconnect from now on finds the seek (see dropSocket).
    if (leased) this.seekSockets.add(socketId);
    return made;
  }

  /** The challenger's standing, and the player a direct challenge is for. */
  private async parties(
    player: PlayerIdentity,
    terms: ChallengeTerms,
  ): Promise<{ account: boolean; bot: boolean; dest: { id: string } | null }> {
    const { account, bot } = await this.players.standing(player.id);
    if (terms.to === undefined) return { account, bot, dest: null };
    const dest = await this.players.account(terms.to);
    if (dest.id === player.id)
      throw new DomainError(
        'INVALID_PAYLOAD',
        'to: you cannot challenge yourself',
        'SELF_CHALLENGE',
      );
    return { account, bot, dest };
  }

  async get(id: string): Promise<ChallengeView> {
    const row = await this.db.getRepository(Challenge).findOne({ where: { id } });
    if (!row) throw new DomainError('NOT_FOUND', `no challenge ${id}`);
    return challengeView(row, await this.names(this.db.manager, row));
  }

  /** My open challenges: sent to me, and sent by me. */
  async mine(player: PlayerIdentity): Promise<ChallengeLists> {
    const rows = (await this.db.query(
      `SELECT ${CHALLENGE_SELECT} FROM challenges c
        WHERE c.status = 'open' AND c.expires_at > $1 AND (c.challenger_id = $2 OR c.dest_id = $2)
        ORDER BY c.created_at DESC`,
      [this.time.now(), player.id],
    )) as Challenge[];
    const names = await this.players.names(rows.flatMap((r) => this.partiesOf(r)));
    const views = rows.map((r) => challengeView(r, names));
    return {
      in: views.filter((v) => v.dest?.id === player.id),
      out: views.filter((v) => v.challenger.id === player.id),
    };
  }

  /** The lobby: open seeks, oldest first (the newest LOBBY_MAX of them). */
  async seeks(): Promise<ChallengeView[]> {
    const rows = (await this.db.query(
      `SELECT ${CHALLENGE_SELECT} FROM challenges c
        WHERE c.status = 'open' AND c.public AND c.expires_at > $1
        ORDER BY c.created_at DESC LIMIT $2`,
      [this.time.now(), LOBBY_MAX],
    )) as Challenge[];
    rows.reverse();
    const names = await this.players.names([...new Set(rows.map((r) => r.challengerId))]);
    return rows.map((r) => challengeView(r, names));
  }

  /** Whether the player has a lobby seek open (in the caller's transaction). */
  async hasOpenSeek(em: EntityManager, playerId: string): Promise<boolean> {
    const rows = (await em.query(
      `SELECT 1 FROM challenges WHERE challenger_id = $1 AND public AND status = 'open'`,
      [playerId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Accepts: the game is created in the transaction that closes the challenge. */
  async accept(player: PlayerIdentity, id: string): Promise<{ matchId: string }> {
    return this.work.transaction(this.db, async (em, say, after) => {
      const now = this.time.now();
      const row = await this.lock(em, id);
      checkAcceptor(row, player.id);
      checkOpen(row, now);
      // A closed challenger's challenges are cancelled by its closure; this holds if one is
      // left (the row share-locked: a closure waits for the accept, or the accept for it).
      if (await this.players.isClosed(em, row.challengerId))
        throw new DomainError('NOT_FOUND', `no challenge ${id}`);
      // A seek or a link from a player one of the two blocks: no game between them.
      if (await this.blocks.between(em, player.id, row.challengerId))
        throw new DomainError('BLOCKED', 'you cannot play this player');
      // Neither side of a lobby game may be a bot (the seeker may have become one since).
      if (
        row.public &&
        ((await this.players.isBot(player.id, em, true)) ||
          (await this.players.isBot(row.challengerId, em, true)))
      )
        throw new DomainError('FORBIDDEN', 'bots play by challenge only, not by lobby seeks');
      if (row.rated && !(await this.players.isAccount(player.id, em)))
        throw new DomainError('ACCOUNT_REQUIRED', 'this challenge is rated: sign up or log in');
      const sides = colours(row, player.id);
      const clock =
        row.clockInitial === null
          ? null
          : { initial: row.clockInitial, increment: row.clockIncrement ?? 0 };
      const spec = { variant: row.variant, ...sides, clock, days: row.days, rated: row.rated };
      const [game] = await this.starter.start(
        em,
        say,
        after,
        [row.fen === null ? spec : { ...spec, fen: row.fen }],
        now,
      );
      row.status = 'accepted';
      row.matchId = game.match.id;
      await em
        .getRepository(Challenge)
        .update({ id }, { status: row.status, matchId: row.matchId });
      const names = await this.players.names([...this.partiesOf(row), player.id], em);
      const players = [game.match.whiteId, game.match.blackId];
      this.closed(say, row, names, player.id);
      // A live game begins: both players' other live seeks leave the lobby (one game at a time).
      if (row.days === null)
        await this.closeIn(
          em,
          say,
          `public AND days IS NULL AND challenger_id = ANY($1::uuid[])`,
          [players],
          'cancelled',
        );
      return { matchId: game.match.id };
    });
  }

  async decline(player: PlayerIdentity, id: string, reason: DeclineReason = 'generic') {
    await this.change(
      id,
      (row) => checkDecliner(row, player.id),
      (row) => {
        row.status = 'declined';
        row.declineReason = reason;
      },
    );
  }

  async cancel(player: PlayerIdentity, id: string): Promise<void> {
    await this.change(
      id,
      (row) => checkCanceller(row, player.id),
      (row) => {
        row.status = 'cancelled';
      },
    );
  }

  /**
   * A socket is gone: the live seeks it made go with it. Only sockets known to have made one
   * cost a write; one that went while its seek was being made is caught by the gateway, which
   * calls this again once the seek is committed (`force`).
   */
  async dropSocket(socketId: string, force = false): Promise<void> {
    if (!this.seekSockets.delete(socketId) && !force) return;
    await this.work.transaction(this.db, (em, say) =>
      this.closeIn(em, say, `socket_id = $1`, [socketId], 'cancelled'),
    );
  }

  /**
   * Deletes challenges closed more than KEEP_CLOSED_MS ago, in batches (old rows come first in
   * the table, so each batch's scan stops early); how many went.
   */
  async purge(now = this.time.now()): Promise<number> {
    const before = new Date(now.getTime() - KEEP_CLOSED_MS);
    let purged = 0;
    for (;;) {
      const rows = (await this.db.query(
        `WITH d AS (DELETE FROM challenges WHERE id IN (
            SELECT id FROM challenges WHERE status <> 'open' AND expires_at < $1 LIMIT 1000)
          RETURNING 1) SELECT count(*)::int AS n FROM d`,
        [before],
      )) as { n: number }[];
      purged += rows[0].n;
      if (rows[0].n < 1000) return purged;
    }
  }

  /** Renews the leases of the seeks this process's sockets hold (see SEEK_LEASE_MS). */
  async renewLeases(): Promise<void> {
    if (this.seekSockets.size === 0 || !this.db.isInitialized) return;
    const now = this.time.now();
    try {
      await this.db.query(
        `UPDATE challenges SET expires_at = LEAST(created_at + $3 * interval '1 millisecond',
                                                  $2::timestamptz + $4 * interval '1 millisecond')
          WHERE status = 'open' AND socket_id = ANY($1::text[])`,
        [[...this.seekSockets], now, LIVE_EXPIRY_MS, SEEK_LEASE_MS],
      );
    } catch (e) {
      if (this.loops.length > 0) this.log.warn(`seek lease renewal failed: ${String(e)}`);
    }
  }

  /**
   * Challenges whose time is up: closed once, whichever process gets there first. A sweep already
   * running read the clock before this call, so it is waited for and another one made after it.
   */
  async expire(now?: Date): Promise<number> {
    while (this.sweep) await this.sweep;
    if (!this.db.isInitialized) return 0;
    this.sweep = this.closeExpired(now ?? this.time.now()).finally(() => {
      this.sweep = null;
    });
    return this.sweep;
  }

  private async closeExpired(now: Date): Promise<number> {
    try {
      let closed = 0;
      for (;;) {
        const n = await this.work.transaction(this.db, (em, say) =>
          this.closeIn(em, say, `expires_at <= $1`, [now], 'expired', EXPIRY_BATCH),
        );
        closed += n;
        if (n < EXPIRY_BATCH) return closed;
      }
    } catch (e) {
      if (this.loops.length > 0) this.log.warn(`challenge expiry failed: ${String(e)}`);
      return 0;
    }
  }

  /**
   * Open challenges matching `where` closed with `status` inside the caller's transaction, each
   * one told; at most `limit` (rows another transaction holds are left to it). How many closed.
   */
  private async closeIn(
    em: EntityManager,
    say: Say,
    where: string,
    params: unknown[],
    status: 'expired' | 'cancelled',
    limit = 10_000,
  ): Promise<number> {
    const ids = (
      (await em.query(
        `SELECT id FROM challenges WHERE status = 'open' AND ${where}
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        params,
      )) as { id: string }[]
    ).map((r) => r.id);
    if (ids.length === 0) return 0;
    const closed = (await em.query(
      `SELECT ${CHALLENGE_SELECT} FROM challenges c WHERE c.id = ANY($1::uuid[])`,
      [ids],
    )) as Challenge[];
    if (closed.length === 0) return 0;
    await em.query(`UPDATE challenges SET status = $2 WHERE id = ANY($1::uuid[])`, [
      closed.map((r) => r.id),
      status,
    ]);
    const names = await this.players.names(
      closed.flatMap((r) => this.partiesOf(r)),
      em,
    );
    for (const row of closed) {
      row.status = status;
      this.closed(say, row, names);
    }
    return closed.length;
  }

  /** Locks the challenge, checks who asks (then that it is open), lets `fn` close it, tells. */
  private async change(
    id: string,
    check: (row: Challenge) => void,
    fn: (row: Challenge) => void,
  ): Promise<void> {
    await this.work.transaction(this.db, async (em, say) => {
      const row = await this.lock(em, id);
      check(row);
      checkOpen(row, this.time.now());
      fn(row);
      await em
        .getRepository(Challenge)
        .update({ id }, { status: row.status, declineReason: row.declineReason });
      this.closed(say, row, await this.names(em, row));
    });
  }

  /** Tells a challenge's parties and watchers (and the lobby, for a seek) that it closed. */
  private closed(say: Say, row: Challenge, names: ReadonlyMap<string, string>, by?: string) {
    const players = by ? [...new Set([...this.partiesOf(row), by])] : this.partiesOf(row);
    say(row.id, 'challenge:update', challengeView(row, names), players);
    if (row.public) say('', 'lobby:unseek', { id: row.id });
  }

  private async lock(em: EntityManager, id: string): Promise<Challenge> {
    const row = await em
      .getRepository(Challenge)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new DomainError('NOT_FOUND', `no challenge ${id}`);
    return row;
  }

  private partiesOf(row: Challenge): string[] {
    return row.destId === null ? [row.challengerId] : [row.challengerId, row.destId];
  }

  private names(em: EntityManager, row: Challenge): Promise<Map<string, string>> {
    return this.players.names(this.partiesOf(row), em);
  }
}
