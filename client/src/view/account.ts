/** The header's account corner (sign up / log in, or the username and log out) and its dialog. */
import { onLanguageChange, t } from '../lib/i18n/index.js';
import { $ } from '../lib/dom.js';

export type AccountMode = 'signup' | 'login';

/** Shows who is signed in (null: a guest or nobody yet). */
export function showAccount(username: string | null): void {
  $('account-name').textContent = username ?? '';
  $('account-name').hidden = username === null;
  $('logout').hidden = username === null;
  // Personal API tokens are for accounts.
  $('tokens-open').hidden = username === null;
  $('signup-open').hidden = username !== null;
  $('login-open').hidden = username !== null;
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
  const link = $<HTMLAnchorElement>('account-name');
  link.href = username === null ? '/' : `/@/${encodeURIComponent(username)}`;
}

let mode: AccountMode = 'signup';

/** The dialog's title and button: what it does, in the language now. */
function drawMode(): void {
  const title = t(mode === 'signup' ? 'header.signUp' : 'header.logIn');
  $('account-title').textContent = title;
  $('account-submit').textContent = title;
}

onLanguageChange(drawMode);

export function openAccountDialog(m: AccountMode): void {
  mode = m;
  drawMode();
  $<HTMLInputElement>('account-password').autocomplete =
    m === 'signup' ? 'new-password' : 'current-password';
  // The rules are shown where they apply: only a new account must follow them.
  $('account-rules').hidden = m !== 'signup';
  accountError(null);
  $<HTMLFormElement>('account-form').reset();
  $<HTMLDialogElement>('account-dialog').showModal();
}

export function closeAccountDialog(): void {
  $<HTMLDialogElement>('account-dialog').close();
}

export function accountForm(): { mode: AccountMode; username: string; password: string } {
  return {
    mode,
    username: $<HTMLInputElement>('account-username').value.trim(),
    password: $<HTMLInputElement>('account-password').value,
  };
}

export function accountError(text: string | null): void {
  $('account-error').textContent = text ?? '';
  $('account-error').hidden = text === null;
}
