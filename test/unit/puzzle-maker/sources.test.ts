/**
 * The generator's sources (docs/PUZZLES.md §1): a PDN game with a known combination mined
 * through the PDN source and through a stored game's replay (the computer's games, --source
 * computer), each scored by the trigger's search; and a seeded short self-play game, which makes
 * the same candidates and puzzles every time. Small budgets keep it to a few seconds.
 */
import { Engine } from '../../../src/engine/index.js';
import {
  Miner,
  minePdn,
  replayPaths,
  replayRecord,
  selfPlayGame,
  type PuzzleSource,
} from '../../../src/puzzle-maker/index.js';
import { getVariant, parseMoveText, Position } from '../../../src/rules/index.js';

// solve.test.ts's hand-built combination: after black's 11-15?, 22-18! gives a man, and the
// capture back lets 26 take three and crown on 3.
const FEN = 'B:W22,26,30,31,32:B1,2,7,11,14';
const LINE = ['11-15', '22-18', '14x23', '26x3'];
const PDN = `[GameType "26"]\n[FEN "${FEN}"]\n\n1... 11-15 2. 22-18 14x23 3. 26x3 *\n`;

const miner = (source: PuzzleSource): Miner =>
  new Miner(getVariant('brazilian'), { nodes: 20_000, triggerNodes: 5_000, source });

const expected = (source: PuzzleSource) => ({
  variant: 'brazilian',
  fen: FEN,
  moves: LINE,
  themes: ['short', 'sacrifice', 'shot', 'promotion', 'breakthrough', 'middlegame'],
  source,
});

describe('the generator sources', () => {
  test('a PDN game with a combination: the PDN source finds the puzzle', () => {
    const m = miner('pdn');
    const found = [...minePdn(m, PDN)];
    expect(found).toEqual([expect.objectContaining(expected('pdn'))]);
    expect(m.stats).toMatchObject({ games: 1, plies: 4, candidates: 1, kept: 1 });
    expect(replayRecord(found[0])).toEqual({ ok: true });
  });

  test('a PDN game of another variant is passed over', () => {
    const m = miner('pdn');
    expect([...minePdn(m, PDN.replace('"26"', '"25"'))]).toEqual([]);
    expect(m.stats.games).toBe(0);
  });

  test("the computer's games: stored paths replayed and mined find the same puzzle", () => {
    let pos = Position.fromFen('brazilian', FEN);
    if (!pos.ok) throw new Error(pos.error.message);
    const paths: number[][] = [];
    for (const text of LINE) {
      const move = parseMoveText(pos.value, text);
      if (!move.ok) throw new Error(move.error.message);
      paths.push([...move.value.path]);
      pos = { ok: true, value: pos.value.play(move.value) };
    }
    // A path that does not replay cuts the game there.
    const game = replayPaths('brazilian', FEN, [...paths, [1, 99]]);
    expect(game?.moves.length).toBe(4);
    expect(game?.positions.length).toBe(5);
    expect(replayPaths('brazilian', FEN, [[1, 99]])).toBeNull();
    const m = miner('computer');
    const found = m.mineGame(game!.positions, game!.moves);
    expect(found).toEqual([expect.objectContaining(expected('computer'))]);
  });

  test('a seeded short self-play game yields the same candidates and puzzles twice', () => {
    const run = () => {
      // Russian seed 2: a 19-ply game, about 1.5 CPU seconds at these budgets.
      const v = getVariant('russian');
      const m = new Miner(v, { nodes: 5_000, triggerNodes: 1_000, source: 'selfplay' });
      const records = selfPlayGame(m, new Engine(v, 4), 2);
      return { records, stats: m.stats };
    };
    const a = run();
    expect(a.stats.candidates).toBeGreaterThan(0);
    expect(a.records.length).toBeGreaterThan(0);
    for (const r of a.records) expect(replayRecord(r)).toEqual({ ok: true });
    expect(run()).toEqual(a);
  });
});
