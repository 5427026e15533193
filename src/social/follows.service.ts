/**
 * Who follows whom (issue 34): the only writer and reader of `follows`. Other modules call it
 * (notifications: a followed player's new tournament reaches their followers).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import {
  FOLLOW_LIST_MAX,
  type FollowChange,
  type FollowedNow,
  type PlayerLight,
  type RelStatus,
} from '../common/protocol.js';
import { MatchQueries } from '../matches/index.js';
import { PlayersService, type AccountRow } from '../players/players.service.js';
import { Connections } from '../realtime/connections.js';
import { UnitOfWork } from '../realtime/unit-of-work.js';
import { followRefusal } from './social-rules.js';

/** What a follow list shows of an account. */
type Listed = Pick<AccountRow, 'id' | 'username' | 'bot'>;

@Injectable()
export class FollowsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly players: PlayersService,
    private readonly connections: Connections,
    private readonly matches: MatchQueries,
  ) {}

  /** The ids of the players who follow `playerId` (any order), in the caller's transaction. */
  async followersOf(em: EntityManager, playerId: string): Promise<string[]> {
    const rows = (await em.query(`SELECT follower_id FROM follows WHERE followed_id = $1`, [
      playerId,
    ])) as { follower_id: string }[];
    return rows.map((r) => r.follower_id);
  }

  /** The account named `username` (any case), or NOT_FOUND. */
  account(username: string, em: EntityManager = this.db.manager): Promise<AccountRow> {
    return this.players.account(username, em);
  }

  /**
   * `followerId` follows (or no longer follows) the account `username`; the follower's tabs hear
   * it (`social:follow`). Idempotent both ways. The follower's row is locked, so two follows at
   * once cannot pass the limit together.
   */
  async setFollow(followerId: string, username: string, follow: boolean): Promise<FollowChange> {
    return this.uow.transaction(this.db, async (em, say) => {
      const target = await this.account(username, em);
      await this.players.lock(em, followerId);
      if (follow) {
        const [{ count, already }] = (await em.query(
          `SELECT count(*)::int AS count,
                  coalesce(bool_or(followed_id = $2), false) AS already
             FROM follows WHERE follower_id = $1`,
          [followerId, target.id],
        )) as { count: number; already: boolean }[];
        const refusal = followRefusal({
          followerIsAccount: await this.players.isAccount(followerId, em),
          followerId,
          followedId: target.id,
          already,
          count,
        });
        if (refusal) throw new DomainError(refusal.code, refusal.message, refusal.subcode);
        await em.query(
          `INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [followerId, target.id],
        );
      } else {
        await em.query(`DELETE FROM follows WHERE follower_id = $1 AND followed_id = $2`, [
          followerId,
          target.id,
        ]);
      }
      const [{ n }] = (await em.query(
        `SELECT count(*)::int AS n FROM follows WHERE followed_id = $1`,
        [target.id],
      )) as { n: number }[];
      const change: FollowChange = {
        id: target.id,
        username: target.username,
        following: follow,
        followers: n,
      };
      say(followerId, 'social:follow', change, [followerId]);
      return change;
    });
  }

  /** A profile's social line, as `viewerId` (or nobody) sees it. */
  async status(username: string, viewerId: string | null): Promise<RelStatus> {
    const a = await this.account(username);
    const [counts, youFollow, online, live] = await Promise.all([
      this.db.query(
        `SELECT (SELECT count(*)::int FROM follows f JOIN players p ON p.id = f.follower_id
                  WHERE f.followed_id = $1 AND p.closed_at IS NULL) AS followers,
                (SELECT count(*)::int FROM follows f JOIN players p ON p.id = f.followed_id
                  WHERE f.follower_id = $1 AND p.closed_at IS NULL) AS following`,
        [a.id],
      ) as Promise<{ followers: number; following: number }[]>,
      viewerId === null || viewerId === a.id
        ? null
        : (
            this.db.query(`SELECT 1 FROM follows WHERE follower_id = $1 AND followed_id = $2`, [
              viewerId,
              a.id,
            ]) as Promise<unknown[]>
          ).then((r) => r.length > 0),
      this.connections.hasSockets(a.id).catch(() => false),
      this.matches.liveAmong([a.id]),
    ]);
    return {
      id: a.id,
      username: a.username,
      followers: counts[0]?.followers ?? 0,
      following: counts[0]?.following ?? 0,
      youFollow,
      online,
      playing: live.get(a.id) ?? null,
    };
  }

  /** Who follows `username` (`side` followers) or whom it follows (following): newest first. */
  async list(username: string, side: 'followers' | 'following'): Promise<PlayerLight[]> {
    const a = await this.account(username);
    const [mine, theirs] =
      side === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
    const rows = (await this.db.query(
      `SELECT p.id, p.username, p.bot FROM follows f JOIN players p ON p.id = f.${theirs}
        WHERE f.${mine} = $1 AND p.username IS NOT NULL AND p.closed_at IS NULL
        ORDER BY f.at DESC, p.id LIMIT ${FOLLOW_LIST_MAX}`,
      [a.id],
    )) as Listed[];
    const online = await this.connections.onlineAmong(rows.map((r) => r.id));
    return rows.map((r) => light(r, online.has(r.id)));
  }

  /**
   * The lobby's "following": of the players `playerId` follows, those online now, each with the
   * game they play; the ones playing first, then by name.
   */
  async followingNow(playerId: string): Promise<FollowedNow[]> {
    const rows = (await this.db.query(
      `SELECT p.id, p.username, p.bot FROM follows f JOIN players p ON p.id = f.followed_id
        WHERE f.follower_id = $1 AND p.username IS NOT NULL AND p.closed_at IS NULL`,
      [playerId],
    )) as Listed[];
    const ids = rows.map((r) => r.id);
    const [online, live] = await Promise.all([
      this.connections.onlineAmong(ids),
      this.matches.liveAmong(ids),
    ]);
    return rows
      .filter((r) => online.has(r.id))
      .map((r) => ({ ...light(r, true), playing: live.get(r.id) ?? null }))
      .sort(
        (x, y) =>
          Number(y.playing !== null) - Number(x.playing !== null) ||
          x.name.toLowerCase().localeCompare(y.name.toLowerCase()),
      );
  }
}

/** A row as the wire's light player. */
export function light(r: Listed, online: boolean): PlayerLight {
  return { id: r.id, name: r.username, ...(r.bot ? { title: 'BOT' as const } : {}), online };
}
