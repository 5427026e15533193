/**
 * Your data: what the server holds about an account, as JSON (its games are the PDN export).
 * A report over several owners' tables, each read through its owner's function, in one
 * REPEATABLE READ transaction so the parts agree.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { DEFAULT_SETTINGS, type AccountData } from '../common/protocol.js';
import { ChatService } from '../chat/chat.service.js';
import { PuzzlesService } from '../puzzles/index.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { TokensService } from '../tokens/tokens.service.js';

/** The newest chat lines an export holds. */
const CHAT_LINES = 10_000;

const iso = (d: Date | string): string => new Date(d).toISOString();

@Injectable()
export class YourDataService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ratings: RatingsService,
    private readonly puzzles: PuzzlesService,
    private readonly chat: ChatService,
    private readonly tokens: TokensService,
  ) {}

  /** The account's username (NOT_FOUND-free: a guest is ACCOUNT_REQUIRED). */
  async username(playerId: string): Promise<string> {
    const [row] = (await this.db.query(
      `SELECT username FROM players WHERE id = $1 AND username IS NOT NULL AND closed_at IS NULL`,
      [playerId],
    )) as { username: string }[];
    if (!row) throw new DomainError('ACCOUNT_REQUIRED', 'your data is kept for accounts: sign up');
    return row.username;
  }

  async data(playerId: string): Promise<AccountData> {
    await this.username(playerId);
    return this.db.transaction('REPEATABLE READ', async (em) => {
      const q = <R>(sql: string, extra: unknown[] = []) =>
        em.query(sql, [playerId, ...extra]) as Promise<R[]>;
      const [p] = await q<{
        id: string;
        username: string;
        created_at: Date;
        bot: boolean;
        settings: Record<string, unknown>;
      }>(
        `SELECT id, username, coalesce(signed_up_at, created_at) AS created_at, bot, settings
           FROM players WHERE id = $1`,
      );
      const ratings = await this.ratings.exportOf(em, playerId);
      const puzzles = await this.puzzles.exportOf(em, playerId);
      const chat = await this.chat.exportOf(em, playerId, CHAT_LINES);
      const tokens = await this.tokens.exportOf(em, playerId);
      const bans = await q<{
        reason: AccountData['playbans'][number]['reason'];
        started_at: Date;
        until: Date;
      }>(`SELECT reason, started_at, until FROM playbans WHERE player_id = $1 ORDER BY started_at`);
      return {
        exportedAt: new Date().toISOString(),
        profile: { id: p.id, username: p.username, createdAt: iso(p.created_at), bot: p.bot },
        settings: { ...DEFAULT_SETTINGS, ...p.settings },
        ratings,
        puzzles,
        chat,
        tokens,
        playbans: bans.map((b) => ({
          reason: b.reason,
          startedAt: iso(b.started_at),
          until: iso(b.until),
        })),
      };
    });
  }
}
