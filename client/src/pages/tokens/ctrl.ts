/**
 * The account's personal API tokens (PROTOCOL v1.6): the list, making one (its secret is shown
 * this once) and revoking one, by the session cookie. No DOM here: the page is reached through
 * `TokensUi` (view.ts draws this state); a refusal is worded by explain().
 */
import type { ApiTokenInfo, TokenScope } from '../../../../src/common/protocol.js';
import { apiTokens, createApiToken, revokeApiToken } from '../../lib/api.js';
import { explain } from '../../lib/errors.js';

export interface TokensUi {
  redraw(): void;
  /** The form made its token: it is emptied. */
  created(): void;
}

export class TokensCtrl {
  tokens: ApiTokenInfo[] = [];
  /** The new token's secret, shown this once (null: none to show). */
  secret: string | null = null;
  /** The server's refusal of the last request (null: none). */
  error: string | null = null;
  private busy = false;

  constructor(private readonly ui: TokensUi) {}

  /** Reads the account's tokens again. */
  async refresh(): Promise<void> {
    await this.run(async () => {
      this.tokens = await apiTokens();
      this.ui.redraw();
    });
  }

  /** Makes a token and shows its secret (one request at a time: a double click makes one). */
  async create(description: string, scopes: TokenScope[]): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.run(async () => {
        const made = await createApiToken(description, scopes);
        this.secret = made.token;
        this.ui.created();
        const info: ApiTokenInfo = {
          id: made.id,
          description: made.description,
          scopes: made.scopes,
          createdAt: made.createdAt,
        };
        this.tokens = [info, ...this.tokens.filter((t) => t.id !== info.id)];
        this.ui.redraw();
      });
    } finally {
      this.busy = false;
    }
  }

  /** Revokes a token; refused (revoked elsewhere, say), the list is read again. */
  async revoke(id: string): Promise<void> {
    const done = await this.run(async () => {
      await revokeApiToken(id);
      this.tokens = this.tokens.filter((t) => t.id !== id);
      this.ui.redraw();
    });
    if (done) return;
    const list = await apiTokens().catch(() => null);
    if (list) {
      this.tokens = list;
      this.ui.redraw();
    }
  }

  /** Runs a request; its refusal is shown (false), an earlier one cleared. */
  private async run(fn: () => Promise<void>): Promise<boolean> {
    this.error = null;
    this.ui.redraw();
    try {
      await fn();
      return true;
    } catch (e) {
      this.error = explain(e);
      this.ui.redraw();
      return false;
    }
  }
}
