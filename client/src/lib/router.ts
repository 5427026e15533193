/**
 * The pages of this document and the one shown: shown by name (main.ts for the address, a page
 * for another: a game that starts, Back to lobby), in the shell's #page. Which page an address
 * asks for is main.ts's; each page keeps its own address up to date.
 *
 * A page not shown keeps its state, and is drawn again from it when it comes back. Its markup
 * either stays in the document, hidden (the lobby's pages: their ids are unique among them, as
 * page-ids.test.ts checks), or leaves it (`detach`: the analysis board and the editor, whose
 * boards and controls have the same ids).
 */
import { translatePage } from './i18n/page.js';
import type { Page } from './page.js';

export class Router<N extends string> {
  private readonly pages = new Map<N, Page>();
  private current: N | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly opts: { detach?: boolean } = {},
  ) {}

  /** A page made (its module loaded, its markup bound): shown when asked. */
  add(name: N, page: Page): void {
    this.pages.set(name, page);
    page.root.hidden = true;
    if (!this.opts.detach) this.host.append(page.root);
  }

  /** The page shown, if any. */
  get shown(): N | null {
    return this.current;
  }

  /** Shows `name` in place of the page shown (nothing changes if it is shown already). */
  show(name: N): void {
    if (this.current === name) return;
    const next = this.pages.get(name);
    if (!next) throw new Error(`no page ${name} in this document`);
    const last = this.current === null ? null : this.pages.get(this.current);
    if (last) {
      last.hidden?.();
      last.root.hidden = true;
    }
    this.current = name;
    // Its static text as the language is now (it may have changed while the page was away).
    translatePage(next.root);
    if (this.opts.detach) this.host.replaceChildren(next.root);
    // Shown, unless its own redraw says otherwise (the profile, until it is read).
    next.root.hidden = false;
    next.shown?.();
    next.redraw();
  }

  /** The page shown, drawn again (a change of language or settings). */
  redraw(): void {
    if (this.current !== null) this.pages.get(this.current)?.redraw();
  }
}
