/**
 * Who is connected: a player's sockets (on this process, else on any through the adapter) and
 * their open Bot / Board API streams (on any process: each answers for its own), and closing
 * every socket of a player whose credentials were revoked.
 */
import { Injectable } from '@nestjs/common';
import { playerRoom } from '../common/protocol.js';
import { ClusterBus } from './cluster-bus.js';
import type { IoServer } from './io.js';
import { Rooms } from './rooms.js';

/** How long to wait for the other processes to say whether they hold a player's stream. */
const STREAMS_ASK_MS = 1_000;

@Injectable()
export class Connections {
  /** Players' open HTTP streams here (Bot / Board APIs): they count as connections. */
  private readonly streams = new Map<string, number>();

  constructor(
    private readonly rooms: Rooms,
    private readonly bus: ClusterBus,
  ) {}

  /** The transport's server: this process answers the others' questions about its streams. */
  attach(server: IoServer): void {
    server.on('streams-held', (playerId, answer) => answer(this.streams.has(playerId)));
  }

  /** A player's HTTP stream opened (+1) or closed (-1) here: it counts as a connection. */
  streamHeld(playerId: string, delta: 1 | -1): void {
    const n = (this.streams.get(playerId) ?? 0) + delta;
    if (n > 0) this.streams.set(playerId, n);
    else this.streams.delete(playerId);
  }

  /**
   * Closes every socket of the player, on every process: after its credentials were revoked, a
   * socket opened with them must not outlive them (a kept session's browser reconnects).
   */
  disconnectPlayer(playerId: string): void {
    this.rooms.io?.in(playerRoom(playerId)).disconnectSockets(true);
  }

  /**
   * Which of these players are connected (v1.19: the search, the lists, the lobby's "following"):
   * one fetch over all their rooms (on every process, through the adapter) instead of one each.
   * An API stream counts where it is held on this process; another process's streams are not
   * asked for (a bot streaming elsewhere shows offline in a list; its profile asks: hasSockets).
   */
  async onlineAmong(playerIds: readonly string[]): Promise<Set<string>> {
    const online = new Set(playerIds.filter((id) => this.streams.has(id)));
    const server = this.rooms.io;
    const rest = playerIds.filter((id) => !online.has(id));
    if (!server || rest.length === 0) return online;
    const wanted = new Set(rest);
    for (const s of await server.in(rest.map(playerRoom)).fetchSockets()) {
      const id = s.data.player?.id;
      if (id !== undefined && wanted.has(id)) online.add(id);
    }
    return online;
  }

  /**
   * Whether a player has a socket connected: on this process (no round trip), else on any (with
   * an adapter). An open Bot / Board API stream counts too, on any process. A socket counts from
   * just before its `connection` event to just before its `disconnect` event (a socket still in
   * the handshake middleware does not). `unsure`: the answer when another process does not say
   * in time whether it holds a stream of the player.
   */
  async hasSockets(playerId: string, unsure = false): Promise<boolean> {
    if (this.streams.has(playerId)) return true;
    const server = this.rooms.io;
    if (!server) return false;
    const room = playerRoom(playerId);
    if ((await server.local.in(room).fetchSockets()).length > 0) return true;
    if ((await server.in(room).fetchSockets()).length > 0) return true;
    if (!this.bus.clustered) return false; // one process: nobody else to ask
    // Another process's streams (a bot's game stream there, its event stream here).
    // Bounded: a process that died unseen must not hold up presence for the adapter's 5 s.
    let timer: NodeJS.Timeout | undefined;
    const held = await Promise.race([
      server.serverSideEmitWithAck('streams-held', playerId).catch(() => [unsure]),
      new Promise<boolean[]>((r) => (timer = setTimeout(() => r([unsure]), STREAMS_ASK_MS))),
    ]).finally(() => clearTimeout(timer));
    return held.some(Boolean);
  }
}
