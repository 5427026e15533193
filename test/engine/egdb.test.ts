/** Endgame databases: the index, the builder (checked by the verifier), known results, probes. */
import { BLACK, WHITE } from '../../src/rules/board.js';
import { Engine } from '../../src/engine/index.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTables, sliceOrder } from '../../src/engine/egdb/build.js';
import { loadTables, saveTables } from '../../src/computer/egdb-files.js';
import { type Material, Slice } from '../../src/engine/egdb/slice.js';
import { EndgameTables } from '../../src/engine/egdb/tables.js';
import { DRAW, encode, isWin, outcomeOf, UNUSED } from '../../src/engine/egdb/values.js';
import { verifySlice } from '../../src/engine/egdb/verify.js';
import { Position } from '../../src/rules/position.js';
import { getVariant } from '../../src/rules/variants/index.js';
import { legalTwin } from './helpers.js';

const brazilian = getVariant('brazilian');
const international = getVariant('international');
/** Built once: brazilian up to 3 pieces takes about 2 s. */
const br3 = buildTables(brazilian, 3);
let intl3: EndgameTables | null = null;
// 2 kings v 1 king and the king v king it captures into.
const intl = () =>
  (intl3 ??= buildTables(international, 3, undefined, [
    [0, 1, 0, 1],
    [0, 2, 0, 1],
  ]));

const at = (fen: string): Position => {
  const p = Position.fromFen(brazilian.id, fen);
  if (!p.ok) throw new Error(fen);
  return p.value;
};
const probe = (t: EndgameTables, p: Position): number =>
  t.probeBoard(p.board, p.turn === 'white' ? WHITE : BLACK);

/** Positions of a slice with a stored value that `want` accepts, as Positions. */
function positions(
  t: EndgameTables,
  m: Material,
  want: (v: number) => boolean,
  max: number,
  stride = 997,
) {
  const slice = t.slice(m);
  const bytes = t.data.get(slice.key) as Uint8Array;
  const board = new Int8Array(t.variant.geometry.squares);
  const out: { pos: Position; v: number }[] = [];
  // A stride through the slice: positions from all over it, not the first squares only.
  for (let i = 0; i < slice.size && out.length < max; i += stride) {
    if (bytes[i] === UNUSED || !want(bytes[i])) continue;
    const color = slice.decode(i, board);
    out.push({
      pos: Position.fromSetup(t.variant, { board, turn: color === WHITE ? 'white' : 'black' }),
      v: bytes[i],
    });
  }
  return out;
}

describe('the index', () => {
  test.each([[[1, 0, 1, 0]], [[0, 2, 1, 0]], [[1, 1, 0, 1]], [[2, 0, 1, 0]]] as [Material][])(
    'brazilian %j: decode then index is the identity, men never on their crowning row',
    (m) => {
      const s = new Slice(brazilian.geometry, m);
      const board = new Int8Array(32);
      let unused = 0;
      const wrong: number[] = [];
      for (let i = 0; i < s.size; i++) {
        const color = s.decode(i, board);
        if (color === 0) {
          unused++;
          continue;
        }
        // Rows 0 (1-4) and 7 (29-32): where white and black men are crowned.
        const crowned = [0, 1, 2, 3].some((q) => board[q] === WHITE || board[31 - q] === BLACK);
        if (s.index(board, color) !== i || crowned) wrong.push(i);
      }
      expect(wrong).toEqual([]);
      // Only a white and a black man on one square leave a number unused.
      if (m[0] === 0 || m[2] === 0) expect(unused).toBe(0);
      else expect(unused / s.size).toBeLessThan(0.1);
    },
  );
});

describe('the builder', () => {
  test('brazilian <= 3 pieces: every value agrees with its successors', () => {
    for (const m of sliceOrder(3)) expect(verifySlice(br3, m)).toEqual([]);
  });

  test('the verifier finds a value changed by one ply', () => {
    const bytes = br3.data.get('0210') as Uint8Array;
    const i = bytes.findIndex((v) => isWin(v) && v > encode(1));
    const kept = bytes[i];
    bytes[i] = kept + 2;
    try {
      expect(verifySlice(br3, [0, 2, 1, 0]).map((x) => x.index)).toContain(i);
    } finally {
      bytes[i] = kept;
    }
  });

  test('a king against a king: a draw unless one is caught on the long diagonal', () => {
    // a1 (29) and b8 (1) share no diagonal: a draw whoever moves.
    expect(probe(br3, at('W:WK29:BK1'))).toBe(DRAW);
    expect(probe(br3, at('B:WK29:BK1'))).toBe(DRAW);
    // a1 and h8 (4) on the long diagonal: the side to move must step along it and is taken.
    expect(probe(br3, at('W:WK29:BK4'))).toBe(encode(2));
    // b2 (25) and h8 with a1 free behind b2: the side to move takes at once.
    expect(probe(br3, at('B:WK25:BK4'))).toBe(encode(1));
  });

  test('a man against nothing is won: the side left without pieces has lost', () => {
    expect(probe(br3, at('B:W20:B'))).toBe(encode(0));
    expect(probe(br3, at('B:W20:BK1'))).not.toBe(encode(0));
  });

  test('international 2 kings v 1 king: a draw with the lone king on the long diagonal', () => {
    const t = intl();
    const p = Position.fromFen(international.id, 'W:WK1,K2:BK28');
    if (!p.ok) throw new Error('fen');
    expect(probe(t, p.value)).toBe(DRAW);
    // The slice's wins are all quick shots: no long forced win exists.
    const bytes = t.data.get('0201') as Uint8Array;
    let longest = 0;
    let draws = 0;
    for (const v of bytes) {
      if (v === DRAW) draws++;
      else if (isWin(v)) longest = Math.max(longest, v - 1);
    }
    expect(longest).toBeLessThanOrEqual(9);
    expect(draws / bytes.length).toBeGreaterThan(0.5);
  });
});

describe('probes in the search', () => {
  test('the table agrees with a deep search without tables (man v man, no draw rule)', () => {
    const engine = new Engine(brazilian, 4);
    const cases = positions(br3, [1, 0, 1, 0], (v) => v !== DRAW && v - 1 <= 9, 6, 13);
    expect(cases.length).toBe(6);
    for (const { pos, v } of cases) {
      const r = engine.search(pos, { depth: 12 });
      const d = v - 1;
      expect(r.score).toEqual(outcomeOf(v) > 0 ? { win: d } : { loss: d });
    }
    for (const { pos } of positions(br3, [1, 0, 1, 0], (v) => v === DRAW, 3, 13)) {
      const r = engine.search(pos, { depth: 12 });
      expect('cp' in r.score).toBe(true);
    }
  });

  test('with tables: a legal move keeping the win, the exact distance', () => {
    const engine = new Engine(brazilian, 4);
    engine.useTables(br3);
    const cases = positions(br3, [0, 2, 1, 0], (v) => isWin(v) && v - 1 >= 3, 5);
    expect(cases.length).toBe(5);
    for (const { pos, v } of cases) {
      const r = engine.search(pos, { depth: 3 });
      expect(legalTwin(pos, r.bestMove)).toEqual(r.bestMove);
      expect(r.score).toEqual({ win: v - 1 });
      const after = pos.play(r.bestMove!);
      expect(probe(br3, after)).toBe(encode(v - 2));
    }
  });

  test("a draw rule's counter that runs out first makes a tabled win a draw", () => {
    // 2 kings v a king: brazilian's 5-move rule (10 plies).
    const [{ pos, v }] = positions(br3, [0, 2, 0, 1], (x) => isWin(x) && x - 1 >= 3, 1);
    const engine = new Engine(brazilian, 4);
    engine.useTables(br3);
    const counters = (endgamePlies: number) => ({
      kingOnlyPlies: 0,
      endgame: '5-move',
      endgamePlies,
      seen: [pos.fen],
    });
    expect(engine.search({ position: pos, counters: counters(0) }, { depth: 3 }).score).toEqual({
      win: v - 1,
    });
    const late = engine.search(
      { position: pos, counters: counters(10 - (v - 1) + 1) },
      { depth: 3 },
    );
    expect(late.score).toEqual({ cp: 0 });
  });
});

describe('files', () => {
  test('saved tables load back the same; no file or a damaged one is no tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'egdb-'));
    expect(loadTables(brazilian, dir)).toBeNull();
    expect(loadTables(brazilian, join(dir, 'none'))).toBeNull();
    saveTables(br3, dir);
    const back = loadTables(brazilian, dir);
    expect(back?.pieces).toBe(3);
    for (const [key, bytes] of br3.data) expect(back?.data.get(key)).toEqual(bytes);
    // Another variant's name on the file, or a damaged file: not used.
    writeFileSync(join(dir, 'russian-3.bin.gz'), 'not gzip');
    expect(loadTables(getVariant('russian'), dir)).toBeNull();
    expect(loadTables(getVariant('frisian'), dir)).toBeNull();
    // A file where the folder should be (a wrong DAMAS_EGDB_DIR): no tables, no throw.
    expect(loadTables(brazilian, join(dir, 'russian-3.bin.gz'))).toBeNull();
  });

  test("the default folder is the repository's egdb/, wherever the process started", () => {
    const cwd = process.cwd();
    try {
      process.chdir(tmpdir());
      expect(loadTables(getVariant('international'))?.pieces).toBe(3);
    } finally {
      process.chdir(cwd);
    }
  });
});
