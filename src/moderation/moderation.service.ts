/**
 * Reports and moderators' actions (the `reports` table's owner; the log is mod-log.ts). Every
 * action checks the moderator, changes what it changes and logs who, what and why in one
 * transaction. Marks live on the players' rows (PlayersService.setMark): engine and boost keep
 * an account off the leaderboards and show on its profile; troll shadow-mutes its chat.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { AccountClosure } from '../accounts/account-closure.js';
import { ChatService } from '../chat/chat.service.js';
import { DomainError } from '../common/errors.js';
import type {
  ModActionView,
  ModPlayerView,
  PlayerMark,
  PlayerRole,
  ReportView,
} from '../common/protocol.js';
import { MatchQueries } from '../matches/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { ProfilesService } from '../profiles/profiles.service.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { logAction, readLog } from './mod-log.js';
import { checkModerator, checkReport, checkTarget, type ReportBody } from './moderation-rules.js';

/** Reports one account may file in a day (a flood is not a report). */
const REPORTS_PER_DAY = 20;
const LIST_MAX = 200;

interface ReportRow {
  id: string;
  reporter_id: string;
  reporter: string;
  target_id: string;
  target: string;
  reason: ReportView['reason'];
  match_id: string | null;
  text: string;
  status: ReportView['status'];
  created_at: Date;
  closed_by: string | null;
  closed_at: Date | null;
}

const REPORT_SELECT = `SELECT r.id, r.reporter_id, rp.username AS reporter, r.target_id,
    tp.username AS target, r.reason, r.match_id, r.text, r.status, r.created_at,
    cp.username AS closed_by, r.closed_at
  FROM reports r JOIN players rp ON rp.id = r.reporter_id JOIN players tp ON tp.id = r.target_id
  LEFT JOIN players cp ON cp.id = r.closed_by`;

function reportOf(r: ReportRow): ReportView {
  return {
    id: r.id,
    reporter: { id: r.reporter_id, name: r.reporter },
    target: { id: r.target_id, name: r.target },
    reason: r.reason,
    matchId: r.match_id,
    text: r.text,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    closedBy: r.closed_by,
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
  };
}

@Injectable()
export class ModerationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly players: PlayersService,
    private readonly chat: ChatService,
    private readonly profiles: ProfilesService,
    private readonly queries: MatchQueries,
    private readonly closure: AccountClosure,
    private readonly work: UnitOfWork,
  ) {}

  /** The request's player if a moderator, else FORBIDDEN (UNAUTHENTICATED without credentials). */
  async moderator(headers: Record<string, unknown>): Promise<PlayerIdentity> {
    const player = await this.players.identify(headers);
    checkModerator((await this.players.standingForMods(player.id)).role);
    return player;
  }

  /** A report from an account about another. */
  async report(player: PlayerIdentity, body: z.infer<typeof ReportBody>): Promise<{ id: string }> {
    if (!(await this.players.isAccount(player.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'reports are for accounts: sign up or log in');
    const target = await this.account(this.db.manager, body.username);
    checkReport(player.id, target.id);
    if (body.matchId !== undefined && !(await this.queries.sides(body.matchId)))
      throw new DomainError('NOT_FOUND', `no match ${body.matchId}`);
    const id = randomUUID();
    await this.db.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reports:${player.id}`]);
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM reports
          WHERE reporter_id = $1 AND created_at > now() - interval '1 day'`,
        [player.id],
      )) as { n: number }[];
      if (n >= REPORTS_PER_DAY)
        throw new DomainError('RATE_LIMITED', 'too many reports today: wait a little');
      await em.query(
        `INSERT INTO reports (id, reporter_id, target_id, reason, match_id, text)
          VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, player.id, target.id, body.reason, body.matchId ?? null, body.text],
      );
    });
    return { id };
  }

  /** The queue: open reports oldest first, or closed ones newest first. */
  async reports(status: ReportView['status']): Promise<ReportView[]> {
    const rows = (await this.db.query(
      `${REPORT_SELECT} WHERE r.status = $1
        ORDER BY r.created_at ${status === 'open' ? 'ASC' : 'DESC'} LIMIT $2`,
      [status, LIST_MAX],
    )) as ReportRow[];
    return rows.map(reportOf);
  }

  /** A report closed (dealt with) or opened again; logged. */
  async setReport(mod: PlayerIdentity, id: string, open: boolean, why: string): Promise<void> {
    await this.db.transaction(async (em) => {
      const rows = (await em.query(
        `UPDATE reports SET status = $2, closed_by = $3, closed_at = $4
          WHERE id = $1 AND status <> $2 RETURNING target_id`,
        [id, open ? 'open' : 'closed', open ? null : mod.id, open ? null : new Date()],
      )) as { target_id: string }[];
      if (rows.length === 0) {
        const any = (await em.query(`SELECT 1 FROM reports WHERE id = $1`, [id])) as unknown[];
        if (any.length === 0) throw new DomainError('NOT_FOUND', `no report ${id}`);
        return; // already so
      }
      await logAction(em, {
        modId: mod.id,
        action: open ? 'reopen-report' : 'close-report',
        targetId: rows[0]!.target_id,
        details: id,
        why,
      });
    });
  }

  /** One player as a moderator sees them: marks, reports about them, games, chat, the log. */
  async player(username: string): Promise<ModPlayerView> {
    const a = await this.account(this.db.manager, username);
    const [standing, reports, games, chat, log] = await Promise.all([
      this.players.standingForMods(a.id),
      this.db.query(`${REPORT_SELECT} WHERE r.target_id = $1 ORDER BY r.created_at DESC LIMIT $2`, [
        a.id,
        LIST_MAX,
      ]) as Promise<ReportRow[]>,
      // A closed account has no public profile: its games list is then empty here.
      this.profiles.games(a.username, { limit: 30 }, null).catch(() => ({ games: [], next: null })),
      this.chat.linesBy(a.id),
      readLog(this.db.manager, a.id, LIST_MAX),
    ]);
    return {
      id: a.id,
      username: a.username,
      role: standing.role,
      marks: standing.marks,
      closed: a.closed,
      reports: reports.map(reportOf),
      games: games.games,
      chat,
      log,
    };
  }

  /** Marks or lifts a mark; logged (nothing changed: nothing logged). */
  async mark(
    mod: PlayerIdentity,
    username: string,
    mark: PlayerMark,
    on: boolean,
    why: string,
  ): Promise<{ marks: PlayerMark[] }> {
    return this.db.transaction(async (em) => {
      const target = await this.account(em, username, true);
      checkTarget(mod.id, target);
      if (await this.players.setMark(em, target.id, mark, on))
        await logAction(em, {
          modId: mod.id,
          action: on ? 'mark' : 'unmark',
          targetId: target.id,
          details: mark,
          why,
        });
      return { marks: (await this.players.standingForMods(target.id, em)).marks };
    });
  }

  /**
   * Closes the account (AccountClosure.closeIn: games stay as "deleted player", sessions and
   * tokens end), logged in the same transaction; its sockets and streams end after the commit.
   */
  async close(mod: PlayerIdentity, username: string, why: string): Promise<void> {
    const closed = await this.work.transaction(this.db, async (em, say) => {
      const target = await this.account(em, username, true);
      checkTarget(mod.id, target);
      const done = await this.closure.closeIn(em, say, target.id, {
        kind: 'mod',
        modId: mod.id,
        why,
      });
      await logAction(em, { modId: mod.id, action: 'close-account', targetId: target.id, why });
      return done;
    });
    await this.closure.ended(closed);
  }

  /** The newest actions of every moderator. */
  log(): Promise<ModActionView[]> {
    return readLog(this.db.manager, null, LIST_MAX);
  }

  /** The account named so (locked: a change of its standing follows). */
  private async account(
    em: EntityManager,
    username: string,
    lock = false,
  ): Promise<{ id: string; username: string; role: PlayerRole | null; closed: boolean }> {
    const [row] = (await em.query(
      `SELECT id, username, role, closed_at IS NOT NULL AS closed FROM players
        WHERE lower(username) = lower($1)${lock ? ' FOR UPDATE' : ''}`,
      [username],
    )) as { id: string; username: string; role: PlayerRole | null; closed: boolean }[];
    if (!row) throw new DomainError('NOT_FOUND', `no player "${username}"`);
    return row;
  }
}
