import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  spectatorsRoom,
  type AckOf,
  type ClientEvent,
  type ClientPayload,
} from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { ack } from '../realtime/socket-ack.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { ChatService } from './chat.service.js';
import { chatRoom, chatText } from './chat-text.js';

type Parses<E extends ClientEvent> = z.ZodType<ClientPayload<E>>;
const Say = z
  .object({ matchId: uuid, room: chatRoom, text: chatText })
  .strict() satisfies Parses<'chat:say'>;

/** Socket face of the chat: thin. */
@WebSocketGateway()
export class ChatGateway {
  constructor(private readonly chat: ChatService) {}

  @SubscribeMessage('chat:say')
  say(@MessageBody() body: unknown, @ConnectedSocket() socket: Socket): Promise<AckOf<'chat:say'>> {
    return ack(async () => {
      const { matchId, room, text } = parsePayload(Say, body);
      // A spectator speaks in the room it joined (match:join), not in any game's.
      const watching = socket.rooms.has(spectatorsRoom(matchId));
      return { line: await this.chat.say(socketPlayer(socket), matchId, room, text, watching) };
    });
  }
}
