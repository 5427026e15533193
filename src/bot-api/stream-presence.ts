import type { PresenceService } from '../matches/index.js';
import type { Connections } from '../realtime/connections.js';
import type { NdjsonStream } from './ndjson.js';

/**
 * A player's open stream counts as a connection, like a socket, until it closes: a bot playing
 * through the API is present in its games (no abandonment claims against it).
 */
export function countAsConnected(
  out: NdjsonStream,
  playerId: string,
  connections: Connections,
  presence: PresenceService,
): void {
  connections.streamHeld(playerId, 1);
  void presence.connected(playerId).catch(() => undefined);
  out.onClosed(() => {
    connections.streamHeld(playerId, -1);
    void presence.disconnected(playerId).catch(() => undefined);
  });
}
