/** The API tokens page's elements (tokens.html), by id, with their tags. */
export const TOKENS_IDS = {
  'tokens-page': 'main',
  'tokens-guest': 'p',
  'token-form': 'form',
  'token-description': 'input',
  'token-scopes-list': 'div',
  'token-create': 'button',
  'tokens-error': 'p',
  'token-new': 'div',
  'token-secret': 'input',
  'token-copy': 'button',
  'tokens-list-card': 'section',
  'tokens-table': 'table',
  tokens: 'tbody',
  'no-tokens': 'p',
} as const;
