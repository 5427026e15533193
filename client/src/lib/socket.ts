/**
 * The socket: socket.io typed with the wire contract's event maps (src/common/protocol.ts), so
 * every payload and ack here is the server's own type. It reconnects with backoff (socket.io's
 * own) and turns error acks into WireError throws.
 */
import { io, type Socket } from 'socket.io-client';
import type {
  AckOf,
  ClientEvent,
  ClientPayload,
  ClientToServerEvents,
  ErrorCode,
  ServerEvent,
  ServerPayload,
  ServerToClientEvents,
} from '../../../src/common/protocol.js';
import { PROTOCOL_VERSION } from '../../../src/common/protocol.js';
import { wireError } from './errors.js';

/** The success half of an event's acknowledgement. */
export type OkAck<E extends ClientEvent> = Extract<AckOf<E>, { ok: true }>;

/** How long an ack may take before the call fails (as if the server could not be reached). */
const ACK_TIMEOUT_MS = 10_000;

export class Wire {
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;

  /**
   * `token()` is asked at every (re)connection: without one the handshake carries the session
   * cookie (an account), so a guest who signs up reconnects as the account.
   */
  constructor(token: () => string | undefined) {
    this.socket = io({
      auth: (cb) => {
        const t = token();
        // The version of the contract this client speaks (its answers, e.g. REFUSED).
        cb(t ? { token: t, protocol: PROTOCOL_VERSION } : { protocol: PROTOCOL_VERSION });
      },
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
  }

  // socket.io's typings cannot follow a generic event name E through emitWithAck and on, so
  // the argument is cast there; the signatures of call and on carry the contract's types.

  async call<E extends ClientEvent>(event: E, payload: ClientPayload<E>): Promise<OkAck<E>> {
    const ack: AckOf<E> = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(event, ...([payload] as never));
    if (!ack.ok) throw wireError(ack.error);
    return ack as OkAck<E>;
  }

  on<E extends ServerEvent>(event: E, fn: (payload: ServerPayload<E>) => void): void {
    this.socket.on(event, fn as never);
  }

  /** After every (re)connection. */
  onConnect(fn: () => void): void {
    this.socket.on('connect', fn);
  }

  /**
   * The connection lost. socket.io reconnects by itself, except after the server closed it
   * (a log-out everywhere, a password change): then it is asked to, and the handshake decides.
   * A disconnect of our own (reconnect(), close()) is not a loss: not reported.
   */
  onDisconnect(fn: () => void): void {
    this.socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      if (reason === 'io server disconnect') this.socket.connect();
      fn();
    });
  }

  /** A refused connection, with the code the server gave (error.data.code), if any. */
  onConnectError(fn: (code: ErrorCode | undefined) => void): void {
    this.socket.on('connect_error', (err) => {
      fn((err as Error & { data?: { code?: ErrorCode } }).data?.code);
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /**
   * Connects again (asking token() anew): after the identity changed, the socket must speak for
   * the new one. What is emitted meanwhile is sent once connected.
   */
  reconnect(): void {
    this.socket.disconnect();
    this.socket.connect();
  }

  close(): void {
    this.socket.close();
  }
}
