/** Move notation and PDN games: round trips on random games of every variant, and bad input. */
import { unwrap } from '../../src/rules/errors.js';
import { lineToText, moveToText, parseMoveText } from '../../src/rules/notation.js';
import {
  makePdn,
  parsePdn,
  parsePdns,
  parseResultToken,
  resultToken,
} from '../../src/rules/pdn.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS, type Move, type VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';

function randomGame(variant: VariantId, seed: number, plies: number): Move[] {
  let s = seed;
  const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  let pos = Position.initial(variant);
  const moves: Move[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = pos.legalMoves();
    if (legal.length === 0) break;
    const m = legal[Math.floor(rand() * legal.length)];
    moves.push(m);
    pos = pos.play(m);
  }
  return moves;
}

describe('move notation', () => {
  const start = Position.initial('brazilian');

  test('quiet moves and captures', () => {
    expect(moveToText(start, unwrap(start.findMove({ from: 22, to: 18 })))).toBe('22-18');
    const cap = unwrap(Position.fromFen('brazilian', 'W:W22,30:B18'));
    expect(moveToText(cap, cap.legalMoves()[0])).toBe('22x15');
    expect(unwrap(parseMoveText(cap, '22x15')).captures).toEqual([18]);
    expect(unwrap(parseMoveText(cap, ' 22-15! ')).captures).toEqual([18]);
  });

  test('a line: each move written in the position it is played from', () => {
    const moves = ['22-18', '11-15', '18x11'].map((t, i, all) => {
      let p = start;
      for (const prev of all.slice(0, i)) p = p.play(unwrap(parseMoveText(p, prev)));
      return unwrap(parseMoveText(p, t));
    });
    expect(lineToText(start, moves)).toEqual(['22-18', '11-15', '18x11']);
    expect(lineToText(start, [])).toEqual([]);
  });

  test('the full path only when from/to is ambiguous', () => {
    const pos = unwrap(Position.fromFen('brazilian', 'W:WK17:B6,14,22,23,27'));
    const texts = pos.legalMoves().map((m) => moveToText(pos, m));
    expect(texts.sort()).toEqual(['17x26x19x1', '17x31x24x1']);
    expect(unwrap(parseMoveText(pos, '17x31x24x1')).captures).toEqual([22, 27, 6]);
    const amb = parseMoveText(pos, '17x1');
    expect(amb.ok ? null : amb.error.code).toBe('AMBIGUOUS_MOVE');
  });

  test.each(['', 'e3-e4', '22--18', '22', '22-', 'x22-18', '123-4', '22-18-'])(
    'malformed %p is INVALID_MOVE_TEXT',
    (text) => {
      const r = parseMoveText(start, text);
      expect(r.ok ? null : r.error.code).toBe('INVALID_MOVE_TEXT');
    },
  );

  test('well-formed but impossible moves keep the engine codes', () => {
    const code = (t: string) => {
      const r = parseMoveText(start, t);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code('22-14')).toBe('ILLEGAL_MOVE');
    expect(code('18-14')).toBe('NO_PIECE');
  });
});

describe('PDN games', () => {
  test.each(VARIANT_IDS.map((v) => [v]))('%s: make -> parse gives the same moves', (variant) => {
    for (const seed of [1, 2, 3]) {
      const moves = randomGame(variant, seed, 80);
      const text = makePdn({
        variant: getVariant(variant),
        moves,
        tags: { White: 'ana', Black: 'bruno' },
      });
      expect(text).toContain(`[GameType "${getVariant(variant).gameType}"]`);
      const game = unwrap(parsePdn(text));
      expect(game.variant.id).toBe(variant);
      expect(game.moves.map((m) => m.path)).toEqual(moves.map((m) => m.path));
      expect(game.tags.White).toBe('ana');
      expect(game.result).toBe('*');
    }
  });

  test('a game from a FEN with the second player to move starts "1..."', () => {
    const variant = getVariant('brazilian');
    const start = unwrap(Position.fromFen(variant, 'B:W21-32:B1-12'));
    const moves = [unwrap(start.findMove({ from: 9, to: 13 }))];
    const text = makePdn({ variant, initialFen: start.fen, moves });
    expect(text).toContain(
      '[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]',
    );
    expect(text).toMatch(/\n1\.\.\. 9-13 \*\n$/);
    expect(unwrap(parsePdn(text)).moves).toHaveLength(1);
  });

  test('results: FMJD tokens, english tokens', () => {
    expect(resultToken(getVariant('brazilian'), { winner: 'white', reason: 'resign' })).toBe('2-0');
    expect(resultToken(getVariant('international'), { winner: null, reason: 'draw-agreed' })).toBe(
      '1-1',
    );
    // English: the first mover (Black) first, as every checkers program writes it.
    expect(resultToken(getVariant('english'), { winner: 'black', reason: 'no-moves' })).toBe('1-0');
    expect(resultToken(getVariant('english'), { winner: 'white', reason: 'resign' })).toBe('0-1');
    expect(parseResultToken('1-0', getVariant('english'))).toBe('black');
    expect(parseResultToken('0-1', getVariant('english'))).toBe('white');
    expect(parseResultToken('1-0', getVariant('international'))).toBe('white');
    expect(resultToken(getVariant('english'), { winner: null, reason: 'draw-rule' })).toBe(
      '1/2-1/2',
    );
    expect(resultToken(getVariant('english'), null)).toBe('*');
    const text = makePdn({
      variant: getVariant('english'),
      moves: [],
      result: { winner: 'white', reason: 'resign' },
    });
    expect(text).toContain('[Result "0-1"]');
    expect(unwrap(parsePdn(text)).variant.id).toBe('english');
  });

  test('comments, variations, NAGs and move numbers are skipped', () => {
    const text = `[Event "club"]
[GameType "20"]
[Result "1-1"]

1. 32-28 {the classic} 19-23 $1 (1... 17-21 2. 37-32) 2. 28x19 14x23 3. 31-27! 1-1`;
    const g = unwrap(parsePdn(text));
    expect(g.variant.id).toBe('international');
    expect(g.moves.map((m) => m.path.join('-'))).toEqual([
      '32-28',
      '19-23',
      '28-19',
      '14-23',
      '31-27',
    ]);
    expect(g.result).toBe('1-1');
  });

  test('errors name the move', () => {
    const bad = parsePdn('[GameType "26"]\n\n1. 22-18 11-15 2. 18-14 *');
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_PDN');
    expect(bad.ok ? '' : bad.error.message).toContain('move 2. "18-14"');
    const unknown = parsePdn('[GameType "99"]\n\n*');
    expect(unknown.ok ? null : unknown.error.code).toBe('INVALID_PDN');
    expect(parsePdn('1. 22-18 (11-15 *').ok).toBe(false);
  });

  test('several games in one file', () => {
    const one = makePdn({ variant: getVariant('russian'), moves: randomGame('russian', 5, 20) });
    const two = makePdn({ variant: getVariant('czech'), moves: randomGame('czech', 6, 20) });
    const games = unwrap(parsePdns(`${one}\n${two}`));
    expect(games.map((g) => [g.variant.id, g.moves.length])).toEqual([
      ['russian', 20],
      ['czech', 20],
    ]);
  });
});
