/**
 * How the computer answers a person: a rematch offer is accepted (with colours swapped, at the
 * same level), a draw offer is accepted when a search to depth 8 says the computer is worse, or
 * the game is a level endgame; otherwise declined. It never offers anything itself.
 */
import { Injectable } from '@nestjs/common';
import type { ComputerSide } from '../common/protocol.js';
import type { Color } from '../rules/index.js';
import { LifecycleService, MatchQueries, positionOf } from '../matches/index.js';
import type { Score } from '../engine/index.js';
import { computerIdentity } from './computer-identity.js';
import { EnginePool } from './engine-pool.js';

/** Centi-men: worse than this, the computer takes a draw. */
const ACCEPT_BELOW = -30;
/** In an endgame this small, a level score (within this margin) is a draw worth taking. */
const ENDGAME_PIECES = 8;
const LEVEL_MARGIN = 10;
/** The draw judgement's search: its depth (about 0.1 s at the start of international), and a cap. */
const JUDGE_DEPTH = 8;
const JUDGE_CAP_MS = 3000;

/** Whether the computer accepts a draw, given its own score and the pieces on the board. */
export function acceptsDraw(score: Score, pieces: number): boolean {
  if ('loss' in score) return true;
  if ('win' in score) return false;
  return score.cp <= ACCEPT_BELOW || (pieces <= ENDGAME_PIECES && score.cp <= LEVEL_MARGIN);
}

/** The same score seen from the other side. */
const flip = (s: Score): Score =>
  'cp' in s ? { cp: -s.cp } : 'win' in s ? { loss: s.win } : { win: s.loss };

@Injectable()
export class ComputerManners {
  constructor(
    private readonly lifecycle: LifecycleService,
    private readonly queries: MatchQueries,
    private readonly pool: EnginePool,
  ) {}

  async answerDraw(matchId: string, side: ComputerSide): Promise<void> {
    const accept = await this.judgeDraw(matchId, side).catch(() => false);
    await this.lifecycle.draw(computerIdentity(side.level), matchId, accept ? 'accept' : 'decline');
  }

  /** A rematch offered in a finished game: accepted if the other side is the computer. */
  async answerRematch(matchId: string, by: Color): Promise<void> {
    const match = await this.queries.load(matchId);
    if (match.computerColor === null || match.computerLevel === null) return;
    if (match.computerColor === by) return;
    await this.lifecycle.rematch(computerIdentity(match.computerLevel), matchId, 'accept');
  }

  private async judgeDraw(matchId: string, side: ComputerSide): Promise<boolean> {
    const match = await this.queries.load(matchId);
    const position = positionOf(match);
    const reply = await this.pool.think({
      variant: match.variant,
      fen: match.fen,
      counters: match.counters,
      // To a fixed depth, so that one position gets one answer whatever the machine's load: a
      // timed search reached depth 4-6 on a busy machine, where some first moves score under
      // ACCEPT_BELOW and the computer took a draw after its own first move. The time is a cap.
      limits: { depth: JUDGE_DEPTH, movetime: JUDGE_CAP_MS },
    }).reply;
    const mine = position.turn === side.color ? reply.score : flip(reply.score);
    return acceptsDraw(mine, position.pieces().length);
  }
}
