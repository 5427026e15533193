/**
 * The queue's table, `queue_tickets`, and its one writer: tickets in and out, and the waiting
 * tickets of a pool taken for pairing. Its SQL is built from the entity's columns (columns.ts),
 * as the match tables' is: a column added to QueueTicket is written without another list.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  columnsOf,
  entityInputs,
  selectSql,
  unnestSql,
  unnestValues,
} from '../persistence/columns.js';
import { QueueTicket } from '../persistence/entities/index.js';
import type { VariantId } from '../rules/index.js';

/** A pool as the table keys it: -1 for an untimed clock (so untimed tickets compare equal). */
export interface PoolKey {
  variant: VariantId;
  clockInitial: number;
  clockIncrement: number;
  rated: boolean;
}

/** A ticket to insert: every column but the time it was made (the database's). */
export type NewTicket = Omit<QueueTicket, 'createdAt'>;

const TICKET_COLUMNS = columnsOf(QueueTicket);
const INPUTS = entityInputs(
  TICKET_COLUMNS.filter((c) => c.key !== 'createdAt'),
  (t: NewTicket) => t as QueueTicket,
);
/**
 * The tickets of players who are not bots, under the player row's share lock (the bot upgrade's
 * update waits for it, and this for the upgrade: neither slips past); a player already waiting
 * keeps the ticket they have.
 */
const INSERT = `INSERT INTO queue_tickets (${INPUTS.map((c) => c.name).join(', ')})
  SELECT j.* FROM ${unnestSql(INPUTS, 'j')}
    JOIN players p ON p.id = j.player_id
   WHERE NOT p.bot
     FOR SHARE OF p
  ON CONFLICT (player_id) DO NOTHING
  RETURNING id`;
const WAITING = `SELECT ${selectSql(TICKET_COLUMNS, 't')} FROM queue_tickets t
  WHERE t.variant = $1 AND t.clock_initial = $2 AND t.clock_increment = $3 AND t.rated = $4
  ORDER BY t.created_at, t.id
  FOR UPDATE SKIP LOCKED`;

@Injectable()
export class QueueStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts the tickets it may (see INSERT); returns the ids stored. */
  async insert(em: EntityManager, tickets: readonly NewTicket[]): Promise<Set<string>> {
    const rows = (await em.query(INSERT, unnestValues(INPUTS, tickets))) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** A pool's waiting tickets, oldest first, locked (those another pairing holds are skipped). */
  async waiting(em: EntityManager, pool: PoolKey): Promise<QueueTicket[]> {
    return (await em.query(WAITING, [
      pool.variant,
      pool.clockInitial,
      pool.clockIncrement,
      pool.rated,
    ])) as QueueTicket[];
  }

  /** Tickets paired: gone from the queue. */
  async take(em: EntityManager, ids: readonly string[]): Promise<void> {
    await em.query('DELETE FROM queue_tickets WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** The player's ticket gone (in the caller's transaction if one is given). */
  async leave(playerId: string, em: EntityManager = this.db.manager): Promise<void> {
    await em.query('DELETE FROM queue_tickets WHERE player_id = $1', [playerId]);
  }

  /** A socket that queued is gone: its ticket goes with it. */
  async dropSocket(socketId: string): Promise<void> {
    await this.db.query('DELETE FROM queue_tickets WHERE socket_id = $1', [socketId]);
  }

  /** Rated pools with two or more waiting: their windows may meet now. */
  async ratedPoolsWaiting(): Promise<PoolKey[]> {
    return (await this.db.query(
      `SELECT variant, clock_initial AS "clockInitial", clock_increment AS "clockIncrement",
              true AS rated
         FROM queue_tickets WHERE rated
        GROUP BY variant, clock_initial, clock_increment HAVING count(*) >= 2`,
    )) as PoolKey[];
  }

  /** Whether the player waits in the queue (in the caller's transaction). */
  async isQueued(em: EntityManager, playerId: string): Promise<boolean> {
    const rows = (await em.query('SELECT 1 FROM queue_tickets WHERE player_id = $1', [
      playerId,
    ])) as unknown[];
    return rows.length > 0;
  }
}
