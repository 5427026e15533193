/**
 * The client's six languages (client/src/lib/i18n): the same keys as English in each, the same
 * placeholders, every plural form each language's plural rules ask for, no empty text, the keys
 * the HTML pages name, and the language picked from a browser's list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { en } from '../../client/src/lib/i18n/en.js';
import { es } from '../../client/src/lib/i18n/es.js';
import { fr } from '../../client/src/lib/i18n/fr.js';
import { LANGUAGES, pickLanguage, type Language } from '../../client/src/lib/i18n/languages.js';
import { nl } from '../../client/src/lib/i18n/nl.js';
import { ptBR } from '../../client/src/lib/i18n/pt-BR.js';
import { ru } from '../../client/src/lib/i18n/ru.js';
import { loadLanguage, setCurrent, t } from '../../client/src/lib/i18n/core.js';
import { getVariant, VARIANT_IDS } from '../../src/rules/index.js';
import { SPEEDS } from '../../src/common/protocol.js';

const RESOURCES: Record<Language, object> = { en, 'pt-BR': ptBR, es, ru, fr, nl };
const TRANSLATIONS = Object.entries(RESOURCES).filter(([l]) => l !== 'en') as [Language, object][];

/** Every leaf as [dotted key, text]. */
function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v as object, `${prefix}${k}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Each key without its plural suffix, with the placeholders its forms use (together). */
function groups(tree: object): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of leaves(tree)) {
    const set = out.get(base(key)) ?? new Set<string>();
    for (const p of placeholders(text)) set.add(p);
    out.set(base(key), set);
  }
  return out;
}

const english = groups(en);
const englishPlurals = [
  ...new Set(
    leaves(en)
      .map(([k]) => k)
      .filter((k) => PLURAL.test(k)),
  ),
].map(base);

test('the six languages, each in its own name', () => {
  expect(LANGUAGES).toEqual({
    en: 'English',
    'pt-BR': 'Português (Brasil)',
    es: 'Español',
    ru: 'Русский',
    fr: 'Français',
    nl: 'Nederlands',
  });
  expect(Object.keys(RESOURCES).sort()).toEqual(Object.keys(LANGUAGES).sort());
});

test('camelCase keys; only plural keys carry a plural suffix, and English has _one and _other for each', () => {
  const keys = new Set(leaves(en).map(([k]) => k));
  expect(englishPlurals.length).toBeGreaterThan(5);
  for (const b of englishPlurals) {
    expect(keys.has(`${b}_one`)).toBe(true);
    expect(keys.has(`${b}_other`)).toBe(true);
  }
  // (error.* and refusal.* keys are the wire's codes and subcodes, NOT_FOUND and the like.)
  for (const key of keys)
    if (!/^(error|refusal)\./.test(key)) expect(key.replace(PLURAL, '')).not.toContain('_');
});

describe.each(TRANSLATIONS)('%s', (lang, resource) => {
  const own = groups(resource);

  test('has exactly the keys of English (plural forms aside)', () => {
    expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    // A plural suffix only where English has a plural.
    const plural = new Set(englishPlurals);
    for (const [key] of leaves(resource)) if (PLURAL.test(key)) expect(plural).toContain(base(key));
    for (const [key] of leaves(resource))
      if (!PLURAL.test(key)) expect(plural.has(key)).toBe(false);
  });

  test("uses English's placeholders in every form, and no others", () => {
    for (const [key, text] of leaves(resource)) {
      const wanted = [...(english.get(base(key)) ?? [])].sort();
      // A language may leave {{count}} out of a plural form (its words say the number).
      const got = placeholders(text);
      const missing = wanted.filter(
        (p) => !got.includes(p) && !(p === 'count' && PLURAL.test(key)),
      );
      expect({ key, missing }).toEqual({ key, missing: [] });
      expect({ key, extra: got.filter((p) => !wanted.includes(p)) }).toEqual({ key, extra: [] });
    }
  });

  test('has every plural form its plural rules use', () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const keys = new Set(leaves(resource).map(([k]) => k));
    for (const b of englishPlurals)
      for (const c of categories)
        expect({ key: `${b}_${c}`, there: keys.has(`${b}_${c}`) }).toEqual({
          key: `${b}_${c}`,
          there: true,
        });
  });

  test('has no empty text', () => {
    for (const [key, text] of leaves(resource))
      expect({ key, text: text.trim() !== '' }).toEqual({
        key,
        text: true,
      });
  });
});

test('English has no empty text, and the names the rules give variants', () => {
  for (const [key, text] of leaves(en))
    expect({ key, empty: text.trim() === '' }).toEqual({
      key,
      empty: false,
    });
  for (const id of VARIANT_IDS) expect(en.variant[id]).toBe(getVariant(id).name);
  expect(Object.keys(en.speed).sort()).toEqual([...SPEEDS].sort());
});

test('every key the HTML pages name is in English', () => {
  const keys = new Set(leaves(en).map(([k]) => k));
  // The shell (client/index.html), the header's markup and each page's (client/src/pages).
  const pages = readdirSync('client', { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.html'),
  );
  let named = 0;
  for (const page of pages) {
    const html = readFileSync(`client/${page}`, 'utf8');
    for (const [, key] of html.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) {
      named++;
      expect({ page, key, known: keys.has(key) }).toEqual({ page, key, known: true });
    }
  }
  expect(named).toBeGreaterThan(100);
});

describe('the language picked from the browser’s list', () => {
  test.each([
    [['pt-PT', 'en'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['pt-BR'], 'pt-BR'],
    [['de', 'fr-CA'], 'fr'],
    [['de'], 'en'],
    [[], 'en'],
    [['es-MX', 'en'], 'es'],
    [['nl-BE'], 'nl'],
    [['ru-RU'], 'ru'],
    [['EN-gb', 'ru'], 'en'],
  ])('%j -> %s', (wanted, picked) => {
    expect(pickLanguage(wanted)).toBe(picked);
  });
});

test('a language is fetched when first wanted: English until its words are here', async () => {
  try {
    setCurrent('nl');
    expect(t('result.resign.black')).toBe('White resigned: Black wins.');
    await loadLanguage('nl');
    expect(t('result.resign.black')).toBe(nl.result.resign.black);
    expect(nl.result.resign.black).not.toBe(en.result.resign.black);
  } finally {
    setCurrent('en');
  }
});

test('i18next fills placeholders and picks each language’s plural form', async () => {
  await Promise.all([loadLanguage('ru'), loadLanguage('fr')]);
  try {
    setCurrent('ru');
    expect(t('clock.daysLeft', { count: 2 })).toBe('осталось 2 дня');
    expect(t('clock.daysLeft', { count: 5 })).toBe('осталось 5 дней');
    expect(t('clock.minutesLeft', { count: 21 })).toBe('осталась 21 минута');
    setCurrent('fr');
    expect(t('game.claimIn', { s: 3 })).toBe('Réclamer la victoire (dans 3 s)');
    setCurrent('en');
    expect(t('clock.minutesLeft', { count: 1 })).toBe('1 minute left');
    expect(t('header.playingAs', { name: 'A&B <x>' })).toBe('Playing as A&B <x>');
    expect(t('result.resign.black')).toBe('White resigned: Black wins.');
  } finally {
    setCurrent('en');
  }
});
