/**
 * Room routing: which socket.io rooms an announcement goes to, and the emit itself, to this
 * process's sockets (the usual way: every process emits what it hears) or through socket.io's
 * adapter to every process's (what could not go between processes by the cluster bus).
 */
import { Injectable } from '@nestjs/common';
import {
  challengeRoom,
  LOBBY_ROOM,
  matchRoom,
  playerRoom,
  spectatorsRoom,
  tournamentRoom,
} from '../common/protocol.js';
import type { Announcement } from './announcement.js';
import type { IoServer } from './io.js';

@Injectable()
export class Rooms {
  private server: IoServer | null = null;

  /** The socket.io server, once the transport made it (null before: nothing to emit to). */
  get io(): IoServer | null {
    return this.server;
  }

  attach(server: IoServer): void {
    this.server = server;
  }

  /** To this process's sockets in the announcement's rooms. */
  emitLocal(n: Announcement): void {
    if (!this.server) return;
    // A new match: its players' sockets on this process join its room (each process does this
    // for its own sockets when it hears the start, so no adapter traffic is needed).
    if (n.event === 'match:start')
      this.server.local.in(n.players.map(playerRoom)).socketsJoin(matchRoom(n.topic));
    const to = this.server.local.to(roomsOf(n));
    // The lobby's fan-out (a frame per subscriber, thousands) waits for the acks and the
    // players' own events of this turn of the loop to be written first; FIFO among themselves.
    if (n.event.startsWith('lobby:')) setImmediate(() => emit(to, n));
    else emit(to, n);
  }

  /** Through socket.io's adapter (every process), after the commit. */
  emitCluster(n: Announcement): void {
    if (!this.server) return;
    if (n.event === 'match:start')
      this.server.in(n.players.map(playerRoom)).socketsJoin(matchRoom(n.topic));
    emit(this.server.to(roomsOf(n)), n);
  }
}

/** The topic's room and the players' own; a chat line to its room's audience only. */
function roomsOf(n: Announcement): string[] {
  const own = n.players.map(playerRoom);
  // A players' chat line goes to the two players only; spectators' lines to their room; a line
  // said to some players only (a troll's: its author's own) to them alone.
  if (n.event === 'chat:line')
    return n.payload.room === 'players' || own.length > 0 ? own : [spectatorsRoom(n.topic)];
  // v1.19: a player's own news (a follow, a notification) goes to that player's tabs only.
  if (n.event.startsWith('social:') || n.event.startsWith('notification:')) return own;
  const topic = n.event.startsWith('match:')
    ? matchRoom(n.topic)
    : n.event.startsWith('challenge:')
      ? challengeRoom(n.topic)
      : n.event.startsWith('tournament:')
        ? tournamentRoom(n.topic)
        : LOBBY_ROOM;
  return [topic, ...own];
}

/** Emits `n` (its event and payload agree by construction: see announcement()). */
function emit(to: ReturnType<IoServer['to']>, n: Announcement): void {
  (to.emit as unknown as (event: string, payload: unknown) => boolean).call(to, n.event, n.payload);
}
