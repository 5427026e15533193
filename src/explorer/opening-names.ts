/** Placeholder until the opening tables land (issue 35): no names. */
import type { VariantId } from '../rules/index.js';

export function openingByFen(
  _variant: VariantId,
  _fen: string,
): { name: string; code: string | null } | null {
  return null;
}
