/**
 * Who follows whom (issue 34): the only writer and reader of `follows`. Other modules call it
 * (notifications: a followed player's new tournament reaches their followers).
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

@Injectable()
export class FollowsService {
  /** The ids of the players who follow `playerId` (any order), in the caller's transaction. */
  async followersOf(em: EntityManager, playerId: string): Promise<string[]> {
    const rows = (await em.query(`SELECT follower_id FROM follows WHERE followed_id = $1`, [
      playerId,
    ])) as { follower_id: string }[];
    return rows.map((r) => r.follower_id);
  }
}
