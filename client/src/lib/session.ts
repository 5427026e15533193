/**
 * Who I am and the connection: the guest identity, the one socket opened for it, and attempt(),
 * which tells the person why an action failed. The controllers subscribe to each new socket.
 */
import {
  createIdentity,
  renameIdentity,
  forgetIdentity,
  logIn,
  logOut,
  closeAccount,
  signUp,
  storedIdentity,
  storeIdentity,
  whoAmI,
  type Identity,
} from './api.js';
import { explain, WireError } from './errors.js';
import { t } from './i18n/index.js';
import type { Wire } from './socket.js';

/** The name of a player who never gave one (a visitor who only watched). */
export const UNNAMED = 'guest';

/**
 * The name a person gave, if any: a visitor who only watched has an identity (a socket needs
 * one) but gave no name, and is not called "guest" (the header, the lobby's name field).
 */
export const givenName = (name: string | undefined): string =>
  name === undefined || name === UNNAMED ? '' : name;

export class Session {
  wire: Wire | null = null;
  private current: Identity | null = storedIdentity();
  private readonly opened: ((w: Wire) => void)[] = [];
  private readonly changes: (() => void)[] = [];

  constructor(private readonly say: (text: string) => void) {}

  get identity(): Identity | null {
    return this.current;
  }

  /** Who I am changed (a guest made or renamed, signed up, logged in or out, forgotten). */
  private set identity(identity: Identity | null) {
    if (identity === this.current) return;
    this.current = identity;
    for (const fn of this.changes) fn();
  }

  /** Called with each new socket, before it is used (each listener, in the order added). */
  onOpen(fn: (w: Wire) => void): void {
    this.opened.push(fn);
  }

  /** Called after each change of identity (the header's name, an account's pages). */
  onChange(fn: () => void): void {
    this.changes.push(fn);
  }

  /** Runs an action; a failure is told to the person, and an unknown identity forgotten. */
  async attempt(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.say(explain(e));
      if (e instanceof WireError && e.code === 'UNAUTHENTICATED') {
        forgetIdentity();
        this.identity = null;
      }
    }
  }

  /** An account's session, if the cookie still stands for one (else a stale account is forgotten). */
  async restore(): Promise<void> {
    const account = await whoAmI();
    if (account)
      this.remember({ id: account.id, name: account.username, username: account.username });
    else if (this.identity?.username) {
      forgetIdentity();
      this.identity = null;
    }
  }

  /**
   * Signs up: a guest keeps its identity (and its games), now under its username. From then on
   * the session cookie authenticates this browser, as after a log-in: the bearer token is for
   * other clients, and revoking it (password change, log out everywhere) must not lock us out.
   */
  async signUp(username: string, password: string): Promise<void> {
    const guest = this.identity?.username ? undefined : this.identity?.token;
    const a = await signUp(username, password, guest);
    this.remember({ id: a.id, name: a.username, username: a.username });
  }

  async logIn(username: string, password: string): Promise<void> {
    const a = await logIn(username, password);
    this.remember({ id: a.id, name: a.username, username: a.username });
  }

  async logOut(): Promise<void> {
    await logOut();
    forgetIdentity();
    this.identity = null;
  }

  /** Closes the account (its password confirms): every session ends, this one too. */
  async closeAccount(password: string): Promise<void> {
    await closeAccount(password);
    forgetIdentity();
    this.identity = null;
  }

  get account(): boolean {
    return Boolean(this.identity?.username);
  }

  private remember(identity: Identity): void {
    this.identity = identity;
    storeIdentity(identity);
  }

  /**
   * The identity and the socket, opened once. A guest who types another name keeps its identity
   * (and its games) under the new name; one whose identity the server no longer knows gets a
   * new one, and a socket already open connects again as it.
   */
  connect(name?: string): Promise<Wire> {
    // One at a time: two clicks at once must not make two guests.
    const run = this.connecting.then(() => this.connectNow(name));
    this.connecting = run.catch(() => undefined);
    return run;
  }

  private connecting: Promise<unknown> = Promise.resolve();

  private async connectNow(name?: string): Promise<Wire> {
    if (this.identity && !this.account && name && name !== this.identity.name) {
      try {
        this.identity = await renameIdentity(this.identity, name);
      } catch (e) {
        if (!(e instanceof WireError) || e.code !== 'UNAUTHENTICATED') throw e;
        this.identity = null;
      }
    }
    if (!this.identity) {
      this.identity = await createIdentity(name || UNNAMED);
      this.wire?.reconnect();
    }
    if (this.wire) return this.wire;
    // socket.io comes with the first socket: a page that opens none (the analysis board, a
    // profile) does not load it.
    const { Wire } = await import('./socket.js');
    const w = new Wire(() => this.identity?.token);
    this.wire = w;
    w.onConnectError((code) => {
      if (code === 'UNAUTHENTICATED') {
        const account = this.account;
        forgetIdentity();
        this.identity = null;
        this.wire = null;
        w.close();
        this.say(account ? t('account.sessionEnded') : t('account.guestUnknown'));
      }
    });
    for (const fn of this.opened) fn(w);
    return w;
  }
}
