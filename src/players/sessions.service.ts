/**
 * Browser sessions: an opaque random id in a cookie, stored only as its SHA-256 (a stolen
 * database holds no usable session), revocable one by one or all at once.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { hashSecret, newSecret } from './secrets.js';

/** Who a session stands for (a PlayerIdentity). */
export interface SessionOwner {
  readonly id: string;
  readonly name: string;
}

@Injectable()
export class SessionsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new session for the player; the id goes to the browser, its hash to the database. */
  async open(
    playerId: string,
    userAgent: string | undefined,
    em: EntityManager = this.db.manager,
  ): Promise<string> {
    const id = newSecret();
    await em.query(`INSERT INTO sessions (id_hash, player_id, user_agent) VALUES ($1, $2, $3)`, [
      hashSecret(id),
      playerId,
      userAgent?.slice(0, 200) ?? null,
    ]);
    return id;
  }

  /** The account behind a session id, or null (unknown, revoked, expired after a year, or malformed). */
  async find(id: unknown): Promise<SessionOwner | null> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) return null;
    const rows = (await this.db.query(
      `SELECT p.id, p.name FROM sessions s JOIN players p ON p.id = s.player_id
        WHERE s.id_hash = $1 AND s.created_at > now() - interval '365 days'`,
      [hashSecret(id)],
    )) as SessionOwner[];
    return rows[0] ?? null;
  }

  async close(id: string): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE id_hash = $1`, [hashSecret(id)]);
  }

  /**
   * Every session of the player but `keep` (the one asking) if given, and its key (the bearer secret): the
   * key is replaced by one nobody holds, so a leaked key dies with the sessions.
   */
  async closeAll(playerId: string, keep?: string, em: EntityManager = this.db.manager) {
    await em.query(`DELETE FROM sessions WHERE player_id = $1 AND id_hash IS DISTINCT FROM $2`, [
      playerId,
      keep === undefined ? null : hashSecret(keep),
    ]);
    await em.query(`UPDATE players SET token_hash = $2 WHERE id = $1`, [
      playerId,
      hashSecret(newSecret()),
    ]);
  }
}
