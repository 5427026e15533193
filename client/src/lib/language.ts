/**
 * The language as a setting, on every page: the setting, wherever it changed (the header's
 * switch, the settings dialog, an account's settings read), sets the page's language (null: the
 * browser's).
 */
import { followBrowser, language, setLanguage, storedLanguage } from './i18n/index.js';
import { changeSetting, onSettings, settings } from './settings.js';

export function followLanguageSetting(): void {
  // A language picked with the header's switch before the settings kept one is taken over.
  const stored = storedLanguage();
  if (settings().language === null && stored) changeSetting('language', stored);
  onSettings((s, changed) => {
    if (changed !== 'language' && changed !== null) return;
    if (s.language === null) {
      if (storedLanguage() !== null) void followBrowser();
    } else if (s.language !== language()) void setLanguage(s.language);
  });
}
