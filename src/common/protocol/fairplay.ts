/** v1.19, fair play: playbans and your data (PROTOCOL.md "v1.19: fair play"). */

/** Why a player waits: aborted, never made the first move, left a game. */
export type PlaybanReason = 'abort' | 'noStart' | 'leave';

/** A playban: the queue pairs the player again at `until` (epoch ms). */
export interface Playban {
  reason: PlaybanReason;
  until: number;
}

/** GET /api/players/me/playban. */
export interface PlaybanStatus {
  playban: Playban | null;
}

/** GET /api/accounts/me/export/data.json: what the server holds about an account. */
export interface AccountData {
  exportedAt: string;
  profile: { id: string; username: string; createdAt: string; bot: boolean };
  settings: Record<string, unknown>;
  ratings: { variant: string; speed: string; rating: number; rd: number; games: number }[];
  puzzles: { variant: string; rating: number; rd: number; rounds: number }[];
  chat: { matchId: string; room: string; text: string; at: string }[];
  tokens: { description: string; scopes: string[]; createdAt: string }[];
  playbans: { reason: PlaybanReason; startedAt: string; until: string }[];
}
