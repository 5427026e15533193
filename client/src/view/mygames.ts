/**
 * "My games" in the header: the number of games awaiting my move, and the list it opens (my
 * turn first, as the server sorts them); a correspondence game shows the time left to move.
 */
import type { MyGame, MyGames } from '../../../src/common/protocol.js';
import { onLanguageChange, t, tParts, variantName } from '../lib/i18n/index.js';
import { deadlineText } from '../lib/terms.js';
import { $, showIf } from '../lib/dom.js';
import { playerName, sideName } from '../lib/player-name.js';

/** What was drawn last: drawn again in another language. */
let last: Parameters<typeof drawMyGames> | null = null;

onLanguageChange(() => {
  if (last) drawMyGames(...last);
});

/** Draws my games (null: no identity, nothing to show). */
export function drawMyGames(mine: MyGames | null, open: (matchId: string) => void): void {
  last = [mine, open];
  showIf('my-games-open', mine !== null);
  if (!mine) {
    showIf('lobby-games', false);
    return showMyGames(false);
  }
  const count = $('my-games-count');
  count.textContent = String(mine.awaiting);
  count.hidden = mine.awaiting === 0;
  $('my-games-open').setAttribute(
    'aria-label',
    t('myGames.label', { awaiting: mine.awaiting, count: mine.games.length }),
  );
  $('my-games-list').replaceChildren(
    ...mine.games.map((g) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = g.myTurn ? 'my-turn' : '';
      b.dataset.match = g.id;
      b.append(...gameText(g));
      b.addEventListener('click', () => open(g.id));
      li.append(b);
      return li;
    }),
  );
  showIf('no-my-games', mine.games.length === 0);
  // The lobby shows them too, each with its way back: leaving a game never loses it.
  showIf('lobby-games', mine.games.length > 0);
  $('lobby-games-list').replaceChildren(
    ...mine.games.map((g) => {
      const li = document.createElement('li');
      const text = document.createElement('span');
      text.append(...gameText(g));
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('lobby.returnToGame');
      b.dataset.match = g.id;
      b.addEventListener('click', () => open(g.id));
      li.append(text, b);
      return li;
    }),
  );
}

/** "vs Ben · Brazilian · Your move · 2 days left" (Ben's name with its BOT tag, if any). */
function gameText(g: MyGame): (string | Node)[] {
  const opponent = sideName(g, g.color === 'white' ? 'black' : 'white');
  const deadline = g.correspondence?.deadline;
  const pace =
    typeof deadline === 'number'
      ? deadlineText(deadline - Date.now())
      : t(g.clock ? 'myGames.live' : 'myGames.noClock');
  return tParts('myGames.line', {
    name: playerName(opponent),
    variant: variantName(g.variant),
    turn: t(g.myTurn ? 'myGames.yourMove' : 'myGames.theirMove'),
    pace,
  });
}

export function showMyGames(on: boolean): void {
  showIf('my-games', on);
  $('my-games-open').setAttribute('aria-expanded', String(on));
}

export const myGamesShown = () => !$('my-games').hidden;
