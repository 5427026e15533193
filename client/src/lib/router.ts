/**
 * The pages of this document and the one shown: shown by name (main.ts for the address, a page
 * for another: a game that starts, Back to lobby), its root put into the shell's #page. Which
 * page an address asks for is main.ts's; each page keeps its own address up to date.
 */
import { translatePage } from './i18n/page.js';
import type { Page } from './page.js';

export class Router<N extends string> {
  private readonly pages = new Map<N, Page>();
  private current: N | null = null;

  constructor(private readonly host: HTMLElement) {}

  /** A page made (its module loaded, its markup bound): shown when asked. */
  add(name: N, page: Page): void {
    this.pages.set(name, page);
  }

  /** The page shown, if any. */
  get shown(): N | null {
    return this.current;
  }

  /** Shows `name` in place of the page shown (nothing changes if it is shown already). */
  show(name: N): void {
    if (this.current === name) return;
    const page = this.pages.get(name);
    if (!page) throw new Error(`no page ${name} in this document`);
    if (this.current !== null) this.pages.get(this.current)?.hidden?.();
    this.current = name;
    // Its static text as the language is now (it may have changed while the page was away).
    translatePage(page.root);
    this.host.replaceChildren(page.root);
    page.redraw();
    page.shown?.();
  }

  /** The page shown, drawn again (a change of language or settings). */
  redraw(): void {
    if (this.current !== null) this.pages.get(this.current)?.redraw();
  }
}
