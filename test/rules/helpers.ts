import { geometry, squareAt } from '../../src/rules/geometry.js';
import { unwrap } from '../../src/rules/errors.js';
import { Position } from '../../src/rules/position.js';
import type { Move, VariantId } from '../../src/rules/types.js';
import { getVariant } from '../../src/rules/variants/index.js';

/** PDN number of an algebraic square ("c3", "Kd4" -> 27) in a variant; throws on a light square. */
export function sq(variant: VariantId, name: string): number {
  const v = getVariant(variant);
  const g = geometry(v.geometry.size, v.geometry.a1Dark);
  const n = squareAt(g, name.replace(/^K/, ''));
  if (n === 0) throw new Error(`${name} is not a playable square in ${variant}`);
  return n;
}

/** A position from algebraic piece lists: kings written "Kd4". */
export function position(
  variant: VariantId,
  turn: 'W' | 'B',
  white: readonly string[],
  black: readonly string[],
): Position {
  const side = (names: readonly string[]) =>
    names.map((n) => `${n.startsWith('K') ? 'K' : ''}${sq(variant, n)}`).join(',');
  return unwrap(Position.fromFen(variant, `${turn}:W${side(white)}:B${side(black)}`));
}

/** Moves as comparable strings: path with "x" for captures, plus the captured squares. */
export function describe_(variant: VariantId, moves: readonly Move[]): string[] {
  const g = getVariant(variant).geometry;
  const name = (s: number) =>
    `${String.fromCharCode(97 + g.colOf[s - 1])}${g.size - g.rowOf[s - 1]}`;
  return moves
    .map(
      (m) =>
        m.path.map(name).join(m.captures.length ? 'x' : '-') +
        (m.captures.length ? ` [${m.captures.map(name).join(' ')}]` : '') +
        (m.promoted ? ' =K' : ''),
    )
    .sort();
}
