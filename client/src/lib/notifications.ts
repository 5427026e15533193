/**
 * The bell's notifications (PROTOCOL.md v1.19): the newest list and the unread count, read over
 * REST (GET /api/notifications) when the identity is known and at each (re)connection, kept live
 * by `notification:new` / `notification:read` on the socket (every tab of mine hears them), and
 * marked read over REST. No DOM: the header's menu redraws on onChange; `onNew` hears each new
 * one as it comes (the browser's notification, the title's flash).
 */
import type { Notification, NotificationList } from '../../../src/common/protocol.js';
import type { Identity } from './api.js';
import { sendAs } from './send-as.js';
import type { Session } from './session.js';

const api = {
  list: (who: Identity) => sendAs<NotificationList>('GET', '/api/notifications', who),
  read: (who: Identity, ids: string[]) =>
    sendAs<{ unread: number }>('POST', '/api/notifications/read', who, { ids }),
  readAll: (who: Identity) =>
    sendAs<{ unread: number }>('POST', '/api/notifications/read-all', who),
};

/** The newest a list keeps (as the server's list). */
const KEEP = 50;

export class NotificationsCtrl {
  /** As last read and heard; null: no identity, no bell. */
  items: Notification[] | null = null;
  unread = 0;
  private readonly changes: (() => void)[] = [];
  private readonly news: ((n: Notification) => void)[] = [];

  constructor(private readonly session: Session) {
    session.onOpen((w) => {
      w.onConnect(() => void this.refresh());
      w.on('notification:new', (e) => {
        this.items = [e.notification, ...(this.items ?? [])].slice(0, KEEP);
        this.unread = e.unread;
        this.changed();
        for (const fn of this.news) fn(e.notification);
      });
      w.on('notification:read', (e) => {
        const ids = e.ids === 'all' ? null : new Set(e.ids);
        this.items = (this.items ?? []).map((n) =>
          ids === null || ids.has(n.id) ? { ...n, read: true } : n,
        );
        this.unread = e.unread;
        this.changed();
      });
    });
    session.onChange(() => void this.refresh());
  }

  onChange(fn: () => void): void {
    this.changes.push(fn);
  }

  /** Each new notification as it arrives on the socket. */
  onNew(fn: (n: Notification) => void): void {
    this.news.push(fn);
  }

  /** The list and the count now (none without an identity; the last kept if the read fails). */
  async refresh(): Promise<void> {
    const who = this.session.identity;
    if (!who) {
      this.items = null;
      this.unread = 0;
      return this.changed();
    }
    const list = await api.list(who).catch(() => null);
    if (!list) return;
    this.items = list.items;
    this.unread = list.unread;
    this.changed();
  }

  /** Marks these read (the socket's notification:read redraws every tab, this one at once). */
  async markRead(ids: string[]): Promise<void> {
    const who = this.session.identity;
    const unread = ids.filter((id) => this.items?.some((n) => n.id === id && !n.read));
    if (!who || unread.length === 0) return;
    const r = await api.read(who, unread).catch(() => null);
    if (!r) return;
    const set = new Set(unread);
    this.items = (this.items ?? []).map((n) => (set.has(n.id) ? { ...n, read: true } : n));
    this.unread = r.unread;
    this.changed();
  }

  async markAllRead(): Promise<void> {
    const who = this.session.identity;
    if (!who || this.unread === 0) return;
    const r = await api.readAll(who).catch(() => null);
    if (!r) return;
    this.items = (this.items ?? []).map((n) => ({ ...n, read: true }));
    this.unread = r.unread;
    this.changed();
  }

  private changed(): void {
    for (const fn of this.changes) fn();
  }
}
