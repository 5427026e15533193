import { VARIANT_IDS, type VariantId } from '../types.js';
import { antidraughts } from './antidraughts.js';
import { brazilian } from './brazilian.js';
import { breakthrough } from './breakthrough.js';
import { canadian } from './canadian.js';
import { czech } from './czech.js';
import { english } from './english.js';
import { frisian } from './frisian.js';
import { frysk } from './frysk.js';
import { international } from './international.js';
import { italian } from './italian.js';
import { pool } from './pool.js';
import { russian } from './russian.js';
import { spanish } from './spanish.js';
import { thai } from './thai.js';
import { turkish } from './turkish.js';
import type { Variant } from './variant.js';

export type { Variant, DrawRules, EndgameRule, CaptureFacts, Material } from './variant.js';

const VARIANTS: Readonly<Record<VariantId, Variant>> = {
  brazilian,
  international,
  russian,
  english,
  pool,
  italian,
  spanish,
  czech,
  frisian,
  frysk,
  antidraughts,
  breakthrough,
  canadian,
  thai,
  turkish,
};

export const DEFAULT_VARIANT: VariantId = 'brazilian';

export function isVariantId(id: unknown): id is VariantId {
  return typeof id === 'string' && (VARIANT_IDS as readonly string[]).includes(id);
}

export function getVariant(id: VariantId): Variant {
  return VARIANTS[id];
}

export function allVariants(): readonly Variant[] {
  return VARIANT_IDS.map((id) => VARIANTS[id]);
}
