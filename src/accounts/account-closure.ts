/**
 * Closing an account, by its owner or by a moderator. The player row stays (its games keep their
 * player, shown as "deleted player"), and so does its username, whose unique index means nobody
 * can take the name again; the password goes (no more logins), every session and personal token
 * ends and the bearer key is replaced by one nobody holds. What else the account had open
 * (challenges, a queue ticket, tournament entries) is closed by its owners' hooks in the same
 * transaction: they register here, so accounts/ does not import its users (as GameEndings).
 * Live games are left to end by their clocks. Sockets and API streams opened before are ended
 * after the commit (`AccountClosure.ended`), on every process.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import { SessionsService } from '../players/sessions.service.js';
import { returnedRows } from '../persistence/raw-sql.js';
import type { Say } from '../realtime/announcement.js';
import { ClusterBus } from '../realtime/cluster-bus.js';
import { Connections } from '../realtime/connections.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { TOKEN_REVOKED, TokensService } from '../tokens/tokens.service.js';

/** Who closes: the owner (password confirmed at the edge) or a moderator (with a reason, logged by src/moderation). */
export type ClosedBy = { kind: 'self' } | { kind: 'mod'; modId: string; why: string };

/** The name a closed account's games show. */
export const DELETED_PLAYER = 'deleted player';

/** What the closure ended, for `AccountClosure.ended` once the transaction has committed. */
export interface Closed {
  playerId: string;
  tokenIds: string[];
}

/**
 * What another module closes of a closing account, in the closure's transaction (the players
 * row is locked, closed already): a hook that throws rolls the closure back.
 */
export type ClosureHook = (em: EntityManager, say: Say, playerId: string) => Promise<void>;

/** A closure from its own transaction, and its effects on what is already open. */
@Injectable()
export class AccountClosure {
  private readonly hooks: ClosureHook[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly work: UnitOfWork,
    private readonly bus: ClusterBus,
    private readonly connections: Connections,
    private readonly sessions: SessionsService,
    private readonly tokens: TokensService,
  ) {}

  /** Challenges, the queue and tournaments register what they close (in their onModuleInit). */
  register(hook: ClosureHook): void {
    this.hooks.push(hook);
  }

  /**
   * Closes the account `playerId` inside the caller's transaction. NOT_FOUND if it is no open
   * account (a guest, the computer, or closed already).
   */
  async closeIn(em: EntityManager, say: Say, playerId: string, by: ClosedBy): Promise<Closed> {
    const rows = (await em.query(
      `UPDATE players SET closed_at = now(), closed_by = $2, name = $3, password_hash = NULL
        WHERE id = $1 AND username IS NOT NULL AND closed_at IS NULL RETURNING id`,
      [playerId, by.kind === 'mod' ? by.modId : null, DELETED_PLAYER],
    )) as unknown[];
    if (returnedRows(rows).length === 0)
      throw new DomainError('NOT_FOUND', 'no open account to close');
    // Every session, and the bearer key replaced by one nobody holds (players/ owns both).
    await this.sessions.closeAll(playerId, undefined, em);
    const tokenIds = await this.tokens.revokeAllOf(em, playerId);
    for (const hook of this.hooks) await hook(em, say, playerId);
    return { playerId, tokenIds };
  }

  /** Closes the account in a transaction of its own, then ends its sockets and streams. */
  async close(playerId: string, by: ClosedBy): Promise<void> {
    const closed = await this.work.transaction(this.db, (em, say) =>
      this.closeIn(em, say, playerId, by),
    );
    await this.ended(closed);
  }

  /** After the commit: the account's sockets drop and its token streams close, on every process. */
  async ended(closed: Closed): Promise<void> {
    this.connections.disconnectPlayer(closed.playerId);
    for (const id of closed.tokenIds) await this.bus.signal(TOKEN_REVOKED, id);
  }
}
