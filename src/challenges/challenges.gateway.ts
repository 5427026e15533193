import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { challengeRoom, LOBBY_ROOM, type AckOf } from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { ack } from '../realtime/socket-ack.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { ChallengeId, Decline, Terms } from './challenge-rules.js';
import { ChallengesService } from './challenges.service.js';

const Empty = z.object({}).strict();

/** Socket face of challenges and the lobby (PROTOCOL.md v1.5); thin, like the others. */
@WebSocketGateway()
export class ChallengesGateway implements OnGatewayDisconnect {
  private readonly log = new Logger('Challenges');

  constructor(private readonly challenges: ChallengesService) {}

  @SubscribeMessage('challenge:create')
  create(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'challenge:create'>> {
    return ack(async () => {
      const terms = parsePayload(Terms, body ?? {});
      const challenge = await this.challenges.create(socketPlayer(socket), terms, socket.id);
      // Gone while the seek was being made: its disconnect could not see it yet.
      if (socket.disconnected) await this.challenges.dropSocket(socket.id, true);
      return { challenge };
    });
  }

  /** The challenge, and its changes from now on (the page of a link). */
  @SubscribeMessage('challenge:watch')
  watch(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'challenge:watch'>> {
    return ack(async () => {
      const { challengeId } = parsePayload(ChallengeId, body);
      const challenge = await this.challenges.get(challengeId);
      await socket.join(challengeRoom(challengeId));
      return { challenge };
    });
  }

  @SubscribeMessage('challenge:accept')
  accept(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'challenge:accept'>> {
    return ack(() => {
      const { challengeId } = parsePayload(ChallengeId, body);
      return this.challenges.accept(socketPlayer(socket), challengeId);
    });
  }

  @SubscribeMessage('challenge:decline')
  decline(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'challenge:decline'>> {
    return ack(async () => {
      const { challengeId, reason } = parsePayload(Decline, body);
      await this.challenges.decline(socketPlayer(socket), challengeId, reason);
      return {};
    });
  }

  @SubscribeMessage('challenge:cancel')
  cancel(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'challenge:cancel'>> {
    return ack(async () => {
      const { challengeId } = parsePayload(ChallengeId, body);
      await this.challenges.cancel(socketPlayer(socket), challengeId);
      return {};
    });
  }

  /** Joins the lobby's room first, then reads: no seek made meanwhile is missed. */
  @SubscribeMessage('lobby:subscribe')
  subscribe(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'lobby:subscribe'>> {
    return ack(async () => {
      parsePayload(Empty, body ?? {});
      await socket.join(LOBBY_ROOM);
      return { seeks: await this.challenges.seeks() };
    });
  }

  @SubscribeMessage('lobby:unsubscribe')
  unsubscribe(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'lobby:unsubscribe'>> {
    return ack(async () => {
      parsePayload(Empty, body ?? {});
      await socket.leave(LOBBY_ROOM);
      return {};
    });
  }

  handleDisconnect(socket: Socket): void {
    this.challenges
      .dropSocket(socket.id)
      .catch((e: unknown) => this.log.warn(`seek cleanup: ${String(e)}`));
  }
}
