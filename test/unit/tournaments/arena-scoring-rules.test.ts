/**
 * Arena scoring (src/tournaments/arena/arena-scoring-rules.ts): lila's sheet as tables. Games are
 * written as letters, oldest first: W win, D draw, L loss (40 plies), d a quick draw (10 plies),
 * B a berserked win (40 plies), b a berserked win too short for its point (10 plies).
 */
import {
  doubled,
  EMPTY_SHEET_STATE,
  gameResults,
  isOnFire,
  nextScore,
  scoreSheet,
  sheetText,
  type ArenaGameResult,
  type ArenaScoringOptions,
  type ArenaSheetState,
} from '../../../src/tournaments/arena/arena-scoring-rules.js';

function games(letters: string): ArenaGameResult[] {
  return [...letters].map((c) => {
    switch (c) {
      case 'W':
        return { outcome: 'win', plies: 40, berserk: false };
      case 'B':
        return { outcome: 'win', plies: 40, berserk: true };
      case 'b':
        return { outcome: 'win', plies: 10, berserk: true };
      case 'D':
        return { outcome: 'draw', plies: 40, berserk: false };
      case 'd':
        return { outcome: 'draw', plies: 10, berserk: false };
      case 'L':
        return { outcome: 'loss', plies: 40, berserk: false };
      default:
        throw new Error(`no game ${c}`);
    }
  });
}

describe('scoreSheet', () => {
  test.each<[string, string, string, number]>([
    ['nothing played', '', '', 0],
    ['win, draw, loss', 'WDL', '2 1 0', 3],
    ['two wins set the player on fire: the third counts double', 'WWW', '2 2 4*', 8],
    ['on fire until a game is not won', 'WWWWL', '2 2 4* 4* 0', 12],
    ['the draw that ends a streak still scores 2', 'WWWDW', '2 2 4* 2* 2', 12],
    ['after the streak ends, two more wins are needed', 'WWDWWW', '2 2 2* 2 2 4*', 14],
    ['a loss between wins: no streak', 'WLWLW', '2 0 2 0 2', 6],
    ['a quick draw scores 0', 'DdD', '1 0 1', 2],
    ['a quick draw on fire scores 0 and ends the streak', 'WWdW', '2 2 0 2', 6],
    ['a berserked win of 14+ plies scores 1 more', 'BW', '3 2', 5],
    ['a berserked win too short: no point', 'bW', '2 2', 4],
    ['the berserk point is not doubled on fire', 'WWB', '2 2 5*', 9],
    ['a berserked short win still counts for the streak', 'bWW', '2 2 4*', 8],
    ['a berserked loss or draw gives nothing more', 'LD', '0 1', 1],
  ])('%s', (_name, letters, text, total) => {
    const sheet = scoreSheet(games(letters));
    expect(sheetText(sheet)).toBe(text);
    expect(sheet.total).toBe(total);
    expect(sheet.state.total).toBe(total);
    expect(sheet.state.games).toBe(letters.length);
  });

  test('a berserked draw gives no point', () => {
    const sheet = scoreSheet([{ outcome: 'draw', plies: 60, berserk: true }]);
    expect(sheet.games[0]).toMatchObject({ points: 1, berserkPoint: false });
  });

  test.each<[string, boolean]>([
    ['', false],
    ['W', false],
    ['WW', true],
    ['WWWW', true],
    ['WWD', false],
    ['WWL', false],
  ])('%s: on fire now %s', (letters, fire) => {
    expect(scoreSheet(games(letters)).onFire).toBe(fire);
  });

  test('a loss on fire was on fire, but is not doubled', () => {
    const sheet = scoreSheet(games('WWL'));
    expect(sheet.games[2]).toMatchObject({ fire: true, points: 0 });
    expect(doubled(sheet.games[2]!)).toBe(false);
    expect(doubled(sheet.games[1]!)).toBe(false);
    expect(doubled(scoreSheet(games('WWD')).games[2]!)).toBe(true);
  });

  test('most recent first, as lichess shows it', () => {
    expect(sheetText(scoreSheet(games('WWWL')), true)).toBe('0 4* 2 2');
  });

  test.each<[string, boolean[]]>([
    ['W', [true]],
    ['WL', [false, false]],
    ['WWW', [true, true, false]],
    ['LWWD', [false, true, false, false]],
    ['WDW', [false, false, true]],
  ])('%s: the wins that start a streak (lila StreakStarter)', (letters, starters) => {
    expect(scoreSheet(games(letters)).games.map((g) => g.streakStarter)).toEqual(starters);
  });
});

describe('options', () => {
  test.each<[string, string, ArenaScoringOptions, string]>([
    ['streaks off: wins never double', 'WWWW', { streaks: false }, '2 2 2 2'],
    ['lichess draw streaks: a second draw in a row scores 0', 'DD', { drawStreaks: true }, '1 0'],
    ['lichess draw streaks: losses between do not reset', 'DLD', { drawStreaks: true }, '1 0 0'],
    ['lichess draw streaks: a win resets', 'DWD', { drawStreaks: true }, '1 2 1'],
    ['lichess draw streaks: a quick draw counts as one', 'dD', { drawStreaks: true }, '0 0'],
    [
      'lichess draw streaks: on fire a draw still scores 2',
      'DWWWD',
      { drawStreaks: true },
      '1 2 2 4* 2*',
    ],
    ['lidraughts (default): repeated draws score', 'DD', {}, '1 1'],
    ['a shorter quick-draw limit', 'd', { quickDrawPlies: 8 }, '1'],
  ])('%s', (_name, letters, options, text) => {
    expect(sheetText(scoreSheet(games(letters), options))).toBe(text);
  });

  test('a long draw scores even in a draw streak', () => {
    const long: ArenaGameResult = { outcome: 'draw', plies: 60, berserk: false };
    const sheet = scoreSheet([long, long], { drawStreaks: true });
    expect(sheetText(sheet)).toBe('1 1');
  });
});

describe('nextScore', () => {
  test('folding nextScore gives the sheet', () => {
    const letters = 'WWBDLWWWdWBbLD';
    let state: ArenaSheetState = EMPTY_SHEET_STATE;
    const points: number[] = [];
    for (const g of games(letters)) {
      const next = nextScore(state, g);
      state = next.state;
      points.push(next.game.points);
    }
    const sheet = scoreSheet(games(letters));
    expect(points).toEqual(sheet.games.map((g) => g.points));
    expect(state).toEqual(sheet.state);
  });

  test.each<[ArenaSheetState, ArenaGameResult['outcome'], number, ArenaSheetState['wins']]>([
    [{ total: 10, games: 5, wins: 2, drawStreak: false }, 'win', 4, 2],
    [{ total: 10, games: 5, wins: 1, drawStreak: false }, 'win', 2, 2],
    [{ total: 10, games: 5, wins: 2, drawStreak: false }, 'draw', 2, 0],
    [{ total: 10, games: 5, wins: 2, drawStreak: false }, 'loss', 0, 0],
    [{ total: 0, games: 0, wins: 0, drawStreak: false }, 'win', 2, 1],
  ])('from %o a %s scores %i, wins in a row after: %i', (state, outcome, points, wins) => {
    const next = nextScore(state, { outcome, plies: 40, berserk: false });
    expect(next.game.points).toBe(points);
    expect(next.state).toEqual({
      total: state.total + points,
      games: state.games + 1,
      wins,
      drawStreak: outcome === 'draw' ? true : outcome === 'win' ? false : state.drawStreak,
    });
  });

  test('is pure: the stored state is not changed', () => {
    const state = { total: 4, games: 2, wins: 2, drawStreak: false } as const;
    nextScore(state, { outcome: 'win', plies: 40, berserk: true });
    expect(state).toEqual({ total: 4, games: 2, wins: 2, drawStreak: false });
    expect(isOnFire(state)).toBe(true);
    expect(isOnFire(state, { streaks: false })).toBe(false);
  });
});

describe('gameResults', () => {
  test.each<['white' | 'black' | null, string, string]>([
    ['white', 'win', 'loss'],
    ['black', 'loss', 'win'],
    [null, 'draw', 'draw'],
  ])('winner %s: white %s, black %s', (winner, white, black) => {
    const r = gameResults(winner, 33, { white: true, black: false });
    expect(r.white).toEqual({ outcome: white, plies: 33, berserk: true });
    expect(r.black).toEqual({ outcome: black, plies: 33, berserk: false });
  });
});
