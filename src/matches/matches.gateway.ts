import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  matchRoom,
  spectatorsRoom,
  type AckOf,
  type ClientEvent,
  type ClientPayload,
  type OfferAction,
} from '../common/protocol.js';
import { ack } from '../realtime/socket-ack.js';
import { parsePayload, square, uuid } from '../common/validation.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { LifecycleService } from './lifecycle.service.js';
import { MatchesService } from './matches.service.js';
import { MovementService } from './movement.service.js';
import { PresenceService } from './presence.service.js';
import { RoomSync } from './room-sync.js';
import { SocketMove } from './move-body.js';

// Each schema parses to its event's payload type in the contract (checked by `satisfies`).
type Parses<E extends ClientEvent> = z.ZodType<ClientPayload<E>>;
const MatchRef = z.object({ matchId: uuid }).strict() satisfies Parses<'match:join'>;
const MovesOf = z.object({ matchId: uuid, square }).strict() satisfies Parses<'match:moves'>;
const OFFER_ACTIONS: OfferAction[] = ['offer', 'accept', 'decline'];
const Draw = z
  .object({ matchId: uuid, action: z.enum(OFFER_ACTIONS) })
  .strict() satisfies Parses<'match:draw'>;
const Rematch = Draw satisfies Parses<'match:rematch'>;
const Takeback = Draw satisfies Parses<'match:takeback'>;
SocketMove satisfies Parses<'match:move'>;

/** Socket face of matches: thin; validation here, rules and persistence in the services. */
@WebSocketGateway()
export class MatchesGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly log = new Logger('Presence');

  constructor(
    private readonly matches: MatchesService,
    private readonly movement: MovementService,
    private readonly lifecycle: LifecycleService,
    private readonly presence: PresenceService,
    private readonly roomSync: RoomSync,
  ) {}

  handleConnection(socket: Socket): void {
    this.presence
      .connected(socketPlayer(socket).id)
      .catch((e: unknown) => this.log.warn(String(e)));
  }

  handleDisconnect(socket: Socket): void {
    this.presence
      .disconnected(socketPlayer(socket).id)
      .catch((e: unknown) => this.log.warn(String(e)));
  }

  /** A player coming back or a spectator: the full state, and the room from now on. */
  @SubscribeMessage('match:join')
  join(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:join'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      const match = await this.matches.state(matchId);
      const me = socketPlayer(socket).id;
      // Who watches a game they do not play in hears its spectators' chat.
      const spectator = match.white.id !== me && match.black.id !== me;
      await socket.join(
        spectator ? [matchRoom(matchId), spectatorsRoom(matchId)] : matchRoom(matchId),
      );
      // With Redis: what this room has heard, so a publish lost from here on is caught up.
      this.roomSync.joined(match);
      return { match };
    });
  }

  @SubscribeMessage('match:leave')
  leave(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:leave'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      await socket.leave(matchRoom(matchId));
      await socket.leave(spectatorsRoom(matchId));
      return {};
    });
  }

  @SubscribeMessage('match:moves')
  moves(@MessageBody() body: unknown): Promise<AckOf<'match:moves'>> {
    return ack(async () => {
      const { matchId, square: sq } = parsePayload(MovesOf, body);
      return { moves: await this.matches.movesOf(matchId, sq) };
    });
  }

  @SubscribeMessage('match:move')
  move(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:move'>> {
    return ack(async () => {
      const { matchId, ...req } = parsePayload(SocketMove, body);
      return { move: await this.movement.move(socketPlayer(socket), matchId, req) };
    });
  }

  @SubscribeMessage('match:resign')
  resign(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:resign'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      await this.lifecycle.resign(socketPlayer(socket), matchId);
      return {};
    });
  }

  @SubscribeMessage('match:abort')
  abort(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:abort'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      await this.lifecycle.abort(socketPlayer(socket), matchId);
      return {};
    });
  }

  @SubscribeMessage('match:claim')
  claim(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:claim'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      await this.lifecycle.claim(socketPlayer(socket), matchId);
      return {};
    });
  }

  @SubscribeMessage('match:rematch')
  rematch(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:rematch'>> {
    return ack(async () => {
      const { matchId, action } = parsePayload(Rematch, body);
      await this.lifecycle.rematch(socketPlayer(socket), matchId, action);
      return {};
    });
  }

  @SubscribeMessage('match:takeback')
  takeback(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:takeback'>> {
    return ack(async () => {
      const { matchId, action } = parsePayload(Takeback, body);
      await this.lifecycle.takeback(socketPlayer(socket), matchId, action);
      return {};
    });
  }

  @SubscribeMessage('match:draw')
  draw(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:draw'>> {
    return ack(async () => {
      const { matchId, action } = parsePayload(Draw, body);
      await this.lifecycle.draw(socketPlayer(socket), matchId, action);
      return {};
    });
  }
}
