/**
 * PURE: what a training address asks for. `/training` (the next puzzle, in the variant last
 * picked), `/training/<variant>`, `/training/daily`, `/training/<id>` (a puzzle's link),
 * `/training/streak` or `/streak`, `/storm` or `/training/storm`; null for any other address.
 */
// The variants' ids alone (types.ts): the site's entry routes with this, without the rules.
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/types.js';

const isVariantId = (s: string): s is VariantId => (VARIANT_IDS as readonly string[]).includes(s);

export type TrainingRoute =
  | { mode: 'puzzle'; source: { kind: 'next'; variant: VariantId | null } }
  | { mode: 'puzzle'; source: { kind: 'daily' } }
  | { mode: 'puzzle'; source: { kind: 'id'; id: string } }
  | { mode: 'streak' }
  | { mode: 'storm' };

/** A puzzle's id: 6 characters of [0-9A-Za-z]. */
export const isPuzzleId = (s: string): boolean => /^[0-9A-Za-z]{6}$/.test(s);

export function trainingOf(pathname: string): TrainingRoute | null {
  // The short and the /training/ forms of both, as players type either.
  if (/^\/(?:training\/)?storm\/?$/.test(pathname)) return { mode: 'storm' };
  if (/^\/streak\/?$/.test(pathname)) return { mode: 'streak' };
  const m = /^\/training(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!m) return null;
  const part = m[1] ? decodeURIComponent(m[1]) : '';
  if (part === '') return { mode: 'puzzle', source: { kind: 'next', variant: null } };
  if (part === 'streak') return { mode: 'streak' };
  if (part === 'daily') return { mode: 'puzzle', source: { kind: 'daily' } };
  if (isVariantId(part)) return { mode: 'puzzle', source: { kind: 'next', variant: part } };
  return isPuzzleId(part) ? { mode: 'puzzle', source: { kind: 'id', id: part } } : null;
}
