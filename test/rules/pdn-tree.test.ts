/**
 * PDN with variations: the move tree read from PDN (variations, comments, NAGs, FEN ranges,
 * numeric and alphanumeric moves), written back, errors naming the line and the move, and the
 * games of a file read one by one.
 */
import { unwrap } from '../../src/rules/errors.js';
import {
  addMove,
  mainLine,
  makePdnTree,
  newTree,
  parsePdnTree,
  parsePdnTrees,
  type TreeLine,
} from '../../src/rules/pdn-tree.js';
import { startPosition } from '../../src/rules/start.js';
import { Position } from '../../src/rules/position.js';
import { VARIANT_IDS, type VariantId } from '../../src/rules/types.js';
import { sq } from './helpers.js';

/** The tree as nested text: each move, its comment and NAGs, then its children in brackets. */
function shape(line: TreeLine): string {
  return line.children
    .map((n) => {
      const notes = `${n.intro ? `<${n.intro}>` : ''}${n.comment ? `{${n.comment}}` : ''}${(n.nags ?? []).map((g) => `$${g}`).join('')}`;
      const next = shape(n);
      return `${n.text}${notes}${next ? `[${next}]` : ''}`;
    })
    .join(' | ');
}

const CLUB = `[Event "club"]
[White "ana"]
[Black "bruno"]
[GameType "20"]
[Result "1-1"]

{An old line.}
1. 32-28 {the classic} 19-23 $1
   (1... 17-21 {quieter} 2. 37-32 (2. 33-29!? 21-26) 11-17)
   ({or} 1... 20-24?! 2. 33-29)
2. 28x19 14x23 3. 31-27! 1-1`;

describe('a PDN game with variations', () => {
  test('side lines, nested ones, comments and NAGs land in the tree', () => {
    const tree = unwrap(parsePdnTree(CLUB));
    expect(tree.variant.id).toBe('international');
    expect(tree.tags.White).toBe('ana');
    expect(tree.result).toBe('1-1');
    expect(tree.comment).toBe('An old line.');
    expect(mainLine(tree).map((n) => n.text)).toEqual([
      '32-28',
      '19-23',
      '28x19',
      '14x23',
      '31-27',
    ]);
    expect(shape(tree)).toBe(
      '32-28{the classic}[19-23$1[28x19[14x23[31-27$1]]] | ' +
        '17-21{quieter}[37-32[11-17] | 33-29$5[21-26]] | ' +
        '20-24<or>$6[33-29]]',
    );
  });

  test('written back and read again, the tree is the same', () => {
    const tree = unwrap(parsePdnTree(CLUB));
    const text = makePdnTree(tree);
    expect(text).toContain('[GameType "20"]');
    // After a comment or a side line, the move number again.
    expect(text.replace(/\s+/g, ' ')).toContain(
      '{An old line.} 1. 32-28 {the classic} 1... 19-23 $1 (1... 17-21 {quieter} 2. 37-32 ' +
        '(2. 33-29 $5 21-26) 2... 11-17) ({or} 1... 20-24 $6 2. 33-29) 2. 28x19 14x23 ' +
        '3. 31-27 $1 1-1',
    );
    const again = unwrap(parsePdnTree(text));
    expect(shape(again)).toBe(shape(tree));
    expect(again.comment).toBe(tree.comment);
    expect(makePdnTree(again)).toBe(text);
  });

  test.each(VARIANT_IDS.map((v) => [v]))(
    '%s: a random tree with side lines survives make -> parse',
    (variant: VariantId) => {
      let s = 7;
      const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
      const tree = newTree(Position.initial(variant));
      // A main line of 60 plies; every 7th position gets a side line of up to 8 plies.
      let line: TreeLine = tree;
      for (let ply = 0; ply < 60; ply++) {
        const legal = line.position.legalMoves();
        if (legal.length === 0) break;
        if (ply % 7 === 3 && legal.length > 1) {
          let side: TreeLine = addMove(line, legal[legal.length - 1]);
          for (let k = 0; k < 8 && side.position.legalMoves().length > 0; k++) {
            const l = side.position.legalMoves();
            side = addMove(side, l[Math.floor(rand() * l.length)]);
          }
          // The side line was added first: the main line goes first again.
          const main: TreeLine = addMove(line, legal[0]);
          line.children.unshift(line.children.splice(line.children.indexOf(main as never), 1)[0]);
          line = main;
        } else line = addMove(line, legal[Math.floor(rand() * legal.length)]);
      }
      const again = unwrap(parsePdnTree(makePdnTree(tree)));
      expect(again.variant.id).toBe(variant);
      expect(shape(again)).toBe(shape(tree));
      expect(shape(again)).toContain(' | ');
    },
  );

  test('alphanumeric moves read as the numeric ones', () => {
    const alpha = unwrap(
      parsePdnTree('[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 *'),
    );
    const num = (a: string, b: string) => [sq('russian', a), sq('russian', b)];
    expect(mainLine(alpha).map((n) => n.move.path)).toEqual([
      num('c3', 'd4'),
      num('f6', 'e5'),
      num('d4', 'f6'),
      num('g7', 'e5'),
      num('b2', 'c3'),
    ]);
    // Written back in its own notation (as a Russian book writes it), it reads the same.
    const text = makePdnTree(alpha);
    expect(text).toContain('1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 *');
    expect(shape(unwrap(parsePdnTree(text)))).toBe(shape(alpha));
  });

  test('a FEN tag with ranges, and a game whose first move is the second player', () => {
    const tree = unwrap(
      parsePdnTree('[GameType "26"]\n[FEN "B:W21-32:B1-12"]\n\n1... 9-13 (1... 9-14) 2. 22-18 *'),
    );
    expect(tree.position.fen).toBe(
      'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
    );
    expect(shape(tree)).toBe('9-13[22-18] | 9-14');
    expect(makePdnTree(tree)).toMatch(/\n1\.\.\. 9-13 \(1\.\.\. 9-14\) 2\. 22-18 \*\n$/);
  });
});

describe('bad PDN names the line and the move', () => {
  test('an illegal move in a side line', () => {
    const bad = parsePdnTree(CLUB.replace('2. 33-29!? 21-26', '2. 33-29!? 21-28'));
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toBe(
      'line 9, move 2... "21-28": 21-28 is not a legal move here',
    );
  });

  test('an illegal move in the main line, on the line of the file it is on', () => {
    const bad = parsePdnTree('[GameType "26"]\n\n1. 22-18 11-15\n2. 18-14 *');
    expect(bad.ok ? '' : bad.error.message).toMatch(/^line 4, move 2\. "18-14": /);
  });

  test.each([
    ['1. 32-28 (1. 33-29', 'unbalanced parentheses: a variation is not closed'],
    ['1. 32-28 19-23) 2. 28x19', 'line 1: unbalanced parentheses'],
    ['(1. 32-28) 19-23', 'line 1: a variation must follow the move it replaces'],
    ['1. 32-28 {never closed', 'line 1: a comment is not closed'],
    ['[Event "x"\n1. 32-28', 'line 1: a tag must read [Name "value"]'],
    ['[Event x]\n1. 32-28', 'line 1: a tag must read [Name "value"]'],
    ['1. 32-28 e4-f5', 'line 1, move 1... "e4-f5": e4 is not a playable square of this board'],
  ])('%p', (movetext, message) => {
    const text = movetext.startsWith('[') ? movetext : `[GameType "20"]\n${movetext}`;
    const bad = parsePdnTree(text);
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toBe(
      movetext.startsWith('[') ? message : message.replace(/^line 1/, 'line 2'),
    );
  });

  test.each([
    ['1. 32-28 } 19-23 *', 'line 2: unexpected "}"'],
    ['1. 32-28 19-23 ] *', 'line 2: unexpected "]"'],
    [`1. 32-28 ${'(1. 33-29 '.repeat(101)}${')'.repeat(101)} *`, 'side lines nested over 100 deep'],
  ])('hostile text is refused, not looped on: %#', (movetext, message) => {
    const bad = parsePdnTree(`[GameType "20"]\n${movetext}`);
    expect(bad.ok ? '' : bad.error.message).toContain(message);
  });

  test('a tag value may hold "]", an escape line may come first, a comment may hold "["', () => {
    const text = `% made by hand
[White "Ana [BR]"]
[GameType "20"]
1. 32-28 {see
[the diagram] here} 19-23 *`;
    const all = parsePdnTrees(text);
    expect(all).toHaveLength(1);
    const tree = unwrap(all[0]);
    expect(tree.tags.White).toBe('Ana [BR]');
    expect(mainLine(tree)[0].comment).toBe('see [the diagram] here');
    // Written back (the comment on one line), it reads the same.
    expect(shape(unwrap(parsePdnTree(makePdnTree(tree))))).toBe(shape(tree));
  });

  test('games without tags: each result ends one', () => {
    const all = parsePdnTrees('1. 22-18 11-15 *\n\n1. 21-17 (1. 24-20) 9-13 2-0', 'brazilian');
    expect(
      all.map((g) =>
        g.ok
          ? mainLine(g.value)
              .map((n) => n.text)
              .join(' ')
          : '',
      ),
    ).toEqual(['22-18 11-15', '21-17 9-13']);
    expect(all[1].ok && all[1].value.result).toBe('2-0');
  });

  test('a file of games: each read on its own, lines counted in the file', () => {
    const file = `[Event "one"]
[GameType "21"]

1. 11-15 22-18 2. 15x22 25x18 *

[Event "two"]
[GameType "21"]
1. 11-15 22-18 2. 15-19 *
[Event "three"]
[GameType "26"]

1. 22-18 *
`;
    const games = parsePdnTrees(file);
    expect(games.map((g) => (g.ok ? g.value.tags.Event : g.error.message))).toEqual([
      'one',
      'line 8, move 2. "15-19": 15-19 is not a legal move here',
      'three',
    ]);
  });
});

describe('a start position', () => {
  test.each([
    ['W:W21-32:B1-12', null],
    ['W:W21:B', 'black has no pieces: the game would be over'],
    ['W:WK29:B25,22', 'the side to move cannot move: the game would be over'],
    ['W:W21:B1,X', 'INVALID_FEN'],
  ])('%s', (fen, problem) => {
    const r = startPosition('english', fen);
    if (problem === null) expect(r.ok).toBe(true);
    else
      expect(r.ok ? null : problem === 'INVALID_FEN' ? r.error.code : r.error.message).toBe(
        problem,
      );
  });
});
