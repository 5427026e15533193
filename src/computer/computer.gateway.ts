import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { AckOf } from '../common/protocol.js';
import { parsePayload } from '../common/validation.js';
import { ack } from '../realtime/socket-ack.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { ComputerPlay } from './computer-terms.js';
import { ComputerService } from './computer.service.js';

@WebSocketGateway()
export class ComputerGateway {
  constructor(private readonly computer: ComputerService) {}

  @SubscribeMessage('computer:play')
  play(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'computer:play'>> {
    return ack(async () => {
      const { variant, clock, level, color, fen } = parsePayload(ComputerPlay, body ?? {});
      return this.computer.start(socketPlayer(socket), variant, clock ?? null, level, color, fen);
    });
  }
}
