/**
 * Sign up, log in, log out, change password. A guest who signs up turns its own player row into
 * the account, so the games it played as a guest stay its own; a new visitor gets a new row.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { SessionsService } from '../players/sessions.service.js';
import { hashSecret, newSecret } from '../players/secrets.js';
import { returnedRows } from '../persistence/raw-sql.js';
import { LoginThrottle } from './login-throttle.js';
import { TIME, type TimeSource } from '../common/time.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { AccountClosure } from './account-closure.js';

export interface Account {
  id: string;
  username: string;
}

export interface SignedIn {
  account: Account;
  /** For the cookie only; never in a response body. */
  sessionId: string;
  /** A new player's key (`token` on the wire), made by this sign-up: API clients and sockets. */
  token?: string;
}

export interface Client {
  ip: string;
  userAgent?: string;
}

const BAD_CREDENTIALS = 'wrong username or password';

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: unknown }).code === '23505' ||
    (e as { driverError?: { code?: unknown } }).driverError?.code === '23505');

@Injectable()
export class AccountsService {
  private readonly throttle: LoginThrottle;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly closure: AccountClosure,
    @Inject(TIME) time: TimeSource,
  ) {
    this.throttle = new LoginThrottle(db, time);
  }

  async signUp(
    username: string,
    password: string,
    guest: PlayerIdentity | null,
    client: Client,
  ): Promise<SignedIn> {
    const hash = await hashPassword(password);
    try {
      return await this.db.transaction(async (em) => {
        let id: string;
        let key: string | undefined;
        if (guest) {
          const rows = (await em.query(
            `UPDATE players SET username = $2, name = $2, password_hash = $3, signed_up_at = now()
              WHERE id = $1 AND username IS NULL AND computer_level IS NULL RETURNING id`,
            [guest.id, username, hash],
          )) as unknown[];
          if (returnedRows(rows).length === 0)
            throw new DomainError(
              'INVALID_PAYLOAD',
              'this player has an account already',
              'HAS_ACCOUNT',
            );
          id = guest.id;
        } else {
          id = randomUUID();
          key = newSecret();
          await em.query(
            `INSERT INTO players (id, name, token_hash, username, password_hash, signed_up_at)
             VALUES ($1, $2, $3, $2, $4, now())`,
            [id, username, hashSecret(key), hash],
          );
        }
        const sessionId = await this.sessions.open(id, client.userAgent, em);
        return { account: { id, username }, sessionId, ...(key ? { token: key } : {}) };
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new DomainError('USERNAME_TAKEN', `username "${username}" is taken`);
      throw e;
    }
  }

  async logIn(username: string, password: string, client: Client): Promise<SignedIn> {
    const keys = { username, ip: client.ip };
    await this.throttle.attempt(keys);
    const rows = (await this.db.query(
      `SELECT id, username, password_hash FROM players
        WHERE lower(username) = lower($1) AND password_hash IS NOT NULL`,
      [username],
    )) as { id: string; username: string; password_hash: string }[];
    const row = rows[0];
    // The same work and the same answer whether the username exists or not.
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
    // The attempt was already counted as a failure: only a success needs undoing.
    if (!row || !ok) throw new DomainError('BAD_CREDENTIALS', BAD_CREDENTIALS);
    await this.throttle.succeeded(keys);
    const sessionId = await this.sessions.open(row.id, client.userAgent);
    return { account: { id: row.id, username: row.username }, sessionId };
  }

  async account(player: PlayerIdentity): Promise<Account | null> {
    const rows = (await this.db.query(
      `SELECT id, username FROM players WHERE id = $1 AND username IS NOT NULL`,
      [player.id],
    )) as Account[];
    return rows[0] ?? null;
  }

  /** Changes the password and closes every other session of the account. */
  async changePassword(
    player: PlayerIdentity,
    current: string,
    next: string,
    keepSession: string | undefined,
  ): Promise<void> {
    const rows = (await this.db.query(
      `SELECT password_hash FROM players WHERE id = $1 AND password_hash IS NOT NULL`,
      [player.id],
    )) as { password_hash: string }[];
    if (!rows[0]) throw new DomainError('UNAUTHENTICATED', 'guests have no password');
    if (!(await verifyPassword(current, rows[0].password_hash)))
      throw new DomainError('BAD_CREDENTIALS', 'wrong current password');
    const hash = await hashPassword(next);
    await this.db.transaction(async (em) => {
      await em.query(`UPDATE players SET password_hash = $2 WHERE id = $1`, [player.id, hash]);
      await this.sessions.closeAll(player.id, keepSession, em);
    });
  }

  /** The owner closes the account, confirming with its password (account-closure.ts). */
  async close(player: PlayerIdentity, password: string): Promise<void> {
    const rows = (await this.db.query(
      `SELECT password_hash FROM players WHERE id = $1 AND password_hash IS NOT NULL`,
      [player.id],
    )) as { password_hash: string }[];
    if (!rows[0]) throw new DomainError('UNAUTHENTICATED', 'guests have no account to close');
    if (!(await verifyPassword(password, rows[0].password_hash)))
      throw new DomainError('BAD_CREDENTIALS', 'wrong password');
    await this.closure.close(player.id, { kind: 'self' });
  }
}
