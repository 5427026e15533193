/**
 * The lobby's open seeks: one row each (who, rating, variant, time control, rated or casual);
 * clicking someone else's accepts it. My own seek is shown, not clickable (Cancel is in the
 * waiting box).
 */
import type { Challenge } from '../../../../src/common/protocol.js';
import { displayName } from '../../lib/display-name.js';
import { t, tParts, variantName } from '../../lib/i18n/index.js';
import { playerName } from '../../lib/player-name.js';
import { paceText, ratingText } from '../../lib/terms.js';

export function seekRows(
  list: Challenge[],
  me: string | undefined,
  accept: (id: string) => void,
): HTMLLIElement[] {
  return list.map((s) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'seek';
    b.dataset.seek = s.id;
    const mine = s.challenger.id === me;
    const cells: (string | Node)[][] = [
      mine
        ? tParts('lobby.seekYou', { name: playerName(s.challenger) })
        : [playerName(s.challenger)],
      [ratingText(s.challenger)],
      [variantName(s.variant)],
      [paceText(s)],
      // A seek from a set-up position says so: the taker does not start from the usual one.
      [t(s.rated ? 'lobby.seekRated' : s.fen ? 'lobby.seekSetup' : 'lobby.seekCasual')],
    ];
    for (const [i, parts] of cells.entries()) {
      const span = document.createElement('span');
      span.className = ['name', 'rating', 'variant', 'pace', 'mode'][i];
      span.append(...parts);
      b.append(span);
    }
    if (mine) {
      b.disabled = true;
      b.title = t('lobby.seekMine');
    } else {
      b.title = t('lobby.seekPlay', { name: displayName(s.challenger) });
      b.addEventListener('click', () => accept(s.id));
    }
    li.append(b);
    return li;
  });
}
