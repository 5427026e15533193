/** The lobby's "Your games in progress" (my games, as the header lists them), each with its way back. */
import type { MyGames } from '../../../../src/common/protocol.js';
import { t } from '../../lib/i18n/index.js';
import { $, showIf } from '../../lib/dom.js';
import { myGameLine } from '../../lib/my-game-line.js';

/** Draws my games (null: no identity, nothing to show). */
export function drawLobbyGames(mine: MyGames | null, open: (matchId: string) => void): void {
  // Leaving a game never loses it.
  showIf('lobby-games', mine !== null && mine.games.length > 0);
  if (!mine) return;
  $('lobby-games-list').replaceChildren(
    ...mine.games.map((g) => {
      const li = document.createElement('li');
      const text = document.createElement('span');
      text.append(...myGameLine(g));
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
