import { type INestApplicationContext, Logger } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { defer, filter, type Observable } from 'rxjs';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { ServerOptions, Socket } from 'socket.io';
import { asSpoken, DomainError, toErrorBody, type ErrorBody } from '../common/errors.js';
import { CLIENT_EVENTS, playerRoom } from '../common/protocol.js';
import type { Config } from '../config.js';
import { PlayersService, type PlayerIdentity } from '../players/players.service.js';
import { originAllowed } from '../players/web-security.js';
import type { ClusterAdapter } from './cluster-adapter.js';
import { RateLimiter } from './rate-limit.js';
import { Connections } from './connections.js';
import { Rooms } from './rooms.js';
import type { IoServer, IoSocket, SocketData } from './io.js';
import { drain } from './socket-ack.js';

const KNOWN = new Set<string>(CLIENT_EVENTS);

/** An ack as the socket's version of the contract says it (see asSpoken). */
function spokenAck(r: unknown, protocol: unknown): unknown {
  const body = r as Partial<ErrorBody> | null;
  return body?.ok === false && body.error ? asSpoken(body as ErrorBody, protocol) : r;
}

export const socketPlayer = (socket: Socket): PlayerIdentity => (socket.data as SocketData).player;

/**
 * The socket transport: socket.io with the handshake authenticated (token in `auth.token`) and
 * rate-limited per address, every socket in its player's room, events rate-limited per player,
 * an INVALID_PAYLOAD ack for events the contract does not know, the cluster adapter wired in,
 * and a drain on shutdown.
 */
/** What a cookie handshake needs of the upgrade request's headers. */
interface WebHeaders {
  cookie?: unknown;
  origin?: unknown;
  host?: unknown;
}

export class SocketTransport extends IoAdapter {
  private readonly log = new Logger('Socket');
  private readonly limiter: RateLimiter;
  private readonly connects: RateLimiter;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly opts: Pick<Config, 'socketLimit' | 'connectLimit' | 'origins'> & {
      cluster: ClusterAdapter | null;
    },
  ) {
    super(app);
    this.limiter = new RateLimiter(opts.socketLimit);
    this.connects = new RateLimiter(opts.connectLimit);
  }

  /** Graceful shutdown: say so, let in-flight handlers finish, then close (clients reconnect). */
  override async close(server: IoServer): Promise<void> {
    // Only this process's clients, and at once: through the cluster adapter the emit would wait
    // for its publish (closed before it is sent) and tell every other process's clients too.
    server.local.emit('server:shutdown', { reconnect: true });
    await drain(10_000);
    await super.close(server);
    await this.opts.cluster?.close();
  }

  /**
   * Nest's default subscribes an rxjs pipeline per event per socket for the socket's lifetime
   * (a dozen per connection); a plain listener per event that builds the pipeline only when an
   * event arrives keeps idle sockets small. Same mapping of payload and ack as the default.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
        defer(() => transform(callback(data, ack)))
          .pipe(filter((r) => r !== null && r !== undefined))
          .subscribe({
            next: (r) => {
              const out = r as { event?: string; data?: unknown };
              if (out.event) socket.emit(out.event, out.data);
              else if (!isAckHandledManually && typeof ack === 'function')
                ack(spokenAck(r, socket.handshake.auth.protocol));
            },
            error: (e: unknown) => this.log.error(e),
          });
      });
    }
  }

  override createIOServer(port: number, options?: ServerOptions): IoServer {
    const server = super.createIOServer(port, {
      ...options,
      cors: { origin: true },
      // Every event of the contract fits in a few kilobytes.
      maxHttpBufferSize: 64 * 1024,
    } as ServerOptions) as IoServer;
    if (this.opts.cluster) server.adapter(this.opts.cluster.factory);
    // The upgrade request (headers, parser state) would otherwise live as long as the socket:
    // dropping it is most of the memory an idle connection costs (socket.io's own advice).
    // socket.io has already copied what the handshake needs (address, auth) by now.
    // Kept first: the few headers the session cookie's handshake needs.
    server.engine.on(
      'connection',
      (raw: { request: { headers: Record<string, unknown> } | null; web?: WebHeaders }) => {
        const h = raw.request?.headers;
        raw.web = { cookie: h?.cookie, origin: h?.origin, host: h?.host };
        raw.request = null;
      },
    );
    const players = this.app.get(PlayersService);
    this.app.get(Rooms).attach(server);
    this.app.get(Connections).attach(server);
    server.use((socket, next) => {
      if (!this.connects.take(socket.handshake.address)) {
        const err = new Error('RATE_LIMITED') as Error & { data: unknown };
        err.data = { code: 'RATE_LIMITED', message: 'too many connections from this address' };
        return next(err);
      }
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const headers = (socket.conn as unknown as { web?: WebHeaders }).web ?? {};
      // A token in the handshake's auth, else the browser's session cookie, which another
      // site's page would send too: then the Origin must be ours.
      const who =
        token !== undefined
          ? players.authenticate(token)
          : originAllowed(headers.origin, headers.host, this.opts.origins)
            ? players.identify({ cookie: headers.cookie })
            : Promise.reject(
                new DomainError(
                  'BAD_ORIGIN',
                  'a connection from another site may not use the session',
                ),
              );
      who.then(
        (player) => {
          socket.data.player = player;
          void socket.join(playerRoom(player.id));
          next();
        },
        (e: unknown) => {
          const body = toErrorBody(
            e instanceof DomainError ? e : new DomainError('UNAUTHENTICATED', 'bad token'),
          ).body;
          const err = new Error(body.error.code) as Error & { data: unknown };
          err.data = body.error;
          next(err);
        },
      );
    });
    server.on('connection', (socket: IoSocket) => {
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
