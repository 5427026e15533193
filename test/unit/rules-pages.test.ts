/**
 * The rules pages' data (client/src/pages/rules): every variant played here has a page in every
 * language, each page a caption per diagram; every diagram's FEN is a position of its variant and
 * its arrow a legal move there; the start drawn is the variant's own start. Variants described
 * before the rules library plays them are checked once it does (isVariantId).
 */
import {
  isRulesVariant,
  perSide,
  RULES,
  RULES_VARIANTS,
  rulesPath,
  rulesVariantOf,
} from '../../client/src/pages/rules/catalog.js';
import { loadRulesText } from '../../client/src/pages/rules/text/index.js';
import { SECTIONS } from '../../client/src/pages/rules/text/types.js';
import { LANGUAGE_IDS } from '../../client/src/lib/i18n/languages.js';
import { getVariant, isVariantId, Position, VARIANT_IDS } from '../../src/rules/index.js';

const played = RULES_VARIANTS.filter(isVariantId);

test('every variant played here has a rules page', () => {
  expect(VARIANT_IDS.filter((id) => !isRulesVariant(id))).toEqual([]);
});

describe.each(LANGUAGE_IDS)('%s', (lang) => {
  test('every variant: a name, a line, every section, a caption per diagram', async () => {
    const text = await loadRulesText(lang);
    for (const id of RULES_VARIANTS) {
      const v = text.variants[id];
      const filled = ['name', 'line', ...SECTIONS].filter((k) => !v[k as keyof typeof v]);
      expect({ id, empty: filled }).toEqual({ id, empty: [] });
      expect({ id, captions: v.captions.length }).toEqual({
        id,
        captions: 1 + RULES[id].diagrams.length,
      });
      expect(v.captions.every((c) => c.trim().length > 0)).toBe(true);
    }
    expect(Object.keys(text.variants).sort()).toEqual([...RULES_VARIANTS].sort());
    expect(text.boardOf(10, 20)).toMatch(/10.10.*20/);
  });
});

// Gated: a variant the rules library does not play yet has no geometry to check against.
describe.each(played.length ? played : ['brazilian' as const])('%s', (id) => {
  const variant = getVariant(id);
  const entry = RULES[id];

  test('its board and start are the rules library’s', () => {
    expect(entry.size).toBe(variant.geometry.size);
    const start = Position.fromFen(variant, entry.start);
    expect(start.ok && start.value.fen).toBe(Position.initial(variant).fen);
  });

  test('each diagram is a position of it, its arrow a legal move', () => {
    for (const d of entry.diagrams) {
      const p = Position.fromFen(variant, d.fen);
      if (!p.ok) throw new Error(`${id}: ${d.fen}: ${p.error.message}`);
      const paths = p.value.legalMoves().map((m) => m.path.join('-'));
      if (d.move)
        expect({ fen: d.fen, paths }).toEqual({
          fen: d.fen,
          paths: expect.arrayContaining([d.move.join('-')]),
        });
      for (const sq of d.marks ?? []) expect(p.value.pieceAt(sq)).not.toBeNull();
    }
  });
});

test('the address names the variant shown', () => {
  expect(rulesVariantOf('/rules')).toBeNull();
  expect(rulesVariantOf('/rules/')).toBeNull();
  expect(rulesVariantOf('/rules/czech')).toBe('czech');
  expect(rulesVariantOf('/rules/turkish/')).toBe('turkish');
  expect(rulesVariantOf('/rules/chess')).toBe('unknown');
  expect(rulesPath('pool')).toBe('/rules/pool');
  expect(rulesPath(null)).toBe('/rules');
});

test('pieces per side, read from a FEN', () => {
  expect(perSide('W:W31-50:B1-20')).toBe(20);
  expect(perSide('B:W21-32:B1-12')).toBe(12);
  expect(perSide('W:W43-72:B1-30')).toBe(30);
  expect(perSide('W:WK29,3:B4,18')).toBe(2);
  expect(perSide('W:B1-5:W46-50')).toBe(5);
});
