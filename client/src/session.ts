/**
 * Who I am and the connection: the guest identity, the one socket opened for it, and attempt(),
 * which tells the person why an action failed. The controller subscribes to each new socket.
 */
import { createIdentity, forgetIdentity, storedIdentity, type Identity } from './api.js';
import { explain, WireError } from './errors.js';
import { Wire } from './socket.js';

export class Session {
  identity: Identity | null = storedIdentity();
  wire: Wire | null = null;
  private opened: (w: Wire) => void = () => undefined;

  constructor(private readonly say: (text: string) => void) {}

  /** Called with each new socket, before it is used. */
  onOpen(fn: (w: Wire) => void): void {
    this.opened = fn;
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

  /** The identity (a new one for a new name) and the socket, opened once. */
  async connect(name?: string): Promise<Wire> {
    if (!this.identity || (name && name !== this.identity.name))
      this.identity = await createIdentity(name || 'guest');
    if (this.wire) return this.wire;
    const w = new Wire(this.identity.token);
    this.wire = w;
    w.onConnectError((code) => {
      if (code === 'UNAUTHENTICATED') {
        forgetIdentity();
        this.identity = null;
        this.wire = null;
        w.close();
        this.say('Your guest identity is no longer known: pick a name again.');
      }
    });
    this.opened(w);
    return w;
  }
}
