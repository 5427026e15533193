/**
 * The language as a setting, on every page: the header's switch changes the setting (so an
 * account's choice follows it), and the setting, wherever it changed, sets the page's language
 * (null: the browser's).
 */
import {
  followBrowser,
  language,
  LANGUAGES,
  setLanguage,
  storedLanguage,
  type Language,
} from './i18n/index.js';
import { changeSetting, onSettings, settings } from './settings.js';

const isLanguage = (v: string): v is Language => Object.hasOwn(LANGUAGES, v);

export function followLanguageSetting(): void {
  // A language picked with the header's switch before the settings kept one is taken over.
  const stored = storedLanguage();
  if (settings().language === null && stored) changeSetting('language', stored);
  onSettings((s, changed) => {
    if (changed !== 'language' && changed !== null) return;
    if (s.language === null) {
      if (storedLanguage() !== null) followBrowser();
    } else if (s.language !== language()) setLanguage(s.language);
  });
  document.getElementById('language')?.addEventListener('change', (e) => {
    const v = (e.target as HTMLSelectElement).value;
    if (isLanguage(v) && v !== settings().language) changeSetting('language', v);
  });
}
