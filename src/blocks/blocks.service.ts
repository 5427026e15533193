/**
 * Who blocks whom (the `blocks` table's owner). A block keeps the two apart everywhere: no
 * challenge (BLOCKED), no chat line from the blocked one reaching the blocker, no pairing in the
 * queue or a tournament. The checks are asked in the caller's transaction (`em`).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { PlayerIdentity } from '../players/players.service.js';
import { MAX_BLOCKS, forbidsOf, type Forbids } from './block-rules.js';

@Injectable()
export class BlocksService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether either of the two blocks the other. */
  async between(em: EntityManager, a: string, b: string): Promise<boolean> {
    const rows = (await em.query(
      `SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2)
          OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1`,
      [a, b],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The blocked pairs among these players, as a pairing's question (either direction). */
  async among(em: EntityManager, ids: readonly string[]): Promise<Forbids> {
    return forbidsOf(await this.pairsAmong(em, ids));
  }

  /** The (blocker, blocked) rows among these players. */
  async pairsAmong(em: EntityManager, ids: readonly string[]): Promise<[string, string][]> {
    const unique = [...new Set(ids)];
    if (unique.length < 2) return [];
    const rows = (await em.query(
      `SELECT blocker_id, blocked_id FROM blocks
        WHERE blocker_id = ANY($1::uuid[]) AND blocked_id = ANY($1::uuid[])`,
      [unique],
    )) as { blocker_id: string; blocked_id: string }[];
    return rows.map((r) => [r.blocker_id, r.blocked_id]);
  }

  /** `player` blocks the account named `username` (again: no change). */
  async block(player: PlayerIdentity, username: string): Promise<void> {
    const target = await this.account(username);
    if (target === player.id) throw new DomainError('INVALID_PAYLOAD', 'you cannot block yourself');
    await this.db.transaction(async (em) => {
      // One player's blocks one at a time: the cap holds.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`blocks:${player.id}`]);
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1`,
        [player.id],
      )) as { n: number }[];
      if (n >= MAX_BLOCKS)
        throw new DomainError('RATE_LIMITED', `at most ${MAX_BLOCKS} blocked players`);
      await em.query(
        `INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [player.id, target],
      );
    });
  }

  async unblock(player: PlayerIdentity, username: string): Promise<void> {
    const target = await this.account(username);
    await this.db.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
      player.id,
      target,
    ]);
  }

  /** The usernames `player` blocks, newest first. */
  async blocking(player: PlayerIdentity): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT p.username FROM blocks b JOIN players p ON p.id = b.blocked_id
        WHERE b.blocker_id = $1 AND p.username IS NOT NULL ORDER BY b.at DESC`,
      [player.id],
    )) as { username: string }[];
    return rows.map((r) => r.username);
  }

  private async account(username: string): Promise<string> {
    const [row] = (await this.db.query(`SELECT id FROM players WHERE lower(username) = lower($1)`, [
      username,
    ])) as { id: string }[];
    if (!row) throw new DomainError('NOT_FOUND', `no player "${username}"`);
    return row.id;
  }
}
