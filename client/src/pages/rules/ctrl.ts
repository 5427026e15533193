/**
 * The rules page's state: the variant shown (null: the list; 'unknown': an address naming none)
 * and the words of the page's language, fetched for it. No DOM: the view draws this state.
 */
import type { Language } from '../../lib/i18n/languages.js';
import type { RulesVariantId } from './catalog.js';
import { loadRulesText } from './text/index.js';
import type { RulesText } from './text/types.js';

export class RulesCtrl {
  text: RulesText | null = null;
  /** The language of `text`, or the one being fetched. */
  private lang: Language | null = null;

  constructor(
    public variant: RulesVariantId | 'unknown' | null,
    private readonly changed: () => void,
  ) {}

  show(variant: RulesVariantId | 'unknown' | null): void {
    this.variant = variant;
    this.changed();
  }

  /** The words of `lang`, fetched if they are not here (of two languages asked, the later wins). */
  async speak(lang: Language): Promise<void> {
    if (this.lang === lang) return;
    this.lang = lang;
    const text = await loadRulesText(lang);
    if (this.lang !== lang) return;
    this.text = text;
    this.changed();
  }
}
