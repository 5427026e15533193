/**
 * The i18next instance and the current language. The language is passed with every lookup (not
 * switched inside i18next), so a switch holds at once, with no asynchronous step in between.
 */
import i18next from 'i18next';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { LANGUAGE_IDS, isLanguage, pickLanguage, type Language } from './languages.js';
import { nl } from './nl.js';
import { ptBR } from './pt-BR.js';
import type { Key } from './resource.js';
import { ru } from './ru.js';

/** Where the player's own choice is kept (over the browser's languages). */
export const STORE = 'damas.language';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGE_IDS,
  resources: {
    en: { translation: en },
    'pt-BR': { translation: ptBR },
    es: { translation: es },
    ru: { translation: ru },
    fr: { translation: fr },
    nl: { translation: nl },
  },
  // Text goes into textContent (never innerHTML): a name with "&" or "<" stays as typed.
  interpolation: { escapeValue: false },
  initAsync: false,
});

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
