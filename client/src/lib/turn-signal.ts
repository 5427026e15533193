/**
 * The tab says when it is my move in the game shown: its title ("• Your turn - Damas") and its
 * icon (a piece with a dot), so another tab or window shows it. Else the site's title and icon.
 */
import { t } from './i18n/index.js';

const icon = (dot: boolean): string =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
      `<circle cx="16" cy="16" r="13" fill="#1d1b19" stroke="#8b5a3c" stroke-width="3"/>` +
      (dot ? `<circle cx="25" cy="7" r="7" fill="#e53935" stroke="#fff" stroke-width="2"/>` : '') +
      `</svg>`,
  );

/** My turn (or not) in the title and the icon. */
export function showTurn(mine: boolean): void {
  document.title = t(mine ? 'table.yourTurnTitle' : 'title.lobby');
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const href = icon(mine);
  if (link.getAttribute('href') !== href) link.href = href;
  link.dataset.turn = String(mine);
}
