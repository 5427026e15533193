/** socket.io's Server and Socket typed by the wire contract's two event maps. */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../common/protocol.js';
import type { PlayerIdentity } from '../players/players.service.js';

/** What a connected socket carries: its authenticated player. */
export interface SocketData {
  player: PlayerIdentity;
}

/** Between server processes (socket.io's serverSideEmit), not to clients. */
export interface InterServerEvents {
  /** Does this process hold an open Bot / Board API stream of the player? */
  'streams-held': (playerId: string, answer: (held: boolean) => void) => void;
}

/** socket.io typed by the contract's two event maps. */
export type IoServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type IoSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
