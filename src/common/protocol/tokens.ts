/** Personal API tokens (v1.6). */

/** What a personal access token may do. */
export const TOKEN_SCOPES = [
  'bot:play',
  'board:play',
  'challenge:read',
  'challenge:write',
  'engine:analyse',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A personal access token as listed (its secret is shown once, when it is made). */
export interface ApiTokenInfo {
  id: string;
  description: string;
  scopes: TokenScope[];
  createdAt: string;
}

/** POST /api/tokens: the new token, with its secret (shown this once). */
export interface NewApiToken extends ApiTokenInfo {
  token: string;
}
