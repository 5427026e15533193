/** A game of mine in a line of text: the header's list and the lobby's games in progress. */
import type { MyGame } from '../../../src/common/protocol.js';
import { t, tParts, variantName } from './i18n/index.js';
import { playerName, sideName } from './player-name.js';
import { deadlineText } from './terms.js';

/** "vs Ben · Brazilian · Your move · 2 days left" (Ben's name with its BOT tag, if any). */
export function myGameLine(g: MyGame): (string | Node)[] {
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
