/**
 * PURE: what the bell's notifications link to, when "your turn" deserves the browser's own
 * notification, and the flashing tab title's frames. No DOM (test/unit/notify-rules.test.ts).
 */
import type { Notification, PlayerSettings } from '../../../src/common/protocol.js';

/** The page a notification leads to. */
export function linkOf(n: Notification): string {
  switch (n.kind) {
    case 'yourTurn':
      return `/game/${encodeURIComponent(n.data.matchId)}`;
    case 'challenge':
      return `/challenge/${encodeURIComponent(n.data.challengeId)}`;
    case 'tournamentStart':
    case 'followedTournament':
      return `/tournament/${encodeURIComponent(n.data.tournamentId)}`;
  }
}

/** What the browser allows (Notification.permission), or 'unsupported' without the API. */
export type Permission = NotificationPermission | 'unsupported';

/**
 * The browser's own notification: only "your turn", only while the tab is hidden (a shown tab
 * has the bell), only if the player chose it and the browser allows it.
 */
export const wantsBrowserNotice = (
  n: Notification,
  s: Pick<PlayerSettings, 'browserNotify'>,
  hidden: boolean,
  permission: Permission,
): boolean => n.kind === 'yourTurn' && s.browserNotify && hidden && permission === 'granted';

/** The flash: while hidden with a "your turn" unseen, the title alternates with the alert. */
export const wantsFlash = (
  n: Notification,
  s: Pick<PlayerSettings, 'titleFlash'>,
  hidden: boolean,
): boolean => n.kind === 'yourTurn' && s.titleFlash && hidden;

/** The title at `tick` (one a second) of a flash: the alert on even ticks, the page's on odd. */
export const flashFrame = (title: string, alert: string, tick: number): string =>
  tick % 2 === 0 ? alert : title;
