/** A game of mine in a line of text: the header's list and the lobby's games in progress. */
import type { MyGame } from '../../../src/common/protocol.js';
import { t, tParts, variantName } from './i18n/index.js';
import { playerName, sideName } from './player-name.js';
import { deadlineText } from './terms.js';

/** Its words: the opponent's name (a node, with its BOT tag), the variant, whose move, the pace. */
function parts(g: MyGame): { name: Node; variant: string; turn: string; pace: string } {
  const opponent = sideName(g, g.color === 'white' ? 'black' : 'white');
  const deadline = g.correspondence?.deadline;
  const pace =
    typeof deadline === 'number'
      ? deadlineText(deadline - Date.now())
      : t(g.clock ? 'myGames.live' : 'myGames.noClock');
  return {
    name: playerName(opponent),
    variant: variantName(g.variant),
    turn: t(g.myTurn ? 'myGames.yourMove' : 'myGames.theirMove'),
    pace,
  };
}

/** "vs Ben · Brazilian · Your move · 2 days left" (Ben's name with its BOT tag, if any). */
export function myGameLine(g: MyGame): (string | Node)[] {
  return tParts('myGames.line', parts(g));
}

/**
 * The lobby's way back to a game: what it waits for first ("Your move · 2 days left"), then
 * whose game it is ("Your game vs Ben · Brazilian"), so a narrow screen never cuts the status.
 */
export function myGameEntry(g: MyGame): { status: string; who: (string | Node)[] } {
  const { name, variant, turn, pace } = parts(g);
  return { status: `${turn} · ${pace}`, who: tParts('table.yourGameVs', { name, variant }) };
}
