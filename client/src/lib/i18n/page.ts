/**
 * The static text of a page's HTML, translated in place: `data-i18n="key"` sets the text,
 * `data-i18n-html` the markup (our own resources only: code and links inside a sentence), and
 * `data-i18n-placeholder`, `-aria-label`, `-title`, `-label` (an optgroup's) those attributes.
 */
import { t } from './core.js';
import type { Key } from './resource.js';

const ATTRIBUTES = ['placeholder', 'aria-label', 'title', 'label'] as const;

export function translatePage(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]'))
    el.textContent = t(el.dataset.i18n as Key);
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-html]'))
    el.innerHTML = t(el.dataset.i18nHtml as Key);
  for (const attr of ATTRIBUTES)
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`))
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`) as Key));
}
