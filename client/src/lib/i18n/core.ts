/**
 * The i18next instance and the current language. The language is passed with every lookup (not
 * switched inside i18next), so a switch holds at once once its words are here. English is in the
 * bundle (and is every language's fallback); another language's words are fetched the first time
 * it is wanted (loadLanguage), so that a page carries one language, not six.
 */
import i18next from 'i18next';
import { en } from './en.js';
import { LANGUAGE_IDS, isLanguage, pickLanguage, type Language } from './languages.js';
import type { Key, Resource } from './resource.js';

/** Where the player's own choice is kept (over the browser's languages). */
export const STORE = 'damas.language';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGE_IDS,
  resources: { en: { translation: en } },
  // Text goes into textContent (never innerHTML): a name with "&" or "<" stays as typed.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Each other language's words, a chunk of its own. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Resource>> = {
  'pt-BR': async () => (await import('./pt-BR.js')).ptBR,
  es: async () => (await import('./es.js')).es,
  ru: async () => (await import('./ru.js')).ru,
  fr: async () => (await import('./fr.js')).fr,
  nl: async () => (await import('./nl.js')).nl,
};

const loads = new Map<Language, Promise<void>>([['en', Promise.resolve()]]);

/**
 * Fetches `lang`'s words (once): t() speaks it from then on. Until then, and if the fetch fails,
 * t() answers in English. A failed fetch may be tried again.
 */
export function loadLanguage(lang: Language): Promise<void> {
  let load = loads.get(lang);
  if (!load) {
    load = LOADERS[lang as Exclude<Language, 'en'>]().then((words) => {
      i18n.addResourceBundle(lang, 'translation', words);
    });
    load.catch(() => loads.delete(lang));
    loads.set(lang, load);
  }
  return load;
}

/** The player's choice, else the browser's languages; English outside a browser (unit tests). */
function initial(): Language {
  try {
    const chosen = localStorage.getItem(STORE);
    if (isLanguage(chosen)) return chosen;
  } catch {
    /* no storage (a private window may refuse it): the browser's languages decide */
  }
  return typeof navigator === 'undefined' ? 'en' : pickLanguage(navigator.languages ?? []);
}

let current: Language = typeof window === 'undefined' ? 'en' : initial();

export const language = (): Language => current;

export function setCurrent(lang: Language): void {
  current = lang;
}

export type Values = Record<string, string | number>;

/** The text of `key` in the current language, `{{name}}`s filled from `values`. */
export function t(key: Key, values?: Values): string {
  return i18n.t(key, { ...values, lng: current }) as string;
}

/** As t(), where some values are DOM nodes (a player's name as a link): parts for append(). */
export function tParts(
  key: Key,
  values: Record<string, string | number | Node>,
): (string | Node)[] {
  const nodes: Node[] = [];
  const plain: Values = {};
  // Each node stands in the text as a marker no translation contains, then takes its place.
  for (const [k, v] of Object.entries(values))
    plain[k] = typeof v === 'object' ? `\uE000${nodes.push(v) - 1}\uE000` : v;
  return t(key, plain)
    .split(/\uE000(\d+)\uE000/)
    .map((s, i) => (i % 2 ? nodes[Number(s)] : s))
    .filter((p) => p !== '');
}
