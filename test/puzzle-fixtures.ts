/**
 * Puzzle records for tests: lines of random legal moves from random positions of a variant,
 * written as the starter set is (one JSON object a line, gzipped). They replay legally (the
 * loader's check) but are no real combinations: the server's tests need the record, not the art.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mulberry32, unit } from '../src/engine/random.js';
import { makeFen, moveToText, Position, type VariantId } from '../src/rules/index.js';
import type { PuzzleRecord } from '../src/puzzles/puzzle-record.js';
import { puzzleId } from '../src/puzzle-maker/puzzle-id.js';

/** `n` records of `variant`, the same for the same seed, each a line of `plies` moves (even). */
export function randomPuzzles(variant: VariantId, n: number, seed = 1, plies = 6): PuzzleRecord[] {
  const rng = mulberry32(seed);
  const out: PuzzleRecord[] = [];
  const ids = new Set<string>();
  while (out.length < n) {
    let pos = Position.initial(variant);
    const opening = 6 + Math.floor(unit(rng) * 14);
    const line: string[] = [];
    let fen = '';
    for (let i = 0; i < opening + plies; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      const m = moves[Math.floor(unit(rng) * moves.length)];
      if (i === opening) fen = makeFen(pos);
      if (i >= opening) line.push(moveToText(pos, m));
      pos = pos.play(m);
    }
    if (line.length !== plies) continue;
    const id = puzzleId(variant, fen, line[0]);
    if (ids.has(id)) continue;
    ids.add(id);
    out.push({
      id,
      variant,
      fen,
      moves: line,
      accepted: [],
      themes: [plies <= 4 ? 'short' : 'long', 'middlegame'],
      depth: 8,
      source: 'selfplay',
    });
  }
  return out;
}

/** Writes `<name>.ndjson.gz` into `dir` with these lines (records or any text). */
export function writeSet(dir: string, name: string, lines: readonly unknown[]): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.ndjson.gz`);
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
  writeFileSync(path, gzipSync(`${text}\n`));
  return path;
}
