import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What profiles, game lists and leaderboards read: a player's finished games newest first
 * (one index per side: the list merges two short index scans, however many games a player has),
 * and each pool's established ratings highest first.
 */
export class Profiles1764400000000 implements MigrationInterface {
  name = 'Profiles1764400000000';

  async up(q: QueryRunner): Promise<void> {
    // Covering: a page, and a profile's W/D/L count, read the index alone (finished games
    // never change, so their heap pages are soon all-visible), not a heap page per game.
    for (const [side, other] of [
      ['white', 'black'],
      ['black', 'white'],
    ])
      await q.query(`
        CREATE INDEX matches_${side}_history ON matches (${side}_id, ended_at DESC, id DESC)
          INCLUDE (${other}_id, variant, clock_initial, clock_increment, rated, result_winner,
                   result_reason, result_rule, ${side}_rating, ${side}_rating_diff,
                   ${other}_rating, ${other}_provisional, ${other}_rating_diff)
          WHERE status = 'finished'`);
    await q.query(`
      CREATE INDEX ratings_leaderboard ON ratings (variant, speed, rating DESC)
        WHERE rd <= 75`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ratings_leaderboard`);
    for (const side of ['white', 'black']) await q.query(`DROP INDEX matches_${side}_history`);
  }
}
