/**
 * Your data: what the server holds about an account, as JSON (its games are the PDN export).
 * A report over several owners' tables, read only (as a leaderboard JOINs players), in one
 * read-only transaction so the parts agree.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { DEFAULT_SETTINGS, type AccountData } from '../common/protocol.js';

/** The newest chat lines an export holds. */
const CHAT_LINES = 10_000;

const iso = (d: Date | string): string => new Date(d).toISOString();

@Injectable()
export class YourDataService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
      const ratings = await q<AccountData['ratings'][number]>(
        `SELECT variant, speed, round(rating)::int AS rating, round(rd)::int AS rd, games
           FROM ratings WHERE player_id = $1 ORDER BY variant, speed`,
      );
      const puzzles = await q<AccountData['puzzles'][number]>(
        `SELECT variant, round(rating)::int AS rating, round(rd)::int AS rd, rounds
           FROM puzzle_ratings WHERE player_id = $1 ORDER BY variant`,
      );
      const chat = await q<{ match_id: string; room: string; text: string; created_at: Date }>(
        `SELECT match_id, room, text, created_at FROM chat_lines WHERE player_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2`,
        [CHAT_LINES],
      );
      const tokens = await q<{ description: string; scopes: string[]; created_at: Date }>(
        `SELECT description, scopes, created_at FROM api_tokens WHERE player_id = $1
          ORDER BY created_at`,
      );
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
        chat: chat.map((c) => ({
          matchId: c.match_id,
          room: c.room,
          text: c.text,
          at: iso(c.created_at),
        })),
        tokens: tokens.map((t) => ({
          description: t.description,
          scopes: t.scopes,
          createdAt: iso(t.created_at),
        })),
        playbans: bans.map((b) => ({
          reason: b.reason,
          startedAt: iso(b.started_at),
          until: iso(b.until),
        })),
      };
    });
  }
}
