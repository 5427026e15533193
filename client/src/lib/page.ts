/**
 * A page of the client (client/src/pages/<name>): its markup, bound by its own view, and a
 * redraw() that draws everything it shows from its state. The router shows one page at a time;
 * a page not shown keeps its state, and is drawn again when it comes back.
 */
import { fromMarkup } from './dom.js';
import { translatePage } from './i18n/page.js';

export interface Page {
  /** The page's markup (its template's one element). */
  readonly root: HTMLElement;
  /**
   * Draws everything from the page's state: when it is shown, and after a change of language or
   * settings. A change of its state while it is not shown need not be drawn (it will be).
   */
  redraw(): void;
  /** Shown (before its redraw). */
  shown?(): void;
  /** No longer shown. */
  hidden?(): void;
}

/** A page's root from its template, its static text in the page's language. */
export function pageRoot(markup: string): HTMLElement {
  const root = fromMarkup(markup);
  translatePage(root);
  return root;
}
