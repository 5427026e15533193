import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import type { AckOf, ClientPayload } from '../common/protocol.js';
import { parsePayload, timeControl } from '../common/validation.js';
import { COMPUTER_LEVELS } from '../persistence/computer-players.js';
import { ack } from '../realtime/socket-ack.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { DEFAULT_VARIANT, VARIANT_IDS } from '../rules/index.js';
import { ComputerService } from './computer.service.js';

const Play = z
  .object({
    variant: z.enum(VARIANT_IDS).default(DEFAULT_VARIANT),
    clock: timeControl.nullable().optional(),
    level: z.number().int().min(1).max(COMPUTER_LEVELS),
    color: z.enum(['white', 'black', 'random']).default('random'),
  })
  .strict() satisfies z.ZodType<ClientPayload<'computer:play'>>;

@WebSocketGateway()
export class ComputerGateway {
  constructor(private readonly computer: ComputerService) {}

  @SubscribeMessage('computer:play')
  play(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'computer:play'>> {
    return ack(async () => {
      const { variant, clock, level, color } = parsePayload(Play, body ?? {});
      return this.computer.start(socketPlayer(socket), variant, clock ?? null, level, color);
    });
  }
}
