/**
 * A tournament game's end scores on its players' lines in the ending's own transaction (a
 * GameEndings hook, as ratings are settled): a score can be neither lost nor counted twice. The
 * event's row is read FOR SHARE, so an arena's end (which takes it FOR UPDATE) and a game's end
 * are ordered: a game that ends after its arena is not counted (lichess's rule).
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GameEndings, positionOf } from '../matches/index.js';
import type { Match } from '../persistence/entities/index.js';
import type { Color, GameResult } from '../rules/index.js';
import { doubled, nextScore, type ArenaOutcome } from './arena/arena-scoring-rules.js';
import { swissCode, swissPoints } from './swiss-results.js';
import { TournamentStore, type EntryRow, type EntryScore } from './tournament-store.js';
import { sheetWith } from './tournament-view.js';

@Injectable()
export class TournamentScores implements OnModuleInit {
  constructor(
    private readonly endings: GameEndings,
    private readonly store: TournamentStore,
  ) {}

  onModuleInit(): void {
    this.endings.register((em, _say, match, result, now) =>
      match.tournamentId
        ? this.settle(em, match, match.tournamentId, result, now)
        : Promise.resolve(),
    );
  }

  private async settle(
    em: EntityManager,
    match: Match,
    id: string,
    result: GameResult,
    now: Date,
  ): Promise<void> {
    const t = await this.store.lock(em, id, true);
    if (!t) return;
    const lines = await this.store.lockEntries(em, id, [match.whiteId, match.blackId]);
    // The side whose first move never came (or who called the game off) is paused. The ended
    // match has no turn any more: its position still says whose move it was.
    const toMove = positionOf(match).turn;
    const noShow = result.reason === 'aborted' ? [sideId(match, toMove)] : [];
    if (t.kind === 'swiss') return this.swiss(em, match, id, result, lines, toMove, now);
    if (result.reason === 'aborted' || t.status !== 'started')
      return this.store.released(em, id, match.id, noShow, now);
    const scores = lines.map((line) =>
      arenaScore(
        match,
        result,
        line,
        lines.find((l) => l !== line),
        t.streaks,
      ),
    );
    await this.store.scored(em, id, match.id, scores, now);
  }

  /** A Swiss game: its round's results (an aborted game is lost by forfeit by the no-show). */
  private async swiss(
    em: EntityManager,
    match: Match,
    id: string,
    result: GameResult,
    lines: EntryRow[],
    toMove: Color,
    now: Date,
  ): Promise<void> {
    const forfeit = result.reason === 'aborted' ? sideId(match, toMove) : null;
    const scores: EntryScore[] = [];
    const codes: { playerId: string; code: string }[] = [];
    for (const line of lines) {
      const side: Color = line.player_id === match.whiteId ? 'white' : 'black';
      const code = swissCode(result, side, forfeit === null ? null : forfeit === line.player_id);
      const points = swissPoints(code);
      codes.push({ playerId: line.player_id, code });
      scores.push({
        playerId: line.player_id,
        score: line.score + points,
        streak: 0,
        sheet: sheetWith(line.sheet, points, false),
        win: code === '1' || code === '+',
        draw: code === '=',
        loss: code === '0' || code === '-',
        opponentRating: lines.find((l) => l !== line)?.rating ?? line.rating,
        // A no-show is absent from the next rounds until they join again (lichess).
        status: code === '-' ? 'paused' : 'active',
      });
    }
    await this.store.scored(em, id, match.id, scores, now);
    await this.store.swissResults(em, id, match.id, codes);
  }
}

const sideId = (m: Match, side: Color) => (side === 'white' ? m.whiteId : m.blackId);

/** One player's line after an arena game (lila's sheet: fire, quick draws, berserk). */
function arenaScore(
  match: Match,
  result: GameResult,
  line: EntryRow,
  other: EntryRow | undefined,
  streaks: boolean,
): EntryScore {
  const side: Color = line.player_id === match.whiteId ? 'white' : 'black';
  const outcome: ArenaOutcome =
    result.winner === null ? 'draw' : result.winner === side ? 'win' : 'loss';
  const berserk = side === 'white' ? match.whiteBerserk : match.blackBerserk;
  const state = {
    total: line.score,
    games: line.games,
    wins: Math.min(2, line.streak) as 0 | 1 | 2,
    drawStreak: false,
  };
  const next = nextScore(state, { outcome, plies: match.ply, berserk }, { streaks });
  const opponentRating = side === 'white' ? match.blackRating : match.whiteRating;
  return {
    playerId: line.player_id,
    score: next.state.total,
    streak: next.state.wins,
    sheet: sheetWith(line.sheet, next.game.points, doubled(next.game)),
    win: outcome === 'win',
    draw: outcome === 'draw',
    loss: outcome === 'loss',
    // A casual game has no ratings on the match: the opponent's rating when they joined.
    opponentRating: opponentRating ?? other?.rating ?? line.rating,
    status: 'active',
  };
}
