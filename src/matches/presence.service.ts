/**
 * Who is connected to their games. When a player's last socket goes, each of their active games
 * records since when they are away and tells the room (with the time from which the opponent may
 * claim the win); coming back clears it. The clock keeps running meanwhile.
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { announcement, RealtimeService } from '../realtime/realtime.service.js';
import { CONFIG, type Config } from '../config.js';
import type { PresenceEvent } from '../common/protocol.js';
import { Match } from '../persistence/entities/index.js';
import type { Color } from '../rules/index.js';

@Injectable()
export class PresenceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly realtime: RealtimeService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  get graceMs(): number {
    return this.config.disconnectGraceMs ?? 60_000;
  }

  async connected(playerId: string): Promise<void> {
    for (const side of ['white', 'black'] as const) {
      const rows = await this.mark(side, playerId, null);
      for (const id of rows) this.tell({ matchId: id, color: side, online: true });
    }
  }

  async disconnected(playerId: string): Promise<void> {
    if ((await this.realtime.socketsOf(playerId)) > 0) return;
    const now = new Date();
    for (const side of ['white', 'black'] as const) {
      const rows = await this.mark(side, playerId, now);
      for (const id of rows) {
        this.tell({
          matchId: id,
          color: side,
          online: false,
          claimAt: now.getTime() + this.graceMs,
        });
      }
    }
  }

  /** Sets (or clears) the absence of `playerId` as `side` in their active games; returns their ids. */
  private async mark(side: Color, playerId: string, since: Date | null): Promise<string[]> {
    const column = side === 'white' ? 'whiteAbsentSince' : 'blackAbsentSince';
    const player = side === 'white' ? 'white_id' : 'black_id';
    const absent = side === 'white' ? 'white_absent_since' : 'black_absent_since';
    const result = await this.db
      .createQueryBuilder()
      .update(Match)
      .set({ [column]: since })
      .where(`status = 'active' AND ${player} = :playerId`, { playerId })
      .andWhere(since === null ? `${absent} IS NOT NULL` : `${absent} IS NULL`)
      .returning(['id'])
      .execute();
    return (result.raw as { id: string }[]).map((r) => r.id);
  }

  private tell(p: PresenceEvent): void {
    this.realtime
      .publish(announcement(p.matchId, 'match:presence', p), this.db)
      .catch(() => undefined);
  }
}
