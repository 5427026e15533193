import { geometry } from '../geometry.js';
import type { Color } from '../types.js';
import type { Variant } from './variant.js';

type Spec = Omit<Variant, 'geometry' | 'initialFen'> & { size: 8 | 10; a1Dark: boolean };

/** Builds a variant from its data; the start position follows from the board and rows. */
export function defineVariant(spec: Spec): Variant {
  const { size, a1Dark, ...rest } = spec;
  const g = geometry(size, a1Dark);
  const perRow = size / 2;
  const black = `1-${spec.startRows * perRow}`;
  const white = `${g.squares - spec.startRows * perRow + 1}-${g.squares}`;
  const turn: Color = spec.firstToMove;
  return {
    ...rest,
    geometry: g,
    initialFen: `${turn === 'white' ? 'W' : 'B'}:W${white}:B${black}`,
  };
}

/** Material test for endgame draw rules: strong side has exactly these pieces vs a lone king. */
export const vsLoneKing =
  (...sets: readonly { men: number; kings: number }[]) =>
  (strong: { men: number; kings: number }, weak: { men: number; kings: number }): boolean =>
    weak.men === 0 &&
    weak.kings === 1 &&
    sets.some((s) => s.men === strong.men && s.kings === strong.kings);
