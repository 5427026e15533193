import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { matchRoom, playerRoom } from './events.js';

/** The socket.io server, for services that broadcast after their transaction has committed. */
@Injectable()
export class RealtimeService {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  /**
   * To the match room, and to the players' own rooms too: joining the match room is itself a
   * message between processes, and a player must not miss an event that overtakes it.
   */
  toMatch(
    matchId: string,
    event: string,
    payload: unknown,
    playerIds: readonly string[] = [],
  ): void {
    this.server?.to([matchRoom(matchId), ...playerIds.map(playerRoom)]).emit(event, payload);
  }

  /** How many sockets a player has connected (across processes when an adapter is set). */
  async socketsOf(playerId: string): Promise<number> {
    if (!this.server) return 0;
    return (await this.server.in(playerRoom(playerId)).fetchSockets()).length;
  }

  /** Puts every socket of these players into the match room (works across processes with an adapter). */
  joinMatch(playerIds: readonly string[], matchId: string): void {
    if (!this.server) return;
    for (const id of playerIds) this.server.in(playerRoom(id)).socketsJoin(matchRoom(matchId));
  }
}
