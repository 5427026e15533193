/** Draws: known drawn endings, the variant's draw counters and repetitions score 0. */
import { Engine, search } from '../../src/engine/index.js';
import { advance, startProgress, type Progress } from '../../src/rules/outcome.js';
import { Position } from '../../src/rules/position.js';
import type { VariantId } from '../../src/rules/types.js';
import { position, sq } from '../rules/helpers.js';

describe('known drawn endings', () => {
  test.each([['english'], ['italian'], ['brazilian'], ['russian'], ['international']] as [
    VariantId,
  ][])('%s: one king against one king is a draw', (variant) => {
    const light = variant === 'italian';
    const pos = position(variant, 'W', [light ? 'Kd1' : 'Kc1'], [light ? 'Kg8' : 'Kh8']);
    const r = search(pos, { depth: 8 });
    expect(r.score).toEqual({ cp: 0 });
  });

  test('brazilian: two kings against one is a draw, four against one is not', () => {
    const two = position('brazilian', 'W', ['Kc1', 'Ke1'], ['Kh8']);
    expect(search(two, { depth: 6 }).score).toEqual({ cp: 0 });
    const four = position('brazilian', 'W', ['Ka1', 'Kc1', 'Ke1', 'Kg1'], ['Kh8']);
    const r = search(four, { depth: 6 }).score;
    expect('win' in r || ('cp' in r && r.cp > 300)).toBe(true);
  });
});

describe('draw counters', () => {
  const four = (): Position => position('brazilian', 'W', ['Ka1', 'Kc1', 'Ke1', 'Kg1'], ['Kh8']);

  test('brazilian: one king move before the 20-move rule, a won ending scores 0', () => {
    const game = startProgress(four());
    const late: Progress = { ...game, counters: { ...game.counters, kingOnlyPlies: 39 } };
    expect(search(late, { depth: 6 }).score).toEqual({ cp: 0 });
    const early: Progress = { ...game, counters: { ...game.counters, kingOnlyPlies: 20 } };
    expect(search(early, { depth: 6 }).score).not.toEqual({ cp: 0 });
  });

  test('international: the 16-move count running out draws three kings against one', () => {
    // The lone king is off the long diagonal: three kings are worth more, until the count ends.
    const pos = position('international', 'W', ['Ka1', 'Kc1', 'Ke1'], ['Kj8']);
    const game = startProgress(pos);
    expect(game.counters.endgame).toBe('16-move');
    expect(search(game, { depth: 4 }).score).not.toEqual({ cp: 0 });
    const late: Progress = { ...game, counters: { ...game.counters, endgamePlies: 31 } };
    expect(search(late, { depth: 4 }).score).toEqual({ cp: 0 });
  });
});

describe('repetition', () => {
  test('english: ahead, the engine avoids its favourite move once it repeats a position', () => {
    const pos = position('english', 'W', ['Kb2', 'Kd2', 'Kf2'], ['Kh8']);
    const engine = new Engine(pos.variant, 1);
    const first = engine.search(pos, { depth: 3 });
    expect(first.bestMove).not.toBeNull();
    const after = first.bestMove === null ? pos : pos.play(first.bestMove);
    const r = engine.search(pos, { depth: 3 }, { history: [after.fen] });
    expect(r.bestMove).not.toBeNull();
    expect(r.bestMove).not.toEqual(first.bestMove);
    expect(r.score).not.toEqual({ cp: 0 });
    // Behind, it heads for the repetition: the lone king's way back is a draw, not a loss.
    const behind = position('english', 'B', ['Ka1', 'Kd2', 'Kf2'], ['Kg7']);
    const seen = position('english', 'W', ['Ka1', 'Kd2', 'Kf2'], ['Kh8']);
    const d = engine.search(behind, { depth: 3 }, { history: [seen.fen] });
    expect(d.bestMove?.to).toBe(sq('english', 'h8'));
    expect(d.score).toEqual({ cp: 0 });
  });

  test("english: a Progress's own history counts (counters.seen), for the side behind", () => {
    const en = (n: string) => sq('english', n);
    let game = startProgress(position('english', 'B', ['Ka1', 'Kd2', 'Kf2'], ['Kh8']));
    for (const [from, to] of [
      ['h8', 'g7'],
      ['a1', 'b2'],
      ['g7', 'h8'],
      ['b2', 'a1'],
    ]) {
      const move = game.position.legalMoves().find((m) => m.from === en(from) && m.to === en(to));
      if (move === undefined) throw new Error(`${from}-${to} is not legal`);
      game = advance(game, move);
    }
    // Back to the start, black to move: h8-g7 repeats a position, a draw for the side behind.
    expect(game.counters.seen).toHaveLength(5);
    expect(search(game, { depth: 4 }).score).toEqual({ cp: 0 });
    expect(search(game.position, { depth: 4 }).score).not.toEqual({ cp: 0 });
  });
});
