/**
 * Playbans (playban-rules.ts): each game's bad outcomes are recorded by a GameEndings hook, in
 * the Finisher's transaction (so exactly once, whichever process ended it), and the ban they
 * earn with them; the queue asks `check` before pairing. Owner of playban_outcomes and playbans.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { Playban } from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import { GameEndings, MatchQueries, type EndingHow } from '../matches/index.js';
import type { Match } from '../persistence/entities/index.js';
import type { GameResult } from '../rules/index.js';
import {
  BANS_KEPT_DAYS,
  outcomesOf,
  playbanFor,
  RECENT_GAMES,
  type PlaybanReason,
  type PlayOutcome,
} from './playban-rules.js';

@Injectable()
export class PlaybansService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly endings: GameEndings,
    private readonly queries: MatchQueries,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  onModuleInit(): void {
    this.endings.register((em, _say, match, result, now, how) =>
      this.record(em, match, result, now, how),
    );
  }

  /** The player's ban now, or null. */
  async current(playerId: string): Promise<Playban | null> {
    const [row] = (await this.db.query(
      `SELECT reason, until FROM playbans WHERE player_id = $1 AND until > $2
        ORDER BY until DESC LIMIT 1`,
      [playerId, this.time.now()],
    )) as { reason: PlaybanReason; until: Date }[];
    return row ? { reason: row.reason, until: new Date(row.until).getTime() } : null;
  }

  /** PLAYBANNED (with the reason and until when) while the player waits out a ban. */
  async check(playerId: string): Promise<void> {
    const ban = await this.current(playerId);
    if (ban)
      throw new DomainError(
        'PLAYBANNED',
        `you left or aborted too many games: the queue pairs you again at ${new Date(ban.until).toISOString()}`,
        undefined,
        ban,
      );
  }

  /** In the ending's transaction: each person's bad outcome, and the ban it earns. */
  private async record(
    em: EntityManager,
    match: Match,
    result: GameResult,
    now: Date,
    how: EndingHow,
  ): Promise<void> {
    if (match.computerColor !== null) return; // the computer's games do not count
    const outcomes = outcomesOf({ result, ply: match.ply, abortedBy: how.abortedBy });
    for (const side of ['white', 'black'] as const) {
      const outcome = outcomes[side];
      if (outcome === 'good') continue;
      const playerId = side === 'white' ? match.whiteId : match.blackId;
      await em.query(
        `INSERT INTO playban_outcomes (match_id, player_id, outcome, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [match.id, playerId, outcome, now],
      );
      await this.judge(em, playerId, match.id, outcome, now);
    }
  }

  private async judge(
    em: EntityManager,
    playerId: string,
    matchId: string,
    outcome: PlayOutcome,
    now: Date,
  ): Promise<void> {
    // This game is not saved as finished yet: it comes first, then the ones before it.
    const earlier = (await this.queries.lastFinished(em, playerId, RECENT_GAMES)).filter(
      (id) => id !== matchId,
    );
    const bad = (await em.query(
      `SELECT match_id, outcome FROM playban_outcomes
        WHERE player_id = $1 AND match_id = ANY($2::uuid[])`,
      [playerId, earlier],
    )) as { match_id: string; outcome: PlayOutcome }[];
    const of = new Map(bad.map((r) => [r.match_id, r.outcome]));
    const recent = [outcome, ...earlier.map((id) => of.get(id) ?? 'good')];
    const [{ n }] = (await em.query(
      `SELECT count(*)::int AS n FROM playbans
        WHERE player_id = $1 AND started_at > $2::timestamptz - make_interval(days => $3)`,
      [playerId, now, BANS_KEPT_DAYS],
    )) as { n: number }[];
    const ban = playbanFor(recent, n);
    if (!ban) return;
    await em.query(
      `INSERT INTO playbans (player_id, reason, started_at, until) VALUES ($1, $2, $3, $4)`,
      [playerId, ban.reason, now, new Date(now.getTime() + ban.minutes * 60_000)],
    );
  }
}
