import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { tournamentRoom, type AckOf } from '../common/protocol.js';
import { parsePayload, uuid } from '../common/validation.js';
import { ack } from '../realtime/socket-ack.js';
import { socketPlayer } from '../realtime/socket-transport.js';
import { TournamentsService } from './tournaments.service.js';

const TournamentRef = z.object({ tournamentId: uuid }).strict();
const MatchRef = z.object({ matchId: uuid }).strict();

/** Socket face of tournaments: watch a page's updates, berserk. Thin, like the others. */
@WebSocketGateway()
export class TournamentsGateway {
  constructor(private readonly tournaments: TournamentsService) {}

  @SubscribeMessage('tournament:watch')
  watch(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'tournament:watch'>> {
    return ack(async () => {
      const { tournamentId } = parsePayload(TournamentRef, body);
      const page = await this.tournaments.page(tournamentId, socketPlayer(socket));
      await socket.join(tournamentRoom(tournamentId));
      return { page };
    });
  }

  @SubscribeMessage('tournament:unwatch')
  unwatch(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'tournament:unwatch'>> {
    return ack(async () => {
      const { tournamentId } = parsePayload(TournamentRef, body);
      await socket.leave(tournamentRoom(tournamentId));
      return {};
    });
  }

  @SubscribeMessage('match:berserk')
  berserk(
    @MessageBody() body: unknown,
    @ConnectedSocket() socket: Socket,
  ): Promise<AckOf<'match:berserk'>> {
    return ack(async () => {
      const { matchId } = parsePayload(MatchRef, body);
      await this.tournaments.berserk(socketPlayer(socket), matchId);
      return {};
    });
  }
}
