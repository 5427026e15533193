/**
 * The connection to the server, said at once: "Connection lost: reconnecting…" while the socket
 * is down, the board and the game's actions inert meanwhile (a click would be lost silently;
 * "Back to lobby" stays), and "Connected again." for a few seconds once it is back. A socket
 * closed for good (its identity refused) just clears the state: the session says why.
 */
import { onLanguageChange, t } from './i18n/index.js';
import { $ } from './dom.js';

let down = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;

function inert(on: boolean): void {
  document.body.classList.toggle('offline', on);
  for (const id of ['board', 'game-actions']) {
    const el = document.getElementById(id);
    if (el) el.inert = on;
  }
}

// Said again in another language, if it is shown.
onLanguageChange(() => {
  const line = $('connection');
  if (!line.hidden) line.textContent = t(down ? 'connection.lost' : 'connection.back');
});

export function showConnection(state: 'lost' | 'back' | 'closed'): void {
  const line = $('connection');
  clearTimeout(backTimer);
  if (state === 'lost') {
    inert(true);
    down = true;
    line.textContent = t('connection.lost');
    line.classList.remove('back');
    line.hidden = false;
    return;
  }
  inert(false);
  const was = down;
  down = false;
  if (state === 'closed' || !was) {
    line.hidden = true;
    return;
  }
  line.textContent = t('connection.back');
  line.classList.add('back');
  backTimer = setTimeout(() => (line.hidden = true), 3000);
}
