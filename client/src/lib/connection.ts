/**
 * The connection to the server, said at once: "Connection lost: reconnecting…" while the socket
 * is down (the game page makes its board and actions inert meanwhile: a click would be lost
 * silently), and "Connected again." for a few seconds once it is back. A socket closed for good
 * (its identity refused) just clears the state: the session says why.
 */
import { t } from './i18n/index.js';
import { shellEl } from './shell.js';

let down = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;
const changes: (() => void)[] = [];

/** Whether the socket is down (and reconnecting). */
export const offline = (): boolean => down;

/** Called when the socket goes down or comes back. */
export function onConnectionChange(fn: () => void): void {
  changes.push(fn);
}

function setDown(on: boolean): void {
  if (on === down) return;
  down = on;
  document.body.classList.toggle('offline', on);
  for (const fn of changes) fn();
}

export function showConnection(state: 'lost' | 'back' | 'closed'): void {
  const line = shellEl('connection');
  clearTimeout(backTimer);
  if (state === 'lost') {
    setDown(true);
    line.textContent = t('connection.lost');
    line.classList.remove('back');
    line.hidden = false;
    return;
  }
  const was = down;
  setDown(false);
  if (state === 'closed' || !was) {
    line.hidden = true;
    return;
  }
  line.textContent = t('connection.back');
  line.classList.add('back');
  backTimer = setTimeout(() => (line.hidden = true), 3000);
}

/** The line in the language now, if it is shown. */
export function redrawConnection(): void {
  const line = shellEl('connection');
  if (!line.hidden) line.textContent = t(down ? 'connection.lost' : 'connection.back');
}
