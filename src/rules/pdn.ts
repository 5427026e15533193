/**
 * PDN 3.0 games as a main line (a played game): export with the variant's GameType tag, import
 * with tags and FEN, skipping comments, variations and NAGs (pdn-tree.ts keeps them). Results: 2-0 / 0-2 / 1-1 (in english 1-0 / 0-1 / 1/2-1/2, the first mover, Black, first), * unfinished.
 */
import { err, ok, type RulesResult } from './errors.js';
import {
  addMove,
  mainLine,
  makePdnTree,
  newTree,
  parsePdnTree,
  parsePdnTrees,
  type PdnTree,
  type TreeLine,
} from './pdn-tree.js';
import { Position } from './position.js';
import type { Color, Move, GameResult, VariantId } from './types.js';
import type { Variant } from './variants/variant.js';

export interface PdnGame {
  readonly variant: Variant;
  readonly tags: Readonly<Record<string, string>>;
  readonly initial: Position;
  readonly moves: readonly Move[];
  /** The position after each move. */
  readonly positions: readonly Position[];
  /** The Result tag's token ("2-0", "*", ...). */
  readonly result: string;
}

/**
 * English checkers' PDN names the first mover's result first, and Black moves first there: "1-0"
 * is a win for Black (as CheckerBoard, the OCA and every checkers program write it; Tinsley's
 * games in assets/masters/ show it).
 */
const tokens = (v: Variant) =>
  v.id === 'english'
    ? { black: '1-0', white: '0-1', draw: '1/2-1/2' }
    : { white: '2-0', black: '0-2', draw: '1-1' };

export function resultToken(variant: Variant, result: GameResult | null | undefined): string {
  if (!result || result.reason === 'aborted') return '*';
  const t = tokens(variant);
  return result.winner === null ? t.draw : t[result.winner];
}

/** The winner a result token names: a colour, null for a draw, undefined for "*" or unknown. */
export function parseResultToken(token: string, variant?: Variant): Color | null | undefined {
  // "1-0" / "0-1" name the first mover first (Black in english).
  const first = variant?.firstToMove ?? 'white';
  const second = first === 'white' ? 'black' : 'white';
  if (token === '2-0') return 'white';
  if (token === '0-2') return 'black';
  if (token === '1-0') return first;
  if (token === '0-1') return second;
  if (token === '1-1' || token === '1/2-1/2') return null;
  return undefined;
}

export function makePdn(opts: {
  variant: Variant;
  initialFen?: string;
  moves: readonly Move[];
  tags?: Readonly<Record<string, string>>;
  result?: GameResult | null;
}): string {
  const { variant } = opts;
  const start = opts.initialFen ? Position.fromFen(variant, opts.initialFen) : null;
  if (start && !start.ok) throw new Error(`makePdn: bad initial FEN ${opts.initialFen}`);
  const tree = newTree(
    start?.value ?? Position.initial(variant),
    opts.tags,
    resultToken(variant, opts.result),
  );
  let line: TreeLine = tree;
  for (const move of opts.moves) line = addMove(line, move);
  return makePdnTree(tree);
}

/** Reads one PDN game's main line. The variant comes from GameType, else `variantHint` (default brazilian). */
export function parsePdn(text: string, variantHint: VariantId = 'brazilian'): RulesResult<PdnGame> {
  const tree = parsePdnTree(text, variantHint);
  return tree.ok ? ok(gameOf(tree.value)) : tree;
}

function gameOf(tree: PdnTree): PdnGame {
  const line = mainLine(tree);
  return {
    variant: tree.variant,
    tags: tree.tags,
    initial: tree.position,
    moves: line.map((n) => n.move),
    positions: line.map((n) => n.position),
    result: tree.result,
  };
}

/** Several games in one file: each starts at a tag section after movetext. */
export function parsePdns(text: string, variantHint?: VariantId): RulesResult<PdnGame[]> {
  const games: PdnGame[] = [];
  for (const g of parsePdnTrees(text, variantHint)) {
    if (!g.ok)
      return err('INVALID_PDN', `game ${games.length + 1}: ${g.error.message}`, g.error.reason);
    games.push(gameOf(g.value));
  }
  return ok(games);
}
