/**
 * Elements by id. Each page (and the header) declares the ids its markup holds, with their tags,
 * in one list (its ids.ts: test/unit/page-ids.test.ts holds list and markup together); byId()
 * makes the page's `el(id)` from it, typed by the tag: `el('name')` is an HTMLInputElement.
 */
import { t } from './i18n/index.js';

/** A page's ids and the tag of each: `{ name: 'input', board: 'svg' }`. */
export type Ids = Readonly<Record<string, keyof HTMLElementTagNameMap | 'svg'>>;

type ElementOf<T> = T extends keyof HTMLElementTagNameMap
  ? HTMLElementTagNameMap[T]
  : SVGSVGElement;

/** A page's element by its id: only the ids the page declares. */
export type El<I extends Ids> = <K extends keyof I & string>(id: K) => ElementOf<I[K]>;

/**
 * `el(id)` over `root` (a page's markup, attached to the document or not; the root included):
 * each element found once, and checked to be the tag declared.
 */
export function byId<I extends Ids>(root: ParentNode, ids: I): El<I> {
  const found = new Map<string, Element>();
  return <K extends keyof I & string>(id: K) => {
    let e = found.get(id);
    if (!e) {
      // The root itself is a page's <main>, with its id.
      e =
        (root instanceof Element && root.id === id ? root : root.querySelector(`#${id}`)) ??
        undefined;
      if (e?.localName !== ids[id]) throw new Error(`no <${ids[id]} id="${id}"> in this page`);
      found.set(id, e);
    }
    return e as ElementOf<I[K]>;
  };
}

/** The element for a markup string (a page's template: one element at its top). */
export function fromMarkup(markup: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = markup.trim();
  const root = template.content.firstElementChild;
  if (!(root instanceof HTMLElement) || template.content.childElementCount !== 1)
    throw new Error('a page template holds one element');
  return root;
}

/** Whether a page's markup is shown (in the document, and not in a hidden part of it). */
export const displayed = (root: Element): boolean =>
  root.isConnected && root.closest('[hidden]') === null;

const built = new WeakMap<Element, readonly unknown[]>();

/**
 * `box`'s children built anew only when what they show changed (`key`, item by item): a list
 * drawn again with the rest of its page keeps its focus and its open choices while it holds.
 */
export function drawList(box: Element, key: readonly unknown[], build: () => Node[]): void {
  const last = built.get(box);
  if (last && last.length === key.length && last.every((k, i) => k === key[i])) return;
  built.set(box, key);
  box.replaceChildren(...build());
}

/** Copies a field's text (a link, a token), and says so on its button. */
export async function copyText(input: HTMLInputElement, button: HTMLElement): Promise<void> {
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
