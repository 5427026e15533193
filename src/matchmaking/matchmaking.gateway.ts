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
import type { AckOf, ClientPayload } from '../common/protocol.js';
import { ack } from '../realtime/socket-ack.js';
import { parsePayload, timeControl } from '../common/validation.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { DEFAULT_VARIANT, VARIANT_IDS } from '../rules/index.js';
import { MatchmakingService } from './matchmaking.service.js';

const Join = z
  .object({
    variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
    clock: timeControl.nullable().optional(),
    rated: z.boolean().optional(),
  })
  .strict() satisfies z.ZodType<ClientPayload<'queue:join'>>;

@WebSocketGateway()
export class MatchmakingGateway implements OnGatewayDisconnect {
  private readonly log = new Logger('Matchmaking');

  constructor(private readonly queue: MatchmakingService) {}

  @SubscribeMessage('queue:join')
  join(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'queue:join'>> {
    return ack(async () => {
      const { variant, clock, rated } = parsePayload(Join, body ?? {});
      return this.queue.join(socketPlayer(socket), socket.id, {
        variant,
        clock: clock ?? null,
        rated: rated ?? false,
      });
    });
  }

  @SubscribeMessage('queue:leave')
  leave(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'queue:leave'>> {
    return ack(async () => {
      parsePayload(z.object({}).strict(), body ?? {});
      await this.queue.leave(socketPlayer(socket));
      return {};
    });
  }

  handleDisconnect(socket: Socket): void {
    this.queue
      .dropSocket(socket.id)
      .catch((e: unknown) => this.log.warn(`ticket cleanup: ${String(e)}`));
  }
}
