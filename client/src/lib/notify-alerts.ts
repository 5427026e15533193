/**
 * "Your turn" while the tab is hidden: the browser's own notification (with the player's
 * permission, asked when they switch it on in the settings) and the tab's title flashing until
 * the tab is shown again. Both chosen in the settings (browserNotify, titleFlash).
 */
import type { Notification } from '../../../src/common/protocol.js';
import { t } from './i18n/index.js';
import {
  flashFrame,
  linkOf,
  wantsBrowserNotice,
  wantsFlash,
  type Permission,
} from './notify-rules.js';
import { notificationText } from './notify-text.js';
import { settings } from './settings.js';

const FLASH_MS = 1000;

export const permission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asks the browser's permission (on the player's own click: browsers require a gesture). */
export async function askPermission(): Promise<Permission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

let flashing: { timer: ReturnType<typeof setInterval>; title: string } | null = null;

function stopFlash(): void {
  if (!flashing) return;
  clearInterval(flashing.timer);
  document.title = flashing.title;
  flashing = null;
}

function flash(alert: string): void {
  if (flashing) return;
  let tick = 0;
  const title = document.title;
  flashing = {
    title,
    timer: setInterval(() => (document.title = flashFrame(title, alert, tick++)), FLASH_MS),
  };
  document.title = alert;
}

/** Follows new notifications: alerts for a hidden tab; shown again, the flash stops. */
export function startAlerts(onNew: (fn: (n: Notification) => void) => void): void {
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) stopFlash();
  });
  onNew((n) => {
    const s = settings();
    const hidden = document.hidden;
    if (wantsFlash(n, s, hidden)) flash(t('notify.flash'));
    if (wantsBrowserNotice(n, s, hidden, permission())) {
      const notice = new Notification(t('notify.browserTitle'), {
        body: notificationText(n),
        tag: n.id,
      });
      notice.onclick = () => {
        window.focus();
        location.assign(linkOf(n));
        notice.close();
      };
    }
  });
}
