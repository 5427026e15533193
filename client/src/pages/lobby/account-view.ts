/** The lobby's forms as the account makes them: a username to play under, rated games. */
import { $ } from '../../lib/dom.js';

/** For an account (null: a guest or nobody yet). */
export function showLobbyAccount(username: string | null): void {
  // An account plays under its username.
  const name = $<HTMLInputElement>('name');
  if (username !== null) name.value = username;
  name.readOnly = username !== null;
  // Rated games are for accounts (in the queue and in challenges).
  for (const id of ['rated', 'friend-rated']) {
    const rated = $<HTMLInputElement>(id);
    rated.disabled = username === null;
    if (username === null) rated.checked = false;
    $(`${id}-hint`).hidden = username !== null;
  }
}
