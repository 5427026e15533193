/**
 * The header's player search (issue 34): typing asks the server for names that start so (a
 * moment after the last key, the answer to an older term dropped), shown as a list box under
 * the field (the ARIA combobox pattern: arrows move, Enter or a click opens the profile, Escape
 * closes). Enter with nothing picked opens the profile of the name typed.
 */
import { AUTOCOMPLETE_MIN, type PlayerLight } from '../../../../src/common/protocol.js';
import type { El } from '../dom.js';
import { playerName } from '../player-name.js';
import { searchPlayers } from '../social-api.js';
import type { HEADER_IDS } from './ids.js';

/** Wait this long after a key before asking (a fast typist asks once). */
const TYPING_MS = 120;

export class PlayerSearchBox {
  private found: PlayerLight[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The term of the newest question: an older answer arriving late is dropped. */
  private asked = '';

  constructor(private readonly el: El<typeof HEADER_IDS>) {
    const input = el('player-search-input');
    input.addEventListener('input', () => this.typed());
    input.addEventListener('keydown', (e) => this.key(e));
    input.addEventListener('blur', () => setTimeout(() => this.show([]), 150));
    el('player-search').addEventListener('submit', (e) => {
      e.preventDefault();
      const picked = this.found[this.active];
      const typed = input.value.trim();
      if (picked) this.open(picked.name);
      else if (typed) this.open(typed);
    });
  }

  /** What the field holds now: asked for (typed before the code came too). */
  typed(): void {
    clearTimeout(this.timer);
    const term = this.el('player-search-input').value.trim();
    if (term.length < AUTOCOMPLETE_MIN) {
      this.asked = '';
      return this.show([]);
    }
    this.timer = setTimeout(() => {
      this.asked = term;
      void searchPlayers(term).then(
        (r) => {
          if (this.asked === term) this.show(r.result);
        },
        () => undefined,
      );
    }, TYPING_MS);
  }

  private key(e: KeyboardEvent): void {
    const n = this.found.length;
    if (e.key === 'Escape') return this.show([]);
    if (n === 0 || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const down = e.key === 'ArrowDown';
    this.active = down ? (this.active + 1) % n : this.active <= 0 ? n - 1 : this.active - 1;
    this.drawActive();
  }

  private open(name: string): void {
    this.show([]);
    location.assign(`/@/${encodeURIComponent(name)}`);
  }

  private show(found: PlayerLight[]): void {
    this.found = found;
    this.active = -1;
    const list = this.el('player-search-list');
    list.replaceChildren(
      ...found.map((p, i) => {
        const li = document.createElement('li');
        li.id = `player-search-${i}`;
        li.setAttribute('role', 'option');
        li.className = p.online ? 'online' : '';
        li.append(playerName(p));
        // Before the field's blur closes the list.
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => this.open(p.name));
        return li;
      }),
    );
    list.hidden = found.length === 0;
    this.el('player-search-input').setAttribute('aria-expanded', String(found.length > 0));
    this.drawActive();
  }

  private drawActive(): void {
    const input = this.el('player-search-input');
    const items = this.el('player-search-list').children;
    for (let i = 0; i < items.length; i++)
      items[i]!.setAttribute('aria-selected', String(i === this.active));
    if (this.active >= 0)
      input.setAttribute('aria-activedescendant', `player-search-${this.active}`);
    else input.removeAttribute('aria-activedescendant');
  }
}
