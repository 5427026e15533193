/** v1.19: notifications (stored, read/unread, said to every tab of the player). */

export const NOTIFICATION_KINDS = [
  'yourTurn',
  'challenge',
  'tournamentStart',
  'followedTournament',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind carries: enough to word it and link to its page without another read. */
export interface NotificationData {
  /** Your turn in a correspondence game: the game and who moved. */
  yourTurn: { matchId: string; opponent: string };
  /** A challenge to you: the challenge and who made it. */
  challenge: { challengeId: string; from: string };
  /** A tournament you joined has started. */
  tournamentStart: { tournamentId: string; name: string };
  /** A player you follow made a tournament. */
  followedTournament: { tournamentId: string; name: string; by: string };
}

/** One notification as the wire says it (a union: `kind` tells what `data` holds). */
export type Notification = {
  [K in NotificationKind]: {
    id: string;
    kind: K;
    data: NotificationData[K];
    read: boolean;
    /** When it was made, ms since the epoch. */
    at: number;
  };
}[NotificationKind];

/** GET /api/notifications: the newest first, and how many are unread in all. */
export interface NotificationList {
  unread: number;
  items: Notification[];
}

/** `notification:new`: a new one, and the player's unread count with it. */
export interface NotificationNew {
  notification: Notification;
  unread: number;
}

/** `notification:read`: these were marked read (`all`: every one), and what is left unread. */
export interface NotificationRead {
  ids: string[] | 'all';
  unread: number;
}
