/**
 * A page of the client (client/src/pages/<name>): its markup, bound by its own view, and a
 * redraw() that draws everything it shows from its state. The router shows one page at a time:
 * its root is in the document while it is shown; a page not shown keeps its state (and its
 * markup, detached), and is drawn again when it comes back.
 */
import { fromMarkup } from './dom.js';
import { translatePage } from './i18n/page.js';

export interface Page {
  /** The page's markup (its template's one element). */
  readonly root: HTMLElement;
  /** Draws everything from the page's state (after a change of language or settings, and when shown). */
  redraw(): void;
  /** Now in the document (after redraw()). */
  shown?(): void;
  /** About to leave the document. */
  hidden?(): void;
}

/** A page's root from its template, its static text in the page's language. */
export function pageRoot(markup: string): HTMLElement {
  const root = fromMarkup(markup);
  translatePage(root);
  return root;
}
