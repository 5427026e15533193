import { computerName, computerPlayerId } from '../persistence/computer-players.js';
import type { PlayerIdentity } from '../players/players.service.js';

/** The computer at `level` as the player the match services act for. */
export const computerIdentity = (level: number): PlayerIdentity => ({
  id: computerPlayerId(level),
  name: computerName(level),
});
