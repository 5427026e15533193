import { Engine } from '../../../src/engine/index.js';
import { judgeTurn, Miner, solve, verifyLine } from '../../../src/puzzle-maker/index.js';
import {
  getVariant,
  moveToText,
  parseMoveText,
  Position,
  startProgress,
  type Move,
  type VariantId,
} from '../../../src/rules/index.js';

const NODES = 20_000;

function at(variant: VariantId, fen: string): Position {
  const p = Position.fromFen(variant, fen);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

function move(pos: Position, text: string): Move {
  const m = parseMoveText(pos, text);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

describe('the solution search', () => {
  // Hand-built: after black's 11-15?, 22-18! gives a man, and the capture back lets 26 take
  // three and crown on 3 (men capture backwards in both variants).
  const COMBO = 'B:W22,26,30,31,32:B1,2,7,11,14';

  test.each(['brazilian', 'russian'] as const)('finds the known combination (%s)', (variant) => {
    const before = at(variant, COMBO);
    const engine = new Engine(getVariant(variant), 16);
    const solved = solve(engine, before, move(before, '11-15'), NODES);
    expect(solved).toEqual({
      ok: true,
      solution: {
        moves: ['11-15', '22-18', '14x23', '26x3'],
        accepted: [],
        depth: expect.any(Number),
      },
    });
  });

  test('the miner keeps it with its themes and an id, once', () => {
    const before = at('brazilian', COMBO);
    const miner = new Miner(getVariant('brazilian'), {
      nodes: NODES,
      triggerNodes: 5_000,
      source: 'pdn',
    });
    const m = move(before, '11-15');
    const r = miner.consider(before, m, { cp: 0 }, { cp: 390 });
    expect(r).toMatchObject({
      variant: 'brazilian',
      fen: before.fen,
      moves: ['11-15', '22-18', '14x23', '26x3'],
      themes: ['short', 'sacrifice', 'shot', 'promotion', 'breakthrough', 'middlegame'],
      source: 'pdn',
    });
    expect(r?.id).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(miner.consider(before, m, { cp: 0 }, { cp: 390 })).toBeNull();
    expect(miner.stats).toMatchObject({ candidates: 2, kept: 1 });
    expect(miner.stats.rejected.duplicate).toBe(1);
  });

  test('a position whose only moves are captures forced on it is refused', () => {
    // Black's 11-15 leaves white one legal move, a capture: not a puzzle however much it wins.
    const before = at('russian', 'B:W19,30:B1,11');
    const engine = new Engine(getVariant('russian'), 16);
    const m = move(before, '11-15');
    expect(before.play(m).moveCount()).toBe(1);
    expect(solve(engine, before, m, NODES)).toEqual({ ok: false, reason: 'forced' });
  });

  test('a king capture by two routes is one move: the turn is forced', () => {
    // The king on 22 takes 18, 19, 27 and 26 clockwise or anticlockwise back to 22 (17 and 25,
    // its own men, stop it going on): two routes, one origin, destination and captured set.
    const pos = at('brazilian', 'W:WK22,17,25:B18,19,26,27,1');
    const a = move(pos, '22x15x24x31x22');
    const b = move(pos, '22x31x24x15x22');
    expect(moveToText(pos, a)).toBe('22x22');
    expect(moveToText(pos, b)).toBe('22x22');
    const engine = new Engine(getVariant('brazilian'), 16);
    const turn = judgeTurn(engine, startProgress(pos), NODES);
    expect(turn).toMatchObject({ kind: 'move', text: '22x22', forced: true, alt: null });
  });

  test('a second move that also wins is an accepted alternative, not a refusal', () => {
    // Either man takes black's last piece.
    const pos = at('russian', 'W:W22,23:B18');
    const engine = new Engine(getVariant('russian'), 16);
    const turn = judgeTurn(engine, startProgress(pos), NODES);
    expect(turn.kind).toBe('move');
    if (turn.kind !== 'move') return;
    expect([turn.text, turn.alt].sort()).toEqual(['22x15', '23x14']);
  });

  test('two moves a man ahead each are ambiguous', () => {
    // Two captures of one man, the game going on: neither is better by a clear margin.
    const pos = at('russian', 'W:W22,23,30:B18,1,2');
    const engine = new Engine(getVariant('russian'), 16);
    expect(judgeTurn(engine, startProgress(pos), NODES)).toEqual({
      kind: 'reject',
      reason: 'ambiguous',
    });
  });

  test('a line whose solver move is not the best at the re-check fails verification', () => {
    const before = at('brazilian', COMBO);
    const engine = new Engine(getVariant('brazilian'), 16);
    expect(verifyLine(engine, before, ['11-15', '22-18', '14x23', '26x3'], NODES)).toEqual({
      accepted: [],
      depth: expect.any(Number),
    });
    // 31-27 instead of the sacrifice: not the move, so the line does not hold.
    expect(verifyLine(engine, before, ['11-15', '31-27'], NODES)).toBeNull();
  });
});
