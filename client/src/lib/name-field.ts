/** A name field (the lobby's, a challenge's page's): a name of only spaces is no name. */
import { t } from './i18n/index.js';

/**
 * Said so by the browser's own check (not made "guest"), in the page's words: empty or only
 * spaces (`required` alone would say it in the browser's language, not the page's).
 */
export function checkName(input: HTMLInputElement): void {
  input.setCustomValidity(input.value.trim() === '' ? t('lobby.nameEmpty') : '');
}
