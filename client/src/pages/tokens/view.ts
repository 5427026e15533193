/**
 * The account's API tokens page (/?page=tokens) drawn, and its form bound: the form that makes a
 * token (a description and its scopes), the new token's secret (shown this once, with Copy), and
 * the tokens the account has, each with Revoke (once confirmed). A guest is asked to sign up.
 */
import {
  TOKEN_SCOPES,
  type ApiTokenInfo,
  type TokenScope,
} from '../../../../src/common/protocol.js';
import { byId, copyText, type El } from '../../lib/dom.js';
import { language, t, type Key } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import type { TokensCtrl } from './ctrl.js';
import { TOKENS_IDS } from './ids.js';
import markup from './tokens.html?raw';

/** What each scope lets a program do, as the checkbox explains it (tokens.scope.* in i18n). */
const SCOPE_TEXT: Record<TokenScope, Key> = {
  'bot:play': 'tokens.scope.botPlay',
  'board:play': 'tokens.scope.boardPlay',
  'challenge:read': 'tokens.scope.challengeRead',
  'challenge:write': 'tokens.scope.challengeWrite',
  'engine:analyse': 'tokens.scope.engineAnalyse',
};

const scopeText = (scope: TokenScope): string => t(SCOPE_TEXT[scope]);

export class TokensView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof TOKENS_IDS> = byId(this.root, TOKENS_IDS);

  constructor(
    private readonly ctrl: TokensCtrl,
    /** Whether this browser is an account's (the page is for accounts). */
    private readonly account: () => boolean,
  ) {
    const { el } = this;
    // One checkbox per scope, each with its one-line explanation.
    el('token-scopes-list').replaceChildren(
      ...TOKEN_SCOPES.map((scope) => {
        const label = document.createElement('label');
        label.className = 'toggle scope';
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = 'scope';
        box.value = scope;
        box.addEventListener('change', () => this.checkScopes());
        const name = document.createElement('code');
        name.textContent = scope;
        const text = document.createElement('span');
        text.className = 'hint';
        label.append(box, name, text);
        return label;
      }),
    );
    el('token-form').addEventListener('submit', (e) => {
      e.preventDefault();
      // Not complete: the browser says what is missing.
      this.checkScopes();
      if (!el('token-form').reportValidity()) return;
      const scopes = this.scopeBoxes()
        .filter((b) => b.checked)
        .map((b) => b.value as TokenScope);
      void ctrl.create(el('token-description').value.trim(), scopes);
    });
    el('token-copy').addEventListener(
      'click',
      () => void copyText(el('token-secret'), el('token-copy')),
    );
  }

  private scopeBoxes(): HTMLInputElement[] {
    return [
      ...this.el('token-scopes-list').querySelectorAll<HTMLInputElement>('input[name="scope"]'),
    ];
  }

  /** At least one scope: the browser says so on the first box, as it does for a missing field. */
  private checkScopes(): void {
    const none = !this.scopeBoxes().some((b) => b.checked);
    this.scopeBoxes()[0]?.setCustomValidity(none ? t('tokens.chooseScope') : '');
  }

  /** The form made its token: emptied for the next one; the secret selected, to copy. */
  created(): void {
    this.el('token-form').reset();
    this.draw();
    this.el('token-copy').textContent = t('common.copy');
    this.el('token-secret').select();
  }

  draw(): void {
    const { el, ctrl } = this;
    const account = this.account();
    document.title = t('title.tokens');
    el('tokens-guest').hidden = account;
    el('token-form').hidden = !account;
    el('tokens-list-card').hidden = !account;
    for (const box of this.scopeBoxes()) {
      const hint = box.parentElement?.querySelector('.hint');
      if (hint) hint.textContent = scopeText(box.value as TokenScope);
    }
    this.checkScopes();
    const secret = account ? ctrl.secret : null;
    el('token-new').hidden = secret === null;
    el('token-secret').value = secret ?? '';
    el('tokens-error').textContent = ctrl.error ?? '';
    el('tokens-error').hidden = ctrl.error === null;
    el('tokens').replaceChildren(...ctrl.tokens.map((token) => this.row(token)));
    el('tokens-table').hidden = ctrl.tokens.length === 0;
    el('no-tokens').hidden = ctrl.tokens.length > 0;
  }

  /** A token: description, scopes, when made, Revoke. */
  private row(token: ApiTokenInfo): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.token = token.id;
    const scopes = document.createElement('td');
    scopes.className = 'token-scopes';
    for (const s of token.scopes) {
      const code = document.createElement('code');
      code.textContent = s;
      scopes.append(code, ' ');
    }
    const created = document.createElement('td');
    const time = document.createElement('time');
    time.dateTime = token.createdAt;
    time.textContent = new Date(token.createdAt).toLocaleString(language());
    created.append(time);
    const actions = document.createElement('td');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'revoke';
    b.textContent = t('tokens.revoke');
    b.addEventListener('click', () => {
      if (confirm(t('tokens.revokeAsk', { description: token.description })))
        void this.ctrl.revoke(token.id);
    });
    actions.append(b);
    tr.append(cell(token.description, 'description'), scopes, created, actions);
    return tr;
  }
}

function cell(text: string, className: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.className = className;
  td.textContent = text;
  return td;
}
