/**
 * Arena scoring, lidraughts/lichess's way (lila modules/tournament, arena/Sheet.scala): a win 2,
 * a draw 1, a loss 0; after two wins in a row the player is "on fire" and every further game
 * counts double (a win 4, a draw 2) until a game is not won (the draw that ends the streak still
 * scores 2). A draw in fewer than 20 plies scores 0 for both and ends a streak like any draw. A
 * berserk player (who halved their clock) gets 1 more point for a win of at least 14 plies; that
 * point is never doubled.
 *
 * The server keeps a small state per player (ArenaSheetState) and folds each game into it with
 * nextScore() inside the game-ending transaction; scoreSheet() replays a whole list of games (the
 * standings page, a check that the stored state is right). Both give the same numbers.
 */

export type ArenaOutcome = 'win' | 'draw' | 'loss';

/** One game of a player, from that player's side, in the order the games ended. */
export interface ArenaGameResult {
  readonly outcome: ArenaOutcome;
  /** Half-moves played (a quick draw, a berserk point depend on it). */
  readonly plies: number;
  /** Whether this player berserked (halved their clock) in this game. */
  readonly berserk: boolean;
}

export interface ArenaScoringOptions {
  /** A draw in fewer plies scores 0 (lila: "quick draw", 20 plies = 10 moves). */
  readonly quickDrawPlies?: number;
  /** A berserked win needs at least this many plies for its extra point (lila: 14). */
  readonly berserkMinPlies?: number;
  /** Whether wins can start a streak at all (lila's `streakable`: an arena may turn it off). */
  readonly streaks?: boolean;
  /**
   * lichess since 2020 ("V2"): a draw scores 0 when the player's previous non-loss game was a
   * draw, unless the draw is on fire or long (>= longGamePlies). lidraughts has no such rule, so
   * it is off unless asked for.
   */
  readonly drawStreaks?: boolean;
  /** With drawStreaks: a draw this long always scores (lichess: 30 moves in chess). */
  readonly longGamePlies?: number;
}

export const QUICK_DRAW_PLIES = 20;
export const BERSERK_MIN_PLIES = 14;
export const LONG_GAME_PLIES = 60;

/**
 * What the server stores per player to score the next game: small on purpose (it is written in
 * the game-ending transaction). `wins` is the run of consecutive wins, capped at 2 (two are
 * enough to be on fire); `drawStreak` says the last game that was not a loss was a draw (only the
 * drawStreaks option reads it).
 */
export interface ArenaSheetState {
  readonly total: number;
  readonly games: number;
  readonly wins: 0 | 1 | 2;
  readonly drawStreak: boolean;
}

export const EMPTY_SHEET_STATE: ArenaSheetState = Object.freeze({
  total: 0,
  games: 0,
  wins: 0,
  drawStreak: false,
});

/** One game as scored. */
export interface ScoredGame {
  readonly outcome: ArenaOutcome;
  /** Points this game gave, berserk point included. */
  readonly points: number;
  /** Whether the player was on fire when the game began (its result counted double). */
  readonly fire: boolean;
  /** Whether the berserk point was given (berserked, won, long enough). */
  readonly berserkPoint: boolean;
  /** A draw too short to score (or, with drawStreaks, a repeated draw scoring 0). */
  readonly nullDraw: boolean;
  /**
   * A win not on fire that may start a streak (lila's StreakStarter flag, which its standings
   * paint): nextScore() sets it on every such win; scoreSheet() clears it when the next game was
   * not won, as lila does once that game ends.
   */
  readonly streakStarter: boolean;
}

/** A player's games as scored, in the order they ended. */
export interface ArenaSheet {
  readonly games: readonly ScoredGame[];
  readonly total: number;
  /** On fire now: the next win (or draw) counts double. */
  readonly onFire: boolean;
  /** The state to store, the same that folding nextScore over the games gives. */
  readonly state: ArenaSheetState;
}

/** Whether a player with this state is on fire (two wins in a row, streaks allowed). */
export function isOnFire(state: ArenaSheetState, options: ArenaScoringOptions = {}): boolean {
  return (options.streaks ?? true) && state.wins >= 2;
}

/**
 * Scores one more game: the new state to store and the game as scored. Pure: the same state and
 * result always give the same answer, so a retried transaction scores the same.
 */
export function nextScore(
  state: ArenaSheetState,
  result: ArenaGameResult,
  options: ArenaScoringOptions = {},
): { state: ArenaSheetState; game: ScoredGame } {
  const quickDrawPlies = options.quickDrawPlies ?? QUICK_DRAW_PLIES;
  const berserkMinPlies = options.berserkMinPlies ?? BERSERK_MIN_PLIES;
  const fire = isOnFire(state, options);
  let points = 0;
  let berserkPoint = false;
  let nullDraw = false;
  switch (result.outcome) {
    case 'win':
      points = fire ? 4 : 2;
      berserkPoint = result.berserk && result.plies >= berserkMinPlies;
      if (berserkPoint) points += 1;
      break;
    case 'draw':
      if (result.plies < quickDrawPlies) nullDraw = true;
      else if (fire) points = 2;
      else if (
        options.drawStreaks === true &&
        state.drawStreak &&
        result.plies < (options.longGamePlies ?? LONG_GAME_PLIES)
      )
        nullDraw = true;
      else points = 1;
      break;
    case 'loss':
      break;
  }
  const wins: ArenaSheetState['wins'] =
    result.outcome === 'win' ? (Math.min(2, state.wins + 1) as 1 | 2) : 0;
  // lila's isDrawStreak looks back past losses to the last game that was not one.
  const drawStreak =
    result.outcome === 'draw' ? true : result.outcome === 'win' ? false : state.drawStreak;
  return {
    state: { total: state.total + points, games: state.games + 1, wins, drawStreak },
    game: {
      outcome: result.outcome,
      points,
      fire,
      berserkPoint,
      nullDraw,
      streakStarter: result.outcome === 'win' && !fire && (options.streaks ?? true),
    },
  };
}

/** A player's whole sheet from their games in the order they ended. */
export function scoreSheet(
  results: readonly ArenaGameResult[],
  options: ArenaScoringOptions = {},
): ArenaSheet {
  let state = EMPTY_SHEET_STATE;
  const games: ScoredGame[] = [];
  for (const r of results) {
    const next = nextScore(state, r, options);
    state = next.state;
    const previous = games.at(-1);
    if (previous?.streakStarter && r.outcome !== 'win')
      games[games.length - 1] = { ...previous, streakStarter: false };
    games.push(next.game);
  }
  return { games, total: state.total, onFire: isOnFire(state, options), state };
}

/**
 * Both players' results from a finished game (winner null: a draw), for nextScore(): the server
 * calls it once in the game-ending transaction.
 */
export function gameResults(
  winner: 'white' | 'black' | null,
  plies: number,
  berserk: { readonly white: boolean; readonly black: boolean },
): { white: ArenaGameResult; black: ArenaGameResult } {
  const outcome = (side: 'white' | 'black'): ArenaOutcome =>
    winner === null ? 'draw' : winner === side ? 'win' : 'loss';
  return {
    white: { outcome: outcome('white'), plies, berserk: berserk.white },
    black: { outcome: outcome('black'), plies, berserk: berserk.black },
  };
}

/** The mark after a game's points in sheetText(): the game was played on fire (counted double). */
export const FIRE_MARK = '*';

/** Whether the game's points were doubled (lila's Double flag: a win or a scoring draw on fire). */
export function doubled(g: ScoredGame): boolean {
  return g.fire && (g.outcome === 'win' || (g.outcome === 'draw' && !g.nullDraw));
}

/**
 * The sheet as a line of points, oldest first, each doubled game marked with FIRE_MARK (lichess
 * paints those in the streak colour; the loss that ends a streak is not): `2 2 4* 4* 2* 0 2`. `recentFirst` gives the order
 * lichess's standings show (the newest game first).
 */
export function sheetText(sheet: Pick<ArenaSheet, 'games'>, recentFirst = false): string {
  const parts = sheet.games.map((g) => `${g.points}${doubled(g) ? FIRE_MARK : ''}`);
  if (recentFirst) parts.reverse();
  return parts.join(' ');
}
