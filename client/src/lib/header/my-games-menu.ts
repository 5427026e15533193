/**
 * The header's "My games": the number of games awaiting my move, and the list it opens (my turn
 * first, as the server sorts them), which closes on a click elsewhere or Escape.
 */
import { t } from '../i18n/index.js';
import type { El } from '../dom.js';
import type { MyGamesCtrl } from '../my-games.js';
import { myGameLine } from '../my-game-line.js';
import type { HEADER_IDS } from './ids.js';

export class MyGamesMenu {
  private open = false;

  constructor(
    private readonly el: El<typeof HEADER_IDS>,
    private readonly games: MyGamesCtrl,
    /** A game picked in the list: shown. */
    private readonly go: (matchId: string) => void,
  ) {
    el('my-games-open').addEventListener('click', (e) => {
      e.stopPropagation();
      this.show(!this.open);
      if (this.open) void games.refresh();
    });
    el('my-games').addEventListener('click', (e) => e.stopPropagation());
    document.addEventListener('click', () => this.show(false));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.show(false);
    });
  }

  private show(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    this.redraw();
  }

  redraw(): void {
    const { el } = this;
    const mine = this.games.mine;
    el('my-games-open').hidden = mine === null;
    if (!mine) this.open = false;
    el('my-games').hidden = !this.open;
    el('my-games-open').setAttribute('aria-expanded', String(this.open));
    if (!mine) return;
    const count = el('my-games-count');
    count.textContent = String(mine.awaiting);
    count.hidden = mine.awaiting === 0;
    el('my-games-open').setAttribute(
      'aria-label',
      t('myGames.label', { awaiting: mine.awaiting, count: mine.games.length }),
    );
    el('my-games-list').replaceChildren(
      ...mine.games.map((g) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = g.myTurn ? 'my-turn' : '';
        b.dataset.match = g.id;
        b.append(...myGameLine(g));
        b.addEventListener('click', () => {
          this.show(false);
          this.go(g.id);
        });
        li.append(b);
        return li;
      }),
    );
    el('no-my-games').hidden = mine.games.length > 0;
  }
}
