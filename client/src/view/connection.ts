/**
 * The connection to the server, said at once: "Connection lost: reconnecting…" while the socket
 * is down, the board and the game's actions inert meanwhile (a click would be lost silently),
 * and "Connected again." for a few seconds once it is back.
 */
import { $ } from './dom.js';

let down = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;

export function showConnection(up: boolean): void {
  const line = $('connection');
  clearTimeout(backTimer);
  document.body.classList.toggle('offline', !up);
  for (const id of ['board', 'game-actions']) {
    const el = document.getElementById(id);
    if (el) el.inert = !up;
  }
  if (!up) {
    down = true;
    line.textContent = 'Connection lost: reconnecting…';
    line.classList.remove('back');
    line.hidden = false;
    return;
  }
  if (!down) return;
  down = false;
  line.textContent = 'Connected again.';
  line.classList.add('back');
  backTimer = setTimeout(() => (line.hidden = true), 3000);
}
