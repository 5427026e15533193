/**
 * A player's name as every page shows it: a "BOT" tag before a bot account's name (v1.7,
 * `title: "BOT"`), a link to the profile if asked, and the rating if asked. The one place that
 * draws a name: the game page, challenges and their notices, the lobby's seeks and live games,
 * my games, and the profile page.
 */
import type { PlayerTitle } from '../../../src/common/protocol.js';
import { t } from './i18n/index.js';
import { displayName } from './display-name.js';
import { UNNAMED } from './session.js';
import { ratingText } from './terms.js';

/** A player as the wire tells it (MatchPlayer, a challenge's dest, a profile). */
export interface Named {
  name: string;
  title?: PlayerTitle;
  rating?: number;
  provisional?: boolean;
}

export interface NameOptions {
  /** Links the name to the player's profile (/@/<name>). */
  link?: boolean;
  /** Follows the name with its rating, where there is one ("Ana 1523?"). */
  rating?: boolean;
}

/**
 * A side of a game as shown: the computer's name worded in the page's language (the server
 * names it in English, "Computer level 2"), anyone else's as it is.
 */
export function sideName<P extends Named>(
  game: { computer: { color: 'white' | 'black'; level: number } | null; white: P; black: P },
  color: 'white' | 'black',
): P {
  const p = game[color];
  return game.computer?.color === color
    ? { ...p, name: t('game.computerName', { level: game.computer.level }) }
    : p;
}

/** `<span class="player-name">[<span class="title-bot">BOT</span> ]name[ 1523?]</span>`. */
export function playerName(p: Named, opts: NameOptions = {}): HTMLSpanElement {
  const box = document.createElement('span');
  box.className = 'player-name';
  if (p.title === 'BOT') {
    const tag = document.createElement('span');
    tag.className = 'title-bot';
    tag.title = t('board.bot');
    tag.textContent = 'BOT';
    box.append(tag, ' ');
  }
  // A guest who gave no name plays unnamed, as lichess's "Anonymous" (and has no profile).
  if (p.name === UNNAMED && !p.title) box.append(displayName(p));
  else if (opts.link) {
    const a = document.createElement('a');
    a.href = `/@/${encodeURIComponent(p.name)}`;
    a.textContent = p.name;
    box.append(a);
  } else box.append(p.name);
  const rating = opts.rating ? ratingText(p) : '';
  if (rating) box.append(` ${rating}`);
  return box;
}
