/**
 * The account's API tokens page (/?page=tokens): the form that makes a token (a description and
 * its scopes), the new token's secret (shown this once, with Copy), and the tokens the account
 * has, each with Revoke. It reads tokens and writes the DOM; it changes no state.
 */
import {
  TOKEN_SCOPES,
  type ApiTokenInfo,
  type TokenScope,
} from '../../../../src/common/protocol.js';
import { language, onLanguageChange, t, type Key } from '../../lib/i18n/index.js';
import { $, showIf, showMain } from '../../lib/dom.js';

/** What each scope lets a program do, as the checkbox explains it (tokens.scope.* in i18n). */
const SCOPE_TEXT: Record<TokenScope, Key> = {
  'bot:play': 'tokens.scope.botPlay',
  'board:play': 'tokens.scope.boardPlay',
  'challenge:read': 'tokens.scope.challengeRead',
  'challenge:write': 'tokens.scope.challengeWrite',
  'engine:analyse': 'tokens.scope.engineAnalyse',
};

export const scopeText = (scope: TokenScope): string => t(SCOPE_TEXT[scope]);

/** The tokens listed last: drawn again in another language, as is the page's title. */
let listed: Parameters<typeof showTokens> | null = null;

export const tokensShown = () => !$('tokens-page').hidden;

onLanguageChange(() => {
  for (const box of scopeBoxes()) {
    const hint = box.parentElement?.querySelector('.hint');
    if (hint) hint.textContent = scopeText(box.value as TokenScope);
  }
  checkScopes();
  if (listed) showTokens(...listed);
});

/** The link to this page (also the header's). */
export const TOKENS_URL = '/?page=tokens';

/** Whether the address asks for this page. */
export const tokensRoute = () => new URLSearchParams(location.search).get('page') === 'tokens';

/** One checkbox per scope, each with its one-line explanation. */
export function fillTokenForm(): void {
  $('token-scopes-list').replaceChildren(
    ...TOKEN_SCOPES.map((scope) => {
      const label = document.createElement('label');
      label.className = 'toggle scope';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = 'scope';
      box.value = scope;
      box.addEventListener('change', checkScopes);
      const name = document.createElement('code');
      name.textContent = scope;
      const text = document.createElement('span');
      text.className = 'hint';
      text.textContent = scopeText(scope);
      label.append(box, name, text);
      return label;
    }),
  );
  checkScopes();
}

const scopeBoxes = () => [
  ...$('token-scopes-list').querySelectorAll<HTMLInputElement>('input[name="scope"]'),
];

/** At least one scope: the browser says so on the first box, as it does for a missing field. */
function checkScopes(): void {
  const none = !scopeBoxes().some((b) => b.checked);
  scopeBoxes()[0]?.setCustomValidity(none ? t('tokens.chooseScope') : '');
}

/** The form's token, or null when it is not complete (the browser then says what is missing). */
export function tokenForm(): { description: string; scopes: TokenScope[] } | null {
  checkScopes();
  if (!$<HTMLFormElement>('token-form').reportValidity()) return null;
  return {
    description: $<HTMLInputElement>('token-description').value.trim(),
    scopes: scopeBoxes()
      .filter((b) => b.checked)
      .map((b) => b.value as TokenScope),
  };
}

export function resetTokenForm(): void {
  $<HTMLFormElement>('token-form').reset();
}

/** The page, for an account; a guest (or nobody yet) is told to sign up or log in. */
export function showTokensPage(account: boolean): void {
  showMain('tokens-page');
  document.title = t('title.tokens');
  showIf('tokens-guest', !account);
  showIf('token-form', account);
  showIf('tokens-list-card', account);
  if (!account) showNewToken(null);
}

/** A new token's secret, shown this once (null: none to show). */
export function showNewToken(token: string | null): void {
  showIf('token-new', token !== null);
  $<HTMLInputElement>('token-secret').value = token ?? '';
  $('token-copy').textContent = t('common.copy');
  if (token !== null) $<HTMLInputElement>('token-secret').select();
}

/** The server's refusal of the last request (null: none). */
export function tokensError(text: string | null): void {
  $('tokens-error').textContent = text ?? '';
  showIf('tokens-error', text !== null);
}

/** The account's tokens, newest first: description, scopes, when made, Revoke. */
export function showTokens(list: ApiTokenInfo[], revoke: (token: ApiTokenInfo) => void): void {
  listed = [list, revoke];
  $('tokens').replaceChildren(
    ...list.map((token) => {
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
      b.addEventListener('click', () => revoke(token));
      actions.append(b);
      tr.append(cell(token.description, 'description'), scopes, created, actions);
      return tr;
    }),
  );
  showIf('tokens-table', list.length > 0);
  showIf('no-tokens', list.length === 0);
}

function cell(text: string, className: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.className = className;
  td.textContent = text;
  return td;
}
