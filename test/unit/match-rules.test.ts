/**
 * The rules of a match (src/matches/match-rules.ts) in isolation: no database, no sockets.
 * Each rule is a table: the row as it stands, what is asked, what comes out.
 */
import { DomainError } from '../../src/common/errors.js';
import {
  afterMove,
  afterTakeback,
  answerOffer,
  checkAbort,
  checkClaim,
  clockRunsAt,
  ended,
  firstMoveMs,
  flagFell,
  movePieceIds,
  newMatch,
  pieceIdsOf,
  planMove,
  positionOf,
  runClock,
  takebackPlies,
  timedOut,
  type MovePlan,
} from '../../src/matches/match-rules.js';
import type { Match } from '../../src/persistence/entities/index.js';
import { Position, startProgress, type Color, type MoveRequest } from '../../src/rules/index.js';

const T0 = new Date('2026-11-23T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const W = 'white-player';
const B = 'black-player';

function match(
  over: Partial<Match> = {},
  clock: { initial: number; increment: number } | null = null,
  fen?: string,
): Match {
  const m = newMatch({ variant: 'brazilian', whiteId: W, blackId: B, clock, fen }, T0).match;
  return { ...m, ...over };
}

/** The code a thrown DomainError carries, or what came back. */
function codeOf(fn: () => unknown): string {
  try {
    const r = fn();
    return r === 'flag' ? 'flag' : 'ok';
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('newMatch', () => {
  test('a timed match starts with both clocks full, stopped: White has its first-move time', () => {
    // 60 + 40 x 2 s = 2:20, a bullet game: 20 s for the first move.
    const m = match({}, { initial: 60_000, increment: 2_000 });
    expect(m).toMatchObject({
      status: 'active',
      turn: 'white',
      ply: 0,
      whiteMs: 60_000,
      blackMs: 60_000,
      clockIncrement: 2_000,
      turnStartedAt: T0,
      deadlineAt: at(20_000),
      version: 1,
    });
    expect(m.fen).toBe(m.initialFen);
  });

  test('an untimed match has no clock and no deadline', () => {
    expect(match()).toMatchObject({
      whiteMs: null,
      blackMs: null,
      turnStartedAt: null,
      deadlineAt: null,
    });
  });

  test('a bad start FEN is a typed error', () => {
    expect(codeOf(() => match({}, null, 'W:W99:B1'))).toBe('INVALID_PAYLOAD');
  });
});

describe('the first moves, off the clock (lichess)', () => {
  test.each<[string, { initial: number; increment: number }, number]>([
    ['bullet 1+0', { initial: 60_000, increment: 0 }, 20_000],
    ['blitz 3+2', { initial: 180_000, increment: 2_000 }, 25_000],
    ['rapid 10+0', { initial: 600_000, increment: 0 }, 30_000],
    ['classical 30+20', { initial: 1_800_000, increment: 20_000 }, 35_000],
  ])("a first move's time by the speed: %s", (_, clock, ms) => {
    expect(firstMoveMs(clock)).toBe(ms);
  });

  test.each<[number, boolean]>([
    [0, false],
    [1, false],
    [2, true],
    [41, true],
  ])('at ply %p the clock runs: %p', (ply, runs) => {
    expect(clockRunsAt(ply)).toBe(runs);
  });

  const first = match({ clockIncrement: 1_000 }, { initial: 60_000, increment: 1_000 });
  test('a first move costs no time and earns no increment', () => {
    expect(runClock(first, 'white', at(15_000))).toEqual({ white: 60_000, black: 60_000 });
    expect(runClock({ ...first, ply: 1, turn: 'black' }, 'black', at(19_999))).toEqual({
      white: 60_000,
      black: 60_000,
    });
  });

  test('a first move past its time: the flag (the game is aborted, not lost)', () => {
    expect(runClock(first, 'white', at(20_000))).toBe('flag');
    expect(flagFell(first, at(20_000))).toBe(true);
  });

  const plan = (m: Match, req: MoveRequest, ms: number, by = W) =>
    planMove(m, positionOf(m), by, req, at(ms)) as MovePlan;
  test("after White's first move, Black has its first-move time; after Black's, White's clock runs", () => {
    const one = afterMove(first, plan(first, { from: 22, to: 18 }, 5_000));
    expect(one).toMatchObject({ ply: 1, whiteMs: 60_000, deadlineAt: at(25_000) });
    const two = afterMove(one, plan(one, { from: 11, to: 15 }, 9_000, B));
    expect(two).toMatchObject({
      ply: 2,
      blackMs: 60_000,
      turnStartedAt: at(9_000),
      deadlineAt: at(69_000),
    });
    // The third move is the first on the clock: 2 s thought, 1 s back.
    const three = plan(two, { from: 18, to: 11 }, 11_000);
    expect(three.row).toMatchObject({ whiteMs: 59_000, blackMs: 60_000 });
  });
});

describe('runClock (Fischer)', () => {
  const timed = match({
    ply: 4,
    whiteMs: 10_000,
    blackMs: 8_000,
    clockIncrement: 1_000,
    turnStartedAt: T0,
  });
  test.each<[string, Color, number, ReturnType<typeof runClock>]>([
    ['white spends 3 s, gains 1 s', 'white', 3_000, { white: 8_000, black: 8_000 }],
    ['black spends 7.5 s, gains 1 s', 'black', 7_500, { white: 10_000, black: 1_500 }],
    ['white with 1 ms left still moves', 'white', 9_999, { white: 1_001, black: 8_000 }],
    ['white exactly out of time', 'white', 10_000, 'flag'],
    ['black past its time', 'black', 9_000, 'flag'],
  ])('%s', (_, side, spent, expected) => {
    expect(runClock(timed, side, at(spent))).toEqual(expected);
  });

  test('untimed: no clock', () => {
    expect(runClock(match(), 'white', at(999_999))).toBeNull();
  });
});

describe('planMove: the checks in PROTOCOL.md precedence', () => {
  const fresh = match({}, { initial: 60_000, increment: 0 });
  const onTheClock = { ...fresh, ply: 2 };
  const pos = positionOf(fresh);
  test.each<[string, Partial<Match>, string, MoveRequest, number, string]>([
    ['a legal first move', {}, W, { from: 22, to: 18 }, 1_000, 'ok'],
    ['a square beyond the board', {}, W, { from: 22, to: 40 }, 1_000, 'INVALID_PAYLOAD'],
    ['a stranger', {}, 'nobody', { from: 22, to: 18 }, 1_000, 'NOT_A_PLAYER'],
    ['after the end', { status: 'finished' }, W, { from: 22, to: 18 }, 1_000, 'MATCH_OVER'],
    ['out of turn', {}, B, { from: 11, to: 15 }, 1_000, 'NOT_YOUR_TURN'],
    ['an empty square', {}, W, { from: 18, to: 14 }, 1_000, 'NO_PIECE'],
    ['a man moving backwards', {}, W, { from: 22, to: 26 }, 1_000, 'ILLEGAL_MOVE'],
    ['the first move past its time (20 s)', {}, W, { from: 22, to: 18 }, 20_000, 'flag'],
    ['the mover already out of time', { ply: 2 }, W, { from: 22, to: 18 }, 60_000, 'flag'],
    [
      'a stranger out of range still gets INVALID_PAYLOAD',
      {},
      'nobody',
      { path: [22, 99] },
      0,
      'INVALID_PAYLOAD',
    ],
  ])('%s', (_, over, player, req, spent, code) => {
    expect(codeOf(() => planMove({ ...fresh, ...over }, pos, player, req, at(spent)))).toBe(code);
  });

  test('a legal move: its Move row, the clock, the next turn', () => {
    const plan = planMove(onTheClock, pos, W, { from: 22, to: 18 }, at(4_000)) as MovePlan;
    expect(plan.row).toMatchObject({
      ply: 3,
      by: 'white',
      path: [22, 18],
      whiteMs: 56_000,
      blackMs: 60_000,
    });
    expect(plan.result).toBeNull();
    expect(plan.progress.position.turn).toBe('black');
  });
});

describe('afterMove', () => {
  const fresh = match({ ply: 2 }, { initial: 60_000, increment: 0 });
  const plan = (m: Match) =>
    planMove(m, positionOf(m), W, { from: 22, to: 18 }, at(4_000)) as MovePlan;

  test('the opponent is on the clock, with a deadline of its time left', () => {
    const next = afterMove(fresh, plan(fresh));
    expect(next).toMatchObject({
      ply: 3,
      turn: 'black',
      turnStartedAt: at(4_000),
      deadlineAt: at(64_000),
    });
    expect(next.version).toBe(fresh.version); // the writer bumps it
  });

  test.each<[Color | null, Color | null]>([
    [null, null],
    ['black', null], // the opponent's offer lapses when the mover moves instead of answering
    ['white', 'white'], // the mover's own offer stands
  ])('draw offer by %p -> %p', (standing, after) => {
    const m = { ...fresh, drawOfferBy: standing };
    expect(afterMove(m, plan(m)).drawOfferBy).toBe(after);
  });

  test('a move that ends the game leaves nobody to move and no deadline', () => {
    const last = match({}, { initial: 60_000, increment: 0 }, 'W:W18:B14');
    const p = planMove(last, positionOf(last), W, { from: 18, to: 9 }, at(1_000)) as MovePlan;
    expect(p.result).toEqual({ winner: 'white', reason: 'no-pieces' });
    expect(afterMove(last, p)).toMatchObject({ turn: null, deadlineAt: null });
  });
});

describe('correspondence (days per move)', () => {
  const DAY = 86_400_000;
  const corr = (days: number, over: Partial<Match> = {}) => {
    const m = newMatch({ variant: 'brazilian', whiteId: W, blackId: B, clock: null, days }, T0);
    return { ...m.match, ...over };
  };

  test('a new game: no clock, the first mover has the days from the start', () => {
    expect(corr(3)).toMatchObject({
      days: 3,
      whiteMs: null,
      blackMs: null,
      turnStartedAt: T0,
      deadlineAt: at(3 * DAY),
    });
  });

  test.each<[string, number, Date | 'flag']>([
    ['answered within the days: the opponent gets them all again', 2.5 * DAY, at(4.5 * DAY)],
    ['answered in the last second', 3 * DAY - 1000, at(5 * DAY - 1000)],
    ['the deadline had passed', 3 * DAY, 'flag'],
  ])('%s', (_, when, expected) => {
    const m = corr(2, { deadlineAt: at(3 * DAY) });
    const plan = planMove(m, positionOf(m), W, { from: 22, to: 18 }, at(when));
    if (expected === 'flag') return expect(plan).toBe('flag');
    const next = afterMove(m, plan as MovePlan);
    expect(next).toMatchObject({ turn: 'black', whiteMs: null, deadlineAt: expected });
  });

  test('time out: the mover loses, and no clock appears', () => {
    const out = timedOut(corr(1));
    expect(out.result).toEqual({ winner: 'black', reason: 'timeout' });
    expect(out.match).toMatchObject({ whiteMs: null, blackMs: null });
  });
});

describe('endings', () => {
  test('ended(): finished, result, no offer or deadline left', () => {
    const m = ended(
      match({ drawOfferBy: 'black' }, { initial: 1, increment: 0 }),
      { winner: null, reason: 'draw-rule', rule: '25-move' },
      at(5),
    );
    expect(m).toMatchObject({
      status: 'finished',
      turn: null,
      resultWinner: null,
      resultReason: 'draw-rule',
      resultRule: '25-move',
      drawOfferBy: null,
      deadlineAt: null,
      endedAt: at(5),
    });
  });

  test.each<[Color, Partial<Match>, Color]>([
    ['white', { whiteMs: 0 }, 'black'],
    ['black', { blackMs: 0 }, 'white'],
  ])('timedOut with %s to move: its clock shows 0, %s... wins', (turn, clock, winner) => {
    const out = timedOut(match({ turn, whiteMs: 5, blackMs: 5 }));
    expect(out.match).toMatchObject(clock);
    expect(out.result).toEqual({ winner, reason: 'timeout' });
  });

  test.each<[string, Partial<Match>, number, boolean]>([
    ['before the deadline', { deadlineAt: at(100) }, 99, false],
    ['at the deadline', { deadlineAt: at(100) }, 100, true],
    ['untimed', { deadlineAt: null }, 1e9, false],
    ['already over', { deadlineAt: at(100), status: 'finished' }, 200, false],
  ])('flagFell %s', (_, over, now, fell) => {
    expect(flagFell(match(over), at(now))).toBe(fell);
  });

  test.each([
    [0, 'ok'],
    [1, 'ok'],
    [2, 'REFUSED'],
    [40, 'REFUSED'],
  ])('abort at ply %p: %s', (ply, code) => {
    expect(codeOf(() => checkAbort(match({ ply })))).toBe(code);
  });

  test.each<[string, Color, Partial<Match>, number, string]>([
    ['opponent present', 'white', {}, 10_000, 'REFUSED'],
    ['opponent away, grace not over', 'white', { blackAbsentSince: T0 }, 1_999, 'REFUSED'],
    ['opponent away past the grace', 'white', { blackAbsentSince: T0 }, 2_000, 'ok'],
    ['only the claimant away', 'black', { blackAbsentSince: T0 }, 10_000, 'REFUSED'],
    ['black claims', 'black', { whiteAbsentSince: T0 }, 2_500, 'ok'],
  ])('claim: %s', (_, side, over, now, code) => {
    expect(codeOf(() => checkClaim(match(over), side, at(now), 2_000))).toBe(code);
  });
});

describe('answerOffer (draws and rematches)', () => {
  test.each<[Color | null, Color, 'offer' | 'accept' | 'decline', string]>([
    [null, 'white', 'offer', 'stands: white'],
    ['black', 'white', 'offer', 'agreed'], // offering while the opponent's offer stands accepts it
    ['white', 'white', 'offer', 'your draw offer already stands'],
    ['black', 'white', 'accept', 'agreed'],
    [null, 'white', 'accept', 'there is no draw offer to accept'],
    ['white', 'white', 'accept', 'there is no draw offer to accept'],
    ['black', 'white', 'decline', 'stands: null'],
    [null, 'black', 'decline', 'there is no draw offer to decline'],
  ])('standing %p, %s says %s: %s', (standing, side, action, expected) => {
    let got: string;
    try {
      const a = answerOffer(standing, side, action, 'draw');
      got = a === 'agreed' ? a : `stands: ${a.offerBy}`;
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('REFUSED');
      got = (e as DomainError).message;
    }
    expect(got).toBe(expected);
  });
});

describe('piece ids', () => {
  const setup = (fen: string) => {
    const pos = positionOf(match({}, null, fen));
    const pieces = pos.pieces().map((p, i) => ({ matchId: 'm', id: i + 1, ...p }));
    return { pos, ids: pieceIdsOf('brazilian', pieces) };
  };

  test('a capture that ends where it began keeps the piece and its id', () => {
    const { pos, ids } = setup('W:WK2:B17,7,19,6');
    const loop = pos.legalMoves().find((mv) => mv.from === 2 && mv.to === 2);
    expect(loop?.captures).toEqual([6, 17, 19, 7]);
    const after = movePieceIds(ids, loop!);
    expect(after[2]).toBe(ids[2]);
    expect(after[2]).not.toBe(0);
    for (const c of [6, 17, 19, 7]) expect(after[c]).toBe(0);
  });

  test('a move carries the id and leaves the original as it was', () => {
    const { pos, ids } = setup('W:W18:B14');
    const after = movePieceIds(ids, pos.legalMoves()[0]);
    expect(after[9]).toBe(ids[18]);
    expect([after[18], after[14]]).toEqual([0, 0]);
    expect(ids[18]).not.toBe(0);
  });
});

describe('takebacks', () => {
  test.each<[number, Color, Color, number | 'refused']>([
    [0, 'white', 'white', 'refused'], // nothing played
    [1, 'black', 'white', 1], // my move, the opponent thinks: one ply
    [1, 'black', 'black', 'refused'], // the opponent's move only
    [2, 'white', 'white', 2], // answered: two plies
    [2, 'white', 'black', 1],
    [7, 'black', 'black', 2],
  ])('ply %d, %s to move, asked by %s -> %p', (ply, turn, side, plies) => {
    const m = match({ ply, turn });
    if (plies === 'refused') expect(codeOf(() => takebackPlies(m, side))).toBe('REFUSED');
    else expect(takebackPlies(m, side)).toBe(plies);
  });

  const start = startProgress(Position.initial('brazilian'));

  test('the clocks are not wound back: the running side is charged, increments undone', () => {
    // Black has thought 5 s on ply 3 when white's takeback is accepted; White's 58 s hold the
    // 2 s its move earned, taken back with it.
    const m = match(
      { ply: 3, turn: 'black', whiteMs: 58_000, blackMs: 60_000, turnStartedAt: at(10_000) },
      { initial: 60_000, increment: 2_000 },
    );
    const next = afterTakeback(m, 'white', 2, start, at(15_000));
    expect(next).toMatchObject({
      ply: 2,
      turn: 'white',
      fen: start.position.fen,
      whiteMs: 56_000,
      blackMs: 55_000,
      turnStartedAt: at(15_000),
      deadlineAt: at(15_000 + 56_000),
      drawOfferBy: null,
      takebackOfferBy: null,
    });
  });

  test('two plies back: each side gives back one increment, never below 1 s on that account', () => {
    const m = match(
      { ply: 4, turn: 'white', whiteMs: 1_500, blackMs: 30_000, turnStartedAt: at(10_000) },
      { initial: 60_000, increment: 2_000 },
    );
    // White thought 1 s: 500 ms left; its increment would take it below 0, so 500 ms stay.
    expect(afterTakeback(m, 'white', 2, start, at(11_000))).toMatchObject({
      whiteMs: 500,
      blackMs: 28_000,
    });
    // With 3.5 s left after thinking, the 2 s go back: 1.5 s.
    expect(afterTakeback({ ...m, whiteMs: 4_500 }, 'white', 2, start, at(11_000))).toMatchObject({
      whiteMs: 1_500,
    });
  });

  test('back to the first moves: nothing charged, no increment to give back, the first-move time', () => {
    // Ply 2: the clock has run 3 s for White; Black's takeback of its first move undoes ply 2,
    // made off the clock (no increment earned), and the clocks stop again.
    const m = match(
      { ply: 2, turn: 'white', whiteMs: 60_000, blackMs: 60_000, turnStartedAt: at(10_000) },
      { initial: 60_000, increment: 2_000 },
    );
    expect(afterTakeback(m, 'black', 1, start, at(13_000))).toMatchObject({
      ply: 1,
      turn: 'black',
      whiteMs: 57_000,
      blackMs: 60_000,
      deadlineAt: at(13_000 + 20_000),
    });
  });

  test('a running clock already out: the flag falls instead', () => {
    const m = match(
      { ply: 3, turn: 'black', whiteMs: 58_000, blackMs: 3_000, turnStartedAt: at(10_000) },
      { initial: 60_000, increment: 0 },
    );
    expect(afterTakeback(m, 'white', 2, start, at(13_001))).toBe('flag');
  });

  test('untimed: no clock; correspondence: the days start again', () => {
    expect(afterTakeback(match({ ply: 1, turn: 'black' }), 'white', 0, start, at(1))).toMatchObject(
      { whiteMs: null, blackMs: null, deadlineAt: null, turnStartedAt: null },
    );
    const c = newMatch(
      { variant: 'brazilian', whiteId: W, blackId: B, clock: null, days: 2 },
      T0,
    ).match;
    const next = afterTakeback({ ...c, ply: 1, turn: 'black' }, 'white', 0, start, at(5_000));
    expect(next).toMatchObject({
      deadlineAt: at(5_000 + 2 * 86_400_000),
      turnStartedAt: at(5_000),
    });
  });

  test('any move lapses a takeback request', () => {
    const m = {
      ...match({}, { initial: 60_000, increment: 0 }),
      takebackOfferBy: 'black' as const,
    };
    const p = planMove(m, positionOf(m), W, { from: 22, to: 18 }, at(1_000)) as MovePlan;
    expect(afterMove(m, p).takebackOfferBy).toBeNull();
  });
});
