/**
 * The header's account corner (sign up / log in, or the username, API tokens and log out) and
 * its dialog. Logging in or out changes who this page is: it starts over. Signing up keeps the
 * page: the guest it was becomes the account.
 */
import { explain } from '../errors.js';
import type { El } from '../dom.js';
import { t } from '../i18n/index.js';
import { inform } from '../messages.js';
import type { Session } from '../session.js';
import type { HEADER_IDS } from './ids.js';

export type AccountMode = 'signup' | 'login';

export class AccountCorner {
  private mode: AccountMode = 'signup';

  constructor(
    private readonly el: El<typeof HEADER_IDS>,
    private readonly session: Session,
    /** Signed up: what the page does for the new account (its settings, its socket, its games). */
    signedUp: () => Promise<void>,
  ) {
    el('signup-open').addEventListener('click', () => this.open('signup'));
    el('login-open').addEventListener('click', () => this.open('login'));
    el('account-cancel').addEventListener('click', () => el('account-dialog').close());
    // Your data (v1.19): the downloads, and closing the account with its password.
    el('your-data-open').addEventListener('click', () => {
      el('close-account-form').reset();
      el('close-error').hidden = true;
      el('your-data').showModal();
    });
    el('your-data-close').addEventListener('click', () => el('your-data').close());
    el('close-account-form').addEventListener('submit', (e) => {
      e.preventDefault();
      el('close-account').disabled = true;
      session
        .closeAccount(el('close-password').value)
        .then(
          () => {
            el('your-data').close();
            inform(t('fairplay.closed'));
            // Nobody now: the page starts over as a new visitor.
            setTimeout(() => location.assign('/'), 1_500);
          },
          (err: unknown) => {
            el('close-error').textContent = explain(err);
            el('close-error').hidden = false;
          },
        )
        .finally(() => (el('close-account').disabled = false));
    });
    // The browser's own checks, said in the page's language (not the browser's).
    for (const [field, words] of [
      [el('account-username'), () => t('refusal.USERNAME_INVALID')],
      [el('account-password'), () => t('account.passwordShort')],
    ] as const) {
      field.addEventListener('invalid', () => {
        if (!field.validity.customError) field.setCustomValidity(words());
      });
      field.addEventListener('input', () => field.setCustomValidity(''));
    }
    el('account-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const mode = this.mode;
      const username = el('account-username').value.trim();
      const password = el('account-password').value;
      const action =
        mode === 'signup' ? session.signUp(username, password) : session.logIn(username, password);
      action.then(
        () => {
          el('account-dialog').close();
          if (mode === 'login') return location.reload();
          inform(t('account.welcome', { username }));
          void session.attempt(signedUp);
        },
        (err: unknown) => this.error(explain(err)),
      );
    });
    el('logout').addEventListener(
      'click',
      () =>
        void session.attempt(async () => {
          await session.logOut();
          location.reload();
        }),
    );
  }

  private open(mode: AccountMode): void {
    const { el } = this;
    this.mode = mode;
    this.redraw();
    el('account-password').autocomplete = mode === 'signup' ? 'new-password' : 'current-password';
    // The rules are shown where they apply: only a new account must follow them.
    el('account-rules').hidden = mode !== 'signup';
    this.error(null);
    el('account-form').reset();
    el('account-dialog').showModal();
  }

  private error(text: string | null): void {
    this.el('account-error').textContent = text ?? '';
    this.el('account-error').hidden = text === null;
  }

  /** Who is signed in (nobody: a guest, or nobody yet), and the dialog's words. */
  redraw(): void {
    const { el } = this;
    const username = this.session.identity?.username ?? null;
    const name = el('account-name');
    name.textContent = username ?? '';
    name.hidden = username === null;
    name.href = username === null ? '/' : `/@/${encodeURIComponent(username)}`;
    el('logout').hidden = username === null;
    // Personal API tokens are for accounts.
    el('tokens-open').hidden = username === null;
    el('your-data-open').hidden = username === null;
    el('signup-open').hidden = username !== null;
    el('login-open').hidden = username !== null;
    const title = t(this.mode === 'signup' ? 'header.signUp' : 'header.logIn');
    el('account-title').textContent = title;
    el('account-submit').textContent = title;
  }
}
