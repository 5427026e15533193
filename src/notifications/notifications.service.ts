/**
 * Notifications: the one owner of the `notifications` table. A notification is made by
 * `add(em, say, ...)` INSIDE the transaction of the event it tells of (a correspondence move,
 * a challenge, a tournament's start or creation), so it is stored and said exactly once across
 * the cluster, and heard if and only if the event commits. Reading and marking read are the
 * player's own (REST), said to every tab of theirs.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  NotificationData,
  NotificationKind,
  NotificationList,
  NotificationRead,
} from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import { PlayersService } from '../players/players.service.js';
import type { Say } from '../realtime/announcement.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { returnedRows } from '../persistence/raw-sql.js';
import {
  KEEP,
  LIST_LIMIT,
  notificationOf,
  SETTING_OF,
  type NotificationRowData,
} from './notification-rules.js';

const COLUMNS = 'id, kind, data, read, created_at';

@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly work: UnitOfWork,
    private readonly players: PlayersService,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  /**
   * Stores `kind` for each of `playerIds` who wants it (their settings) and says it to each
   * one's tabs, in the caller's transaction: never from a bus listener, so once per event.
   */
  async add<K extends NotificationKind>(
    em: EntityManager,
    say: Say,
    playerIds: readonly string[],
    kind: K,
    data: NotificationData[K],
  ): Promise<void> {
    const unique = [...new Set(playerIds)];
    if (unique.length === 0) return;
    const off = await this.players.settingOff(em, unique, SETTING_OF[kind]);
    const to = unique.filter((id) => !off.has(id));
    if (to.length === 0) return;
    const now = this.time.now();
    const ids = to.map(() => randomUUID());
    await em.query(
      `INSERT INTO notifications (id, player_id, kind, data, created_at)
       SELECT i, p, $3, $4::jsonb, $5 FROM unnest($1::uuid[], $2::uuid[]) AS x(i, p)`,
      [ids, to, kind, JSON.stringify(data), now],
    );
    // A player keeps the newest KEEP: the bell is a recent history, not an archive.
    await em.query(
      `DELETE FROM notifications WHERE id IN (
         SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY player_id
                    ORDER BY created_at DESC, id DESC) AS r
             FROM notifications WHERE player_id = ANY($1::uuid[])) x
          WHERE r > $2)`,
      [to, KEEP],
    );
    const unread = await this.unreadOf(em, to);
    to.forEach((playerId, i) => {
      const notification = notificationOf({
        id: ids[i] as string,
        kind,
        data,
        read: false,
        created_at: now,
      });
      say(playerId, 'notification:new', { notification, unread: unread.get(playerId) ?? 0 }, [
        playerId,
      ]);
    });
  }

  /** Marks the player's unread "your turn" of a game read: they moved in it (in the move's transaction). */
  async readGame(em: EntityManager, say: Say, playerId: string, matchId: string): Promise<void> {
    const ids = returnedRows<{ id: string }>(
      await em.query(
        `UPDATE notifications SET read = true
          WHERE player_id = $1 AND kind = 'yourTurn' AND NOT read AND data->>'matchId' = $2
         RETURNING id`,
        [playerId, matchId],
      ),
    ).map((r) => r.id);
    if (ids.length === 0) return;
    const unread = (await this.unreadOf(em, [playerId])).get(playerId) ?? 0;
    say(playerId, 'notification:read', { ids, unread }, [playerId]);
  }

  /** The newest first, and the unread count. */
  async list(playerId: string): Promise<NotificationList> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM notifications WHERE player_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [playerId, LIST_LIMIT],
    )) as NotificationRowData[];
    const unread = (await this.unreadOf(this.db.manager, [playerId])).get(playerId) ?? 0;
    return { unread, items: rows.map(notificationOf) };
  }

  async unread(playerId: string): Promise<{ unread: number }> {
    return { unread: (await this.unreadOf(this.db.manager, [playerId])).get(playerId) ?? 0 };
  }

  /** Marks some of the player's own read (others' ids are ignored); said to every tab. */
  async markRead(playerId: string, ids: readonly string[] | 'all'): Promise<NotificationRead> {
    return this.work.transaction(this.db, async (em, say) => {
      const changed = returnedRows<{ id: string }>(
        ids === 'all'
          ? await em.query(
              `UPDATE notifications SET read = true WHERE player_id = $1 AND NOT read RETURNING id`,
              [playerId],
            )
          : await em.query(
              `UPDATE notifications SET read = true
                WHERE player_id = $1 AND id = ANY($2::uuid[]) AND NOT read RETURNING id`,
              [playerId, [...ids]],
            ),
      ).map((r) => r.id);
      const unread = (await this.unreadOf(em, [playerId])).get(playerId) ?? 0;
      const event: NotificationRead = { ids: ids === 'all' ? 'all' : changed, unread };
      if (changed.length > 0) say(playerId, 'notification:read', event, [playerId]);
      return event;
    });
  }

  private async unreadOf(em: EntityManager, playerIds: readonly string[]) {
    const rows = (await em.query(
      `SELECT player_id, count(*)::int AS n FROM notifications
        WHERE player_id = ANY($1::uuid[]) AND NOT read GROUP BY player_id`,
      [[...playerIds]],
    )) as { player_id: string; n: number }[];
    return new Map(rows.map((r) => [r.player_id, r.n]));
  }
}
