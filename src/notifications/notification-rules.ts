/**
 * PURE: which setting lets each kind of notification be made, how a stored row reads on the
 * wire, and how many a list shows. No I/O (test/unit/notification-rules.test.ts).
 */
import type {
  Notification,
  NotificationData,
  NotificationKind,
  PlayerSettings,
} from '../common/protocol.js';

/** The boolean setting that switches each kind off (the header's settings dialog). */
export const SETTING_OF: Record<NotificationKind, keyof PlayerSettings> = {
  yourTurn: 'notifyYourTurn',
  challenge: 'notifyChallenges',
  tournamentStart: 'notifyTournaments',
  followedTournament: 'notifyFollowed',
};

/** The newest a list answers (and a player keeps: older ones are dropped as new ones come). */
export const LIST_LIMIT = 50;
export const KEEP = 100;

/** Whether a player with these settings gets `kind` (a setting never changed is on). */
export const wants = (kind: NotificationKind, settings: Partial<PlayerSettings>): boolean =>
  settings[SETTING_OF[kind]] !== false;

/** A notifications row as read. */
export interface NotificationRowData {
  id: string;
  kind: string;
  data: unknown;
  read: boolean;
  created_at: Date | string;
}

/** The row as the wire says it (read back and said live alike). */
export const notificationOf = (r: NotificationRowData): Notification =>
  ({
    id: r.id,
    kind: r.kind as NotificationKind,
    data: r.data as NotificationData[NotificationKind],
    read: r.read,
    at: new Date(r.created_at).getTime(),
  }) as Notification;
