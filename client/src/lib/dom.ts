/** The page is client/index.html: its elements, found by id. */
import { t } from './i18n/index.js';

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function showIf(id: string, on: boolean): void {
  $(id).hidden = !on;
}

/** The page's parts (its <main> elements): the lobby, a challenge, a game, the API tokens. */
const MAINS = ['lobby', 'challenge-page', 'game', 'tokens-page'] as const;

/** Shows one part of the page and hides the others. */
export function showMain(id: (typeof MAINS)[number]): void {
  for (const m of MAINS) $(m).hidden = m !== id;
}

/** Copies a field's text (a link, a token), and says so on its button. */
export async function copyField(inputId: string, buttonId: string): Promise<void> {
  const input = $<HTMLInputElement>(inputId);
  const button = $(buttonId);
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    // No clipboard access (an insecure origin, a refused permission): select it to copy by hand.
    input.select();
    button.textContent = t('common.pressCtrlC');
    return;
  }
  button.textContent = t('common.copied');
  setTimeout(() => (button.textContent = t('common.copy')), 2000);
}
