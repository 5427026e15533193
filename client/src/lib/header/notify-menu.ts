/**
 * The header's bell: the unread count, and the list it opens (newest first, the unread in bold),
 * each a link to its game, challenge or tournament that marks it read; "mark all read". Closes
 * on a click elsewhere or Escape, as "My games" does.
 */
import type { El } from '../dom.js';
import { language, t } from '../i18n/index.js';
import type { NotificationsCtrl } from '../notifications.js';
import { linkOf } from '../notify-rules.js';
import { notificationText } from '../notify-text.js';
import type { HEADER_IDS } from './ids.js';

export class NotifyMenu {
  private open = false;

  constructor(
    private readonly el: El<typeof HEADER_IDS>,
    private readonly ctrl: NotificationsCtrl,
  ) {
    el('notify-open').addEventListener('click', (e) => {
      e.stopPropagation();
      this.show(!this.open);
      if (this.open) void ctrl.refresh();
    });
    el('notify').addEventListener('click', (e) => e.stopPropagation());
    el('notify-read-all').addEventListener('click', () => void ctrl.markAllRead());
    document.addEventListener('click', () => this.show(false));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.show(false);
    });
    ctrl.onChange(() => this.redraw());
  }

  private show(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    this.redraw();
  }

  redraw(): void {
    const { el, ctrl } = this;
    const items = ctrl.items;
    el('notify-open').hidden = items === null;
    if (items === null) this.open = false;
    el('notify').hidden = !this.open;
    el('notify-open').setAttribute('aria-expanded', String(this.open));
    const count = el('notify-count');
    count.textContent = String(ctrl.unread);
    count.hidden = ctrl.unread === 0;
    // A phone's row shows the bell only with something unread (else it waits under Menu).
    el('notify-open').classList.toggle('unread', ctrl.unread > 0);
    el('notify-open').setAttribute('aria-label', t('notify.label', { n: ctrl.unread }));
    el('notify-read-all').disabled = ctrl.unread === 0;
    const when = new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'short' });
    el('notify-list').replaceChildren(
      ...(items ?? []).map((n) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = linkOf(n);
        a.className = n.read ? '' : 'unread';
        a.dataset.notification = n.id;
        const time = document.createElement('time');
        time.dateTime = new Date(n.at).toISOString();
        time.textContent = when.format(n.at);
        a.append(notificationText(n), time);
        // Read first, then followed (a page load would cut the request short).
        a.addEventListener('click', (e) => {
          if (n.read || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          void ctrl.markRead([n.id]).finally(() => location.assign(a.href));
        });
        li.append(a);
        return li;
      }),
    );
    el('no-notify').hidden = (items ?? []).length > 0;
  }
}
