/**
 * The lobby's quick pairing, lichess's front-page grid: the common clocks, one click each. Which
 * tiles there are, what each asks of the server, and the variant this browser chose last.
 */
import type { TimeControl } from '../../../../src/common/protocol.js';
import { speedOf } from '../../../../src/ratings/speed.js';
import { isVariantId, VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';

export interface QuickTile {
  /** "3+2": minutes + seconds, as players say it; "corr" for correspondence. */
  id: string;
  clock: TimeControl | null;
  /** Correspondence: days per move (a seek in the lobby: the queue pairs live games only). */
  days: number | null;
}

const live = (minutes: number, seconds: number): QuickTile => ({
  id: `${minutes}+${seconds}`,
  clock: { initial: minutes * 60_000, increment: seconds * 1000 },
  days: null,
});

export const QUICK_TILES: readonly QuickTile[] = [
  live(1, 0),
  live(3, 0),
  live(3, 2),
  live(5, 0),
  live(5, 3),
  live(10, 0),
  live(10, 5),
  live(15, 10),
  live(30, 0),
  { id: 'corr', clock: null, days: 2 },
];

/** The speed a tile's games are rated in (the tile's caption). */
export const tileSpeed = (tile: QuickTile) => speedOf(tile.clock, tile.days !== null);

const VARIANT_KEY = 'damas.variant';

/** The variant chosen last in this browser (the quick pairing's and the forms' first choice). */
export function rememberedVariant(): VariantId {
  try {
    const v = localStorage.getItem(VARIANT_KEY) ?? '';
    return isVariantId(v) ? v : VARIANT_IDS[0];
  } catch {
    return VARIANT_IDS[0];
  }
}

export function rememberVariant(variant: VariantId): void {
  try {
    localStorage.setItem(VARIANT_KEY, variant);
  } catch {
    /* private mode: remembered for this page only */
  }
}
