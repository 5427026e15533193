import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import {
  DEFAULT_SETTINGS,
  type PlayerMark,
  type PlayerRole,
  type PlayerSettings,
} from '../common/protocol.js';
import { Player } from '../persistence/entities/index.js';
import type { Queryable } from '../persistence/read-side.js';
import { SessionsService } from './sessions.service.js';
import { hashSecret, newSecret } from './secrets.js';
import { sessionIdOf } from './web-security.js';

export interface PlayerIdentity {
  readonly id: string;
  readonly name: string;
}

/** An open account as its public pages show it. */
export interface AccountRow {
  id: string;
  username: string;
  bot: boolean;
  /** When it signed up (a guest who signed up later: then). */
  createdAt: Date;
  marks: PlayerMark[];
}

@Injectable()
export class PlayersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
  ) {}

  async create(name: string): Promise<{ id: string; name: string; token: string }> {
    // The player's key: `token` on the wire.
    const key = newSecret();
    const player = this.db.getRepository(Player).create({
      id: randomUUID(),
      name,
      keyHash: hashSecret(key),
    });
    await this.db.getRepository(Player).insert(player);
    return { id: player.id, name: player.name, token: key };
  }

  /** Whether the player has signed up (rated games, tokens): an account, not a guest. */
  async isAccount(playerId: string, em: EntityManager = this.db.manager): Promise<boolean> {
    const rows = (await em.query(`SELECT 1 FROM players WHERE id = $1 AND username IS NOT NULL`, [
      playerId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Whether the account is closed, its row held (FOR SHARE) until the caller's transaction ends. */
  async isClosed(em: EntityManager, playerId: string): Promise<boolean> {
    const rows = (await em.query(
      `SELECT closed_at IS NOT NULL AS closed FROM players WHERE id = $1 FOR SHARE`,
      [playerId],
    )) as { closed: boolean }[];
    return rows[0]?.closed === true;
  }

  /** A guest takes another name, keeping its identity (and so its games). */
  async rename(player: PlayerIdentity, name: string): Promise<PlayerIdentity> {
    const rows = (await this.db.query(
      `WITH u AS (UPDATE players SET name = $2
          WHERE id = $1 AND username IS NULL AND computer_level IS NULL RETURNING id)
        SELECT id FROM u`,
      [player.id, name],
    )) as unknown[];
    if (rows.length === 0)
      throw new DomainError('INVALID_PAYLOAD', "an account's name is its username", 'ACCOUNT_NAME');
    return { id: player.id, name };
  }

  /** The player holding `key` (a socket's `auth.token`, a bearer), or UNAUTHENTICATED. */
  async authenticate(key: unknown): Promise<PlayerIdentity> {
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
      throw new DomainError('UNAUTHENTICATED', 'missing or bad token');
    }
    const player = await this.db
      .getRepository(Player)
      .findOne({ where: { keyHash: hashSecret(key) }, select: { id: true, name: true } });
    if (!player) throw new DomainError('UNAUTHENTICATED', 'missing or bad token');
    return { id: player.id, name: player.name };
  }

  /** REST: `Authorization: Bearer <token>`. */
  authenticateHeader(header: unknown): Promise<PlayerIdentity> {
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    return this.authenticate(m?.[1]);
  }

  /**
   * A request's player: its bearer token when it has an Authorization header, else its session
   * cookie (an account signed in with a browser). The cookie's Origin is checked at the edge.
   */
  async identify(headers: { authorization?: unknown; cookie?: unknown }): Promise<PlayerIdentity> {
    if (headers.authorization !== undefined) return this.authenticateHeader(headers.authorization);
    const player = await this.sessions.find(sessionIdOf(headers.cookie));
    if (!player) throw new DomainError('UNAUTHENTICATED', 'missing token or session');
    return player;
  }

  /**
   * The open account named `username` (any case), or NOT_FOUND; guests have no name to find.
   * `from`: a transaction's manager, or the read replica for a page that tolerates a lag.
   */
  async account(username: string, from: Queryable = this.db): Promise<AccountRow> {
    const rows = (await from.query(
      `SELECT id, username, bot, coalesce(signed_up_at, created_at) AS created_at, marks
         FROM players WHERE lower(username) = lower($1) AND closed_at IS NULL`,
      [username],
    )) as (Omit<AccountRow, 'createdAt'> & { created_at: Date })[];
    const row = rows[0];
    if (!row) throw new DomainError('NOT_FOUND', `no player "${username}"`);
    const { created_at, ...rest } = row;
    return { ...rest, createdAt: new Date(created_at) };
  }

  /**
   * Who asks, on a page anyone may read: the player with a valid bearer or session, else null
   * (no credentials, or ones that are no longer good: a guest, not an error).
   */
  async viewer(headers: {
    authorization?: unknown;
    cookie?: unknown;
  }): Promise<PlayerIdentity | null> {
    if (headers.authorization === undefined && typeof headers.cookie !== 'string') return null;
    return this.identify(headers).catch(() => null);
  }

  /** Names by id (and the bots among them); pass the transaction's manager when inside one. */
  async names(
    ids: readonly string[],
    em: EntityManager = this.db.manager,
  ): Promise<Map<string, string> & { bots: Set<string> }> {
    const rows = await em.getRepository(Player).find({
      where: { id: In([...ids]) },
      select: { id: true, name: true, bot: true },
    });
    const bots = new Set(rows.filter((r) => r.bot).map((r) => r.id));
    return Object.assign(new Map(rows.map((r) => [r.id, r.name])), { bots });
  }

  /** The player's row locked until the caller's transaction ends (a change of its standing). */
  async lock(em: EntityManager, playerId: string): Promise<void> {
    await em.query(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`, [playerId]);
  }

  /** The account becomes a bot, for good (its row locked by the caller). */
  async becomeBot(em: EntityManager, playerId: string): Promise<void> {
    await em.query(`UPDATE players SET bot = true WHERE id = $1`, [playerId]);
  }

  /** Which of these players are bots (in the caller's transaction). */
  async botsAmong(em: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    const rows = (await em.query(`SELECT id FROM players WHERE id = ANY($1::uuid[]) AND bot`, [
      ids,
    ])) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** Which of these players switched takebacks off (in the caller's transaction). */
  async takebacksOff(em: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = (await em.query(
      `SELECT id FROM players WHERE id = ANY($1::uuid[]) AND settings->>'takebacks' = 'false'`,
      [unique],
    )) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Which of these players switched the boolean setting `key` off (in the caller's
   * transaction): a setting never changed is its default, on.
   */
  async settingOff(
    em: EntityManager,
    ids: readonly string[],
    key: keyof PlayerSettings,
  ): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = (await em.query(
      `SELECT id FROM players WHERE id = ANY($1::uuid[]) AND settings->>$2 = 'false'`,
      [unique, key],
    )) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** The player's settings, the defaults filled in. */
  async settings(playerId: string): Promise<PlayerSettings> {
    const rows = (await this.db.query(`SELECT settings FROM players WHERE id = $1`, [
      playerId,
    ])) as { settings: Partial<PlayerSettings> }[];
    return { ...DEFAULT_SETTINGS, ...rows[0]?.settings };
  }

  /** Changes some settings (one statement: two tabs' changes merge); answers them all. */
  async updateSettings(playerId: string, patch: Partial<PlayerSettings>): Promise<PlayerSettings> {
    const rows = (await this.db.query(
      `WITH u AS (UPDATE players SET settings = settings || $2::jsonb WHERE id = $1
          RETURNING settings) SELECT settings FROM u`,
      [playerId, JSON.stringify(patch)],
    )) as { settings: Partial<PlayerSettings> }[];
    return { ...DEFAULT_SETTINGS, ...rows[0]?.settings };
  }

  /** Whether the player has signed up, and whether it is a bot. */
  async standing(playerId: string): Promise<{ account: boolean; bot: boolean }> {
    const [row] = (await this.db.query(
      `SELECT username IS NOT NULL AS account, bot FROM players WHERE id = $1`,
      [playerId],
    )) as { account: boolean; bot: boolean }[];
    return row ?? { account: false, bot: false };
  }

  /**
   * Whether the player is a bot account (Bot API; challenges only). `lock`: inside a transaction,
   * hold the row (FOR SHARE) so a bot upgrade cannot commit in between.
   */
  async isBot(
    playerId: string,
    em: EntityManager = this.db.manager,
    lock = false,
  ): Promise<boolean> {
    const rows = (await em.query(
      `SELECT bot FROM players WHERE id = $1${lock ? ' FOR SHARE' : ''}`,
      [playerId],
    )) as { bot: boolean }[];
    return rows[0]?.bot === true;
  }

  /** Whether the player carries this moderator's mark (in the caller's transaction). */
  async hasMark(em: EntityManager, playerId: string, mark: PlayerMark): Promise<boolean> {
    const rows = (await em.query(`SELECT 1 FROM players WHERE id = $1 AND $2 = ANY(marks)`, [
      playerId,
      mark,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** The player's role and marks (moderation). */
  async standingForMods(
    playerId: string,
    em: EntityManager = this.db.manager,
  ): Promise<{ role: PlayerRole | null; marks: PlayerMark[] }> {
    const [row] = (await em.query(`SELECT role, marks FROM players WHERE id = $1`, [playerId])) as {
      role: PlayerRole | null;
      marks: PlayerMark[];
    }[];
    return row ?? { role: null, marks: [] };
  }

  /** Adds or lifts a mark; whether it changed anything (row locked by the statement). */
  async setMark(em: EntityManager, playerId: string, mark: PlayerMark, on: boolean) {
    const rows = (await em.query(
      on
        ? `UPDATE players SET marks = array_append(marks, $2) WHERE id = $1 AND NOT ($2 = ANY(marks))
            RETURNING id`
        : `UPDATE players SET marks = array_remove(marks, $2) WHERE id = $1 AND $2 = ANY(marks)
            RETURNING id`,
      [playerId, mark],
    )) as unknown[];
    return rows.length > 0;
  }
}
