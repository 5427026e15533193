import { geometry, type SquareSet } from '../geometry.js';
import type { Color } from '../types.js';
import type { Variant } from './variant.js';

/** The rules most variants share: a variant file states only where it differs. */
const USUAL = {
  movement: 'diagonal',
  captureLines: 'diagonal',
  kingLandsBehind: false,
  removeAtOnce: false,
  reverseInChain: false,
  kingMoveLimit: 0,
  goal: 'usual',
} as const;

type Spec = Omit<Variant, 'geometry' | 'initialFen' | keyof typeof USUAL> &
  Partial<Pick<Variant, keyof typeof USUAL>> & {
    size: 8 | 10 | 12;
    /** The dark squares with a1 dark (true) or light (false), or every square. */
    a1Dark: boolean | 'all';
    /** When the start is not `startRows` full rows from each edge. */
    initialFen?: string;
  };

/** Builds a variant from its data; the start position follows from the board and rows. */
export function defineVariant(spec: Spec): Variant {
  const { size, a1Dark, initialFen, ...rest } = spec;
  const set: SquareSet = a1Dark === 'all' ? 'all' : a1Dark ? 'a1-dark' : 'a1-light';
  const g = geometry(size, set);
  const perRow = g.squares / size;
  const black = `1-${spec.startRows * perRow}`;
  const white = `${g.squares - spec.startRows * perRow + 1}-${g.squares}`;
  const turn: Color = spec.firstToMove;
  return {
    ...USUAL,
    ...rest,
    geometry: g,
    initialFen: initialFen ?? `${turn === 'white' ? 'W' : 'B'}:W${white}:B${black}`,
  };
}

/** Material test for endgame draw rules: strong side has exactly these pieces vs a lone king. */
export const vsLoneKing =
  (...sets: readonly { men: number; kings: number }[]) =>
  (strong: { men: number; kings: number }, weak: { men: number; kings: number }): boolean =>
    weak.men === 0 &&
    weak.kings === 1 &&
    sets.some((s) => s.men === strong.men && s.kings === strong.kings);
