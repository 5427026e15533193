import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Challenges (links, direct challenges, lobby seeks) and correspondence games: a match's days
 * per move (its deadline is the existing `deadline_at`, swept like a clock's).
 */
export class Challenges1764500000000 implements MigrationInterface {
  name = 'Challenges1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE challenges (
        id uuid PRIMARY KEY,
        challenger_id uuid NOT NULL REFERENCES players(id),
        dest_id uuid REFERENCES players(id),
        public boolean NOT NULL DEFAULT false,
        variant varchar(16) NOT NULL,
        clock_initial int,
        clock_increment int,
        days smallint,
        color varchar(6) NOT NULL,
        rated boolean NOT NULL DEFAULT false,
        fen text,
        challenger_rating int,
        challenger_provisional boolean,
        status varchar(10) NOT NULL,
        decline_reason varchar(16),
        match_id uuid,
        socket_id varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX challenges_open ON challenges (expires_at) WHERE status = 'open'`);
    // A player's open challenges (the bound, the list of mine) and those sent to them.
    await q.query(
      `CREATE INDEX challenges_challenger ON challenges (challenger_id) WHERE status = 'open'`,
    );
    await q.query(`CREATE INDEX challenges_dest ON challenges (dest_id) WHERE status = 'open'`);
    await q.query(
      `CREATE INDEX challenges_socket ON challenges (socket_id) WHERE status = 'open' AND socket_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE matches ADD COLUMN days smallint`);
    // "My games": a player's games still on, without walking their finished ones.
    for (const side of ['white', 'black'])
      await q.query(
        `CREATE INDEX matches_${side}_active ON matches (${side}_id) WHERE status = 'active'`,
      );
    // The profiles' covering indexes now carry the days too (a game's speed needs them).
    for (const [side, other] of [
      ['white', 'black'],
      ['black', 'white'],
    ]) {
      await q.query(`DROP INDEX matches_${side}_history`);
      await q.query(`
        CREATE INDEX matches_${side}_history ON matches (${side}_id, ended_at DESC, id DESC)
          INCLUDE (${other}_id, variant, clock_initial, clock_increment, days, rated,
                   result_winner, result_reason, result_rule, ${side}_rating,
                   ${side}_rating_diff, ${other}_rating, ${other}_provisional,
                   ${other}_rating_diff)
          WHERE status = 'finished'`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const side of ['white', 'black']) await q.query(`DROP INDEX matches_${side}_active`);
    // Dropping the column drops the indexes that include it: put the profiles' back as they were.
    await q.query(`ALTER TABLE matches DROP COLUMN days`);
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
    await q.query(`DROP TABLE challenges`);
  }
}
