/**
 * What else a game's end settles, in the ending's own transaction: other modules (tournaments'
 * scores) register here instead of the Finisher importing them, so the matches module does not
 * depend on its users. A hook that throws rolls the ending back, as a failed rating would.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Match } from '../persistence/entities/index.js';
import type { Color, GameResult } from '../rules/index.js';
import type { Say } from '../realtime/announcement.js';

/** What the ending knew beyond the row: the side that aborted (an abort asked by a player). */
export interface EndingHow {
  abortedBy: Color | null;
}

/** Called with the ended, locked match (status, result and rating diffs already set). */
export type EndingHook = (
  em: EntityManager,
  say: Say,
  match: Match,
  result: GameResult,
  now: Date,
  how: EndingHow,
) => Promise<void>;

@Injectable()
export class GameEndings {
  private readonly hooks: EndingHook[] = [];

  register(hook: EndingHook): void {
    this.hooks.push(hook);
  }

  async settle(
    em: EntityManager,
    say: Say,
    match: Match,
    result: GameResult,
    now: Date,
    how: EndingHow = { abortedBy: null },
  ) {
    for (const hook of this.hooks) await hook(em, say, match, result, now, how);
  }
}
