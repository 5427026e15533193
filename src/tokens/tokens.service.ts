/**
 * Personal access tokens: made by an account (logged in), shown once, stored as SHA-256,
 * listed and revoked by it. A program presents one as `Authorization: Bearer <token>` to the
 * endpoints that name a scope: no token or an unknown one is UNAUTHENTICATED (401), a token
 * without that scope FORBIDDEN (403).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { AccountData, ApiTokenInfo, NewApiToken, TokenScope } from '../common/protocol.js';
import { returnedRows } from '../persistence/raw-sql.js';
import { ApiToken } from '../persistence/entities/index.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { hashSecret } from '../players/secrets.js';
import { verifiedTokens } from './verified-tokens.js';
import { ClusterBus } from '../realtime/cluster-bus.js';

/** The signal to every process that a token was revoked (its id): its streams close. */
export const TOKEN_REVOKED = 'token-revoked';

/** Personal tokens start so: told apart from a player's own token at a glance (and in logs). */
const PREFIX = 'dam_';
/** Tokens an account may hold at once. */
export const MAX_TOKENS = 50;

/** Who a scoped request comes from, and with which token. */
export interface TokenHolder extends PlayerIdentity {
  tokenId: string;
  scopes: readonly TokenScope[];
  /** A bot account (Bot API). */
  bot: boolean;
}

@Injectable()
export class TokensService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly players: PlayersService,
    private readonly bus: ClusterBus,
  ) {}

  /** A new token for `account`; only accounts (signed up) may make them. */
  async create(
    account: PlayerIdentity,
    description: string,
    scopes: TokenScope[],
  ): Promise<NewApiToken> {
    if (!(await this.players.isAccount(account.id)))
      throw new DomainError('ACCOUNT_REQUIRED', 'personal tokens are for accounts: sign up first');
    const token = PREFIX + randomBytes(32).toString('base64url');
    const row: ApiToken = {
      id: randomUUID(),
      playerId: account.id,
      description,
      scopes: [...new Set(scopes)],
      tokenHash: hashSecret(token),
      createdAt: new Date(),
    };
    await this.db.transaction(async (em) => {
      // One account's creations one at a time: the bound holds.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tokens:${account.id}`]);
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM api_tokens WHERE player_id = $1`,
        [account.id],
      )) as { n: number }[];
      if (n >= MAX_TOKENS)
        throw new DomainError(
          'RATE_LIMITED',
          `at most ${MAX_TOKENS} tokens: revoke one first`,
          'TOO_MANY_TOKENS',
        );
      await em.getRepository(ApiToken).insert(row);
    });
    return { ...infoOf(row), token };
  }

  async list(account: PlayerIdentity): Promise<ApiTokenInfo[]> {
    const rows = await this.db
      .getRepository(ApiToken)
      .find({ where: { playerId: account.id }, order: { createdAt: 'DESC' } });
    return rows.map(infoOf);
  }

  /** Revokes one of the account's tokens (another account's: NOT_FOUND, as if none). */
  async revoke(account: PlayerIdentity, id: string): Promise<void> {
    const result = await this.db.getRepository(ApiToken).delete({ id, playerId: account.id });
    if (!result.affected) throw new DomainError('NOT_FOUND', `no token ${id}`, 'TOKEN_GONE');
    // Streams opened with it close, on every process.
    await this.bus.signal(TOKEN_REVOKED, id);
  }

  /**
   * Every token of the player deleted in the caller's transaction (a closed account); their ids,
   * whose streams the caller closes (TOKEN_REVOKED) once it has committed.
   */
  async revokeAllOf(em: EntityManager, playerId: string): Promise<string[]> {
    const rows = (await em.query(`DELETE FROM api_tokens WHERE player_id = $1 RETURNING id`, [
      playerId,
    ])) as unknown[];
    return returnedRows<{ id: string }>(rows).map((r) => r.id);
  }

  /** The player's tokens as its data export shows them (never the secret), oldest first. */
  async exportOf(em: EntityManager, playerId: string): Promise<AccountData['tokens']> {
    const rows = (await em.query(
      `SELECT description, scopes, created_at FROM api_tokens WHERE player_id = $1
        ORDER BY created_at`,
      [playerId],
    )) as { description: string; scopes: string[]; created_at: Date }[];
    return rows.map((t) => ({
      description: t.description,
      scopes: t.scopes,
      createdAt: new Date(t.created_at).toISOString(),
    }));
  }

  /** Whether the token `id` still exists (not revoked): long-lived streams ask now and then. */
  async isLive(id: string): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM api_tokens WHERE id = $1`, [id])) as unknown[];
    return rows.length > 0;
  }

  /** The holder of the bearer token in `header`, if it may do `scope` (or one of `scopes`). */
  async require(header: unknown, ...scopes: TokenScope[]): Promise<TokenHolder> {
    const holder = await this.holder(header);
    if (!scopes.some((s) => holder.scopes.includes(s)))
      throw new DomainError('FORBIDDEN', `this token lacks the scope ${scopes.join(' or ')}`);
    return holder;
  }

  /** The holder of a personal token (any scope); UNAUTHENTICATED without a valid one. */
  async holder(header: unknown): Promise<TokenHolder> {
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const token = m?.[1];
    if (!token || !token.startsWith(PREFIX) || token.length > 200)
      throw new DomainError('UNAUTHENTICATED', 'a personal token is required (Bearer dam_...)');
    const hash = hashSecret(token);
    const [row] = (await this.db.query(
      `SELECT t.id, t.scopes, p.id AS player_id, p.name, p.bot FROM api_tokens t
         JOIN players p ON p.id = t.player_id WHERE t.token_hash = $1`,
      [hash],
    )) as { id: string; scopes: TokenScope[]; player_id: string; name: string; bot: boolean }[];
    if (!row) {
      verifiedTokens.delete(hash);
      throw new DomainError('UNAUTHENTICATED', 'unknown or revoked token');
    }
    verifiedTokens.add(hash);
    return {
      id: row.player_id,
      name: row.name,
      tokenId: row.id,
      scopes: row.scopes,
      bot: row.bot,
    };
  }
}

const infoOf = (row: ApiToken): ApiTokenInfo => ({
  id: row.id,
  description: row.description,
  scopes: row.scopes as TokenScope[],
  createdAt: row.createdAt.toISOString(),
});
