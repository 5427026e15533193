/** v1.19: a player's playban (the queue's wait), read with a guest's key or an account's cookie. */
import type { PlaybanStatus } from '../../../src/common/protocol.js';
import type { Identity } from './api.js';
import { sendAs } from './send-as.js';

/** The player's playban, if one stands. */
export const myPlayban = (who: Identity) =>
  sendAs<PlaybanStatus>('GET', '/api/players/me/playban', who).then((r) => r.playban);
