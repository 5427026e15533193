/**
 * The client's words in six languages (i18next). How to use them:
 *
 *   t('game.resign')                      the text in the current language
 *   t('game.claimIn', { s: 3 })           with `{{s}}` filled in (whole sentences: never glue
 *                                         translated pieces together)
 *   t('clock.daysLeft', { count: 2 })     a plural: en.ts has daysLeft_one and daysLeft_other,
 *                                         other languages each their categories (ru: _few, _many)
 *   tParts('challenge.incoming', { name: playerName(p), terms })
 *                                         as t(), with DOM nodes among the values: parts to append
 *   variantName('brazilian'), speedName('blitz')
 *   language(), setLanguage('fr')         the current language; the player's choice (kept in
 *                                         localStorage damas.language, applied to the page at once)
 *   onLanguageChange(fn)                  fn runs after every switch: draw your texts again (the
 *                                         static HTML is translated first, so an element that code
 *                                         words may also carry data-i18n as its default)
 *   static HTML                           data-i18n="key" (and data-i18n-html, -placeholder,
 *                                         -aria-label, -title, -label), applied on load and switch
 *
 * A new text: its key and English words in en.ts (the type source), then the same key in every
 * other language file; `npm run typecheck` fails until all six have exactly the same keys, and
 * test/unit/i18n.test.ts checks placeholders and plural forms. lib/site.ts calls startI18n() first.
 */
import type { Speed } from '../../../../src/common/protocol.js';
import type { VariantId } from '../../../../src/rules/index.js';
import { language, loadLanguage, setCurrent, STORE, t } from './core.js';
import { isLanguage, pickLanguage, type Language } from './languages.js';
import { translatePage } from './page.js';

export { language, loadLanguage, t, tParts, type Values } from './core.js';
export { LANGUAGES, pickLanguage, type Language } from './languages.js';
export type { Key } from './resource.js';

export const variantName = (id: VariantId): string => t(`variant.${id}`);

export const speedName = (s: Speed): string => t(`speed.${s}`);

const listeners: (() => void)[] = [];

/** Runs `fn` after each change of language (the static HTML is translated before it). */
export function onLanguageChange(fn: () => void): void {
  listeners.push(fn);
}

/** The language last asked for: of two switches in a row, the later wins whichever loads first. */
let wanted: Language | null = null;

/**
 * The player's choice: kept in this browser, and applied to the page as soon as its words are
 * here (fetched the first time; English if they cannot be).
 */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORE, lang);
  } catch {
    /* not kept, but applied */
  }
  wanted = lang;
  if (lang === language()) return;
  await loadLanguage(lang).catch(() => undefined);
  if (wanted !== lang || lang === language()) return;
  setCurrent(lang);
  apply();
  for (const fn of listeners) fn();
}

/** Back to the browser's language: no choice kept (the settings' "The browser's language"). */
export async function followBrowser(): Promise<void> {
  const done = setLanguage(
    pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])),
  );
  try {
    localStorage.removeItem(STORE);
  } catch {
    /* nothing was kept */
  }
  await done;
}

/** The language chosen in this browser (the header's switch), or null: the browser's. */
export function storedLanguage(): Language | null {
  try {
    const chosen = localStorage.getItem(STORE);
    return isLanguage(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

function apply(): void {
  document.documentElement.lang = language();
  translatePage();
}

/**
 * The current language's words, fetched if it is not English: main.ts waits for them before it
 * draws anything (no English flash). Resolves in English if they cannot be fetched.
 */
export const languageReady = (): Promise<void> => loadLanguage(language()).catch(() => undefined);

/** The page's start: its HTML in the current language (languageReady first). */
export function startI18n(): void {
  apply();
}
