/**
 * The moderators' page drawn from its state: the reports (a player's name looks them up; Close
 * with the reason typed), the player (a button per mark: mark or lift it, with the reason typed),
 * their games and chat lines (a troll's shadow lines said so), the log.
 */
import {
  PLAYER_MARKS,
  type ModActionView,
  type ReportView,
} from '../../../../src/common/protocol.js';
import { byId, type El } from '../../lib/dom.js';
import { language, t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import type { ModCtrl } from './ctrl.js';
import { MOD_IDS } from './ids.js';
import markup from './mod.html?raw';

const when = (iso: string | number) => new Date(iso).toLocaleString(language());

function item(...parts: (string | Node)[]): HTMLLIElement {
  const li = document.createElement('li');
  li.append(...parts);
  return li;
}

function gameLink(id: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = `/game/${id}`;
  a.textContent = id.slice(0, 8);
  return a;
}

export class ModView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof MOD_IDS> = byId(this.root, MOD_IDS);

  constructor(
    private readonly ctrl: ModCtrl,
    private readonly fail: (e: unknown) => void,
  ) {
    this.el('mod-lookup-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const name = this.el('mod-lookup').value.trim();
      if (name) void ctrl.lookUp(name).catch(fail);
    });
    this.el('mod-close-account').addEventListener(
      'click',
      () => void ctrl.closeAccount(this.why()).catch(fail),
    );
  }

  private why(): string {
    return this.el('mod-why').value;
  }

  redraw(): void {
    const { el, ctrl } = this;
    document.title = t('moderation.pageTitle');
    el('mod-denied').hidden = !ctrl.denied;
    el('mod-reports').hidden = ctrl.reports.length === 0;
    el('mod-no-reports').hidden = ctrl.denied || ctrl.reports.length > 0;
    el('mod-report-rows').replaceChildren(...ctrl.reports.map((r) => this.reportRow(r)));
    el('mod-log').replaceChildren(...ctrl.log.map(logItem));
    const p = ctrl.player;
    el('mod-player').hidden = p === null;
    if (!p) return;
    el('mod-player-name').textContent = p.username;
    el('mod-close-account').hidden = p.closed;
    el('mod-closed').hidden = !p.closed;
    el('mod-marks').replaceChildren(
      ...PLAYER_MARKS.map((m) => {
        const on = p.marks.includes(m);
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.mark = m;
        b.setAttribute('aria-pressed', String(on));
        b.textContent = `${t(on ? 'moderation.lift' : 'moderation.add')}: ${t(`moderation.mark.${m}`)}`;
        b.addEventListener('click', () => void ctrl.mark(m, !on, this.why()).catch(this.fail));
        return b;
      }),
    );
    el('mod-games').replaceChildren(
      ...(p.games.length
        ? p.games.map((g) =>
            item(gameLink(g.id), ` ${g.variant} ${g.outcome} – ${g.opponent.name}`),
          )
        : [item(t('moderation.none'))]),
    );
    el('mod-chat').replaceChildren(
      ...(p.chat.length
        ? p.chat.map((l) => {
            const li = item(gameLink(l.matchId), ` ${when(l.at)}: ${l.text}`);
            if (l.shadow) li.append(` (${t('moderation.shadow')})`);
            li.classList.toggle('shadow', l.shadow);
            return li;
          })
        : [item(t('moderation.none'))]),
    );
    el('mod-player-log').replaceChildren(...p.log.map(logItem));
  }

  private reportRow(r: ReportView): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.report = r.id;
    const look = document.createElement('button');
    look.type = 'button';
    look.className = 'link';
    look.textContent = r.target.name;
    look.addEventListener('click', () => void this.ctrl.lookUp(r.target.name).catch(this.fail));
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = t('moderation.close');
    close.addEventListener('click', () => void this.ctrl.close(r.id, this.why()).catch(this.fail));
    const cells: (string | Node)[] = [
      when(r.createdAt),
      r.reporter.name,
      look,
      t(`moderation.reason.${r.reason}`),
      r.text,
      r.matchId ? gameLink(r.matchId) : '',
      close,
    ];
    tr.append(
      ...cells.map((c) => {
        const td = document.createElement('td');
        td.append(c);
        return td;
      }),
    );
    return tr;
  }
}

function logItem(a: ModActionView): HTMLLIElement {
  const what = [a.action, a.target, a.details].filter(Boolean).join(' ');
  return item(`${when(a.at)} · ${a.mod ?? 'cli'} · ${what}${a.why ? ` · ${a.why}` : ''}`);
}
