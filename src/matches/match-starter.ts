/**
 * Every new match starts here, whoever makes it (the queue's pairings, a challenge accepted, the
 * computer, a rematch, the test API), inside the caller's transaction: rated games get both
 * players' ratings as they start, takebacks are fixed from both players' settings, the rows go in
 * (two statements however many matches), and match:start is said to its players. Once it has
 * committed, this process's move pipeline knows each match (its first move needs no read, its
 * last can say match:end without one).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MatchState } from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import type { Match, Piece } from '../persistence/entities/index.js';
import { PlayersService } from '../players/players.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { speedOf } from '../ratings/speed.js';
import type { AfterCommit, Say } from '../realtime/announcement.js';
import { newMatch, type MatchSpec } from './match-rules.js';
import { MatchStore } from './match-store.js';
import { matchState } from './match-view.js';
import { MovementService } from './movement.service.js';

/** A match to start: its terms; `rated`: rated from both players' ratings now (accounts). */
export interface NewMatch extends Omit<MatchSpec, 'rated' | 'takebacks'> {
  rated?: boolean;
}

export interface Started {
  match: Match;
  pieces: Piece[];
  /** As said with match:start. */
  state: MatchState;
}

@Injectable()
export class MatchStarter {
  constructor(
    private readonly store: MatchStore,
    private readonly players: PlayersService,
    private readonly ratings: RatingsService,
    private readonly movement: MovementService,
    @Inject(TIME) private readonly time: TimeSource,
  ) {}

  /** Starts `specs` in the caller's transaction (see above); in the order given. */
  async start(
    em: EntityManager,
    say: Say,
    after: AfterCommit,
    specs: readonly NewMatch[],
    now = this.time.now(),
  ): Promise<Started[]> {
    if (specs.length === 0) return [];
    const ids = specs.flatMap((s) => [s.whiteId, s.blackId]);
    const rated = await this.ratingsAtStart(em, specs, now);
    // Takebacks are fixed as the game starts: off if either player had switched them off, and in
    // tournament games (as on lichess).
    const off = await this.players.takebacksOff(em, ids);
    const made = specs.map((s, i) =>
      newMatch(
        {
          ...s,
          rated: rated[i],
          takebacks: !s.tournamentId && !off.has(s.whiteId) && !off.has(s.blackId),
        },
        now,
      ),
    );
    await this.store.insert(em, made);
    const names = await this.players.names(ids, em);
    const started = made.map((m) => ({ ...m, state: matchState(m.match, m.pieces, names) }));
    for (const { match, state } of started)
      say(match.id, 'match:start', state, [match.whiteId, match.blackId]);
    after(() => {
      for (const { match, pieces } of made) this.movement.started(match, pieces, names);
    });
    return started;
  }

  /** Each rated spec's ratings as it starts (null: casual), one read per variant and speed. */
  private async ratingsAtStart(
    em: EntityManager,
    specs: readonly NewMatch[],
    now: Date,
  ): Promise<MatchSpec['rated'][]> {
    const out: MatchSpec['rated'][] = specs.map(() => null);
    const pools = new Map<string, number[]>();
    specs.forEach((s, i) => {
      if (!s.rated) return;
      const key = `${s.variant}:${speedOf(s.clock, (s.days ?? null) !== null)}`;
      pools.set(key, [...(pools.get(key) ?? []), i]);
    });
    for (const at of pools.values()) {
      const first = specs[at[0]];
      const speed = speedOf(first.clock, (first.days ?? null) !== null);
      const ratings = await this.ratings.atStart(
        em,
        at.map((i) => specs[i]),
        first.variant,
        speed,
        now,
      );
      at.forEach((i, k) => (out[i] = ratings[k]));
    }
    return out;
  }
}
