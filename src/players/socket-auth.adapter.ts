import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { DomainError, toErrorBody } from '../common/errors.js';
import { CLIENT_EVENTS, playerRoom } from '../common/events.js';
import { type Limit, RateLimiter } from '../common/rate-limit.js';
import { DEFAULT_CONNECT_LIMIT, DEFAULT_SOCKET_LIMIT } from '../config.js';
import type { ClusterAdapter } from '../common/cluster-adapter.js';
import { drain } from '../common/socket-ack.js';
import { RealtimeService } from '../common/realtime.service.js';
import type { PlayerIdentity } from './players.service.js';
import { PlayersService } from './players.service.js';

const KNOWN = new Set<string>(CLIENT_EVENTS);

/** What a connected socket carries: its authenticated player. */
export interface SocketData {
  player: PlayerIdentity;
}

export const socketPlayer = (socket: Socket): PlayerIdentity => (socket.data as SocketData).player;

/**
 * socket.io with the handshake authenticated (token in `auth.token`), every socket in its
 * player's room, and an INVALID_PAYLOAD ack for events the contract does not know.
 */
export class SocketAuthAdapter extends IoAdapter {
  private readonly limiter: RateLimiter;
  private readonly connects: RateLimiter;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly opts: {
      socketLimit?: Limit;
      connectLimit?: Limit;
      cluster?: ClusterAdapter | null;
    } = {},
  ) {
    super(app);
    this.limiter = new RateLimiter(opts.socketLimit ?? DEFAULT_SOCKET_LIMIT);
    this.connects = new RateLimiter(opts.connectLimit ?? DEFAULT_CONNECT_LIMIT);
  }

  /** Graceful shutdown: say so, let in-flight handlers finish, then close (clients reconnect). */
  override async close(server: Server): Promise<void> {
    server.emit('server:shutdown', { reconnect: true });
    await drain(10_000);
    await super.close(server);
    await this.opts.cluster?.close();
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: { origin: true },
      // Every event of the contract fits in a few kilobytes.
      maxHttpBufferSize: 64 * 1024,
    } as ServerOptions);
    if (this.opts.cluster) server.adapter(this.opts.cluster.factory);
    const players = this.app.get(PlayersService);
    this.app.get(RealtimeService).attach(server);
    server.use((socket, next) => {
      if (!this.connects.take(socket.handshake.address)) {
        const err = new Error('RATE_LIMITED') as Error & { data: unknown };
        err.data = { code: 'RATE_LIMITED', message: 'too many connections from this address' };
        return next(err);
      }
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      players.authenticate(token).then(
        (player) => {
          (socket.data as SocketData).player = player;
          void socket.join(playerRoom(player.id));
          next();
        },
        (e: unknown) => {
          const body = toErrorBody(
            e instanceof DomainError ? e : new DomainError('UNAUTHENTICATED', 'bad token'),
          ).body;
          const err = new Error('UNAUTHENTICATED') as Error & { data: unknown };
          err.data = { code: 'UNAUTHENTICATED', message: body.error.message };
          next(err);
        },
      );
    });
    server.on('connection', (socket: Socket) => {
      // Over the limit (per player, all their sockets together): the event is answered
      // RATE_LIMITED and never reaches a handler.
      socket.use(([, ...args], next) => {
        if (this.limiter.take(socketPlayer(socket).id)) return next();
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          (last as (b: unknown) => void)(
            toErrorBody(new DomainError('RATE_LIMITED', 'too many events')).body,
          );
        }
      });
      socket.onAny((event: string, ...args: unknown[]) => {
        const last = args[args.length - 1];
        if (!KNOWN.has(event) && typeof last === 'function') {
          (last as (b: unknown) => void)(
            toErrorBody(
              new DomainError('INVALID_PAYLOAD', `unknown event "${String(event).slice(0, 40)}"`),
            ).body,
          );
        }
      });
    });
    return server;
  }
}
