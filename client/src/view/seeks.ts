/**
 * The lobby's open seeks: one row each (who, rating, variant, time control, rated or casual);
 * clicking someone else's accepts it. My own seek is shown, not clickable (Cancel is in the
 * waiting box).
 */
import { getVariant } from '../../../src/rules/index.js';
import type { Challenge } from '../../../src/common/protocol.js';
import { paceText, ratingText } from '../terms.js';
import { $ } from './dom.js';
import { playerName } from './player-name.js';

export function renderSeeks(
  list: Challenge[],
  me: string | undefined,
  accept: (id: string) => void,
): void {
  $('seeks').replaceChildren(
    ...list.map((s) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'seek';
      b.dataset.seek = s.id;
      const mine = s.challenger.id === me;
      const cells: (string | Node)[][] = [
        mine ? [playerName(s.challenger), ' (you)'] : [playerName(s.challenger)],
        [ratingText(s.challenger)],
        [getVariant(s.variant).name],
        [paceText(s)],
        // A seek from a set-up position says so: the taker does not start from the usual one.
        [s.rated ? 'rated' : s.fen ? 'casual, set-up position' : 'casual'],
      ];
      for (const [i, parts] of cells.entries()) {
        const span = document.createElement('span');
        span.className = ['name', 'rating', 'variant', 'pace', 'mode'][i];
        span.append(...parts);
        b.append(span);
      }
      if (mine) {
        b.disabled = true;
        b.title = 'Your seek: waiting for an opponent';
      } else {
        b.title = `Play ${s.challenger.name}`;
        b.addEventListener('click', () => accept(s.id));
      }
      li.append(b);
      return li;
    }),
  );
  $('no-seeks').hidden = list.length > 0;
}
