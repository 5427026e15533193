/**
 * The tournaments list drawn: each event a line (its name, the way to its page; its terms; its
 * players), with a live countdown to its start or end, or its winner once over; the way to
 * create one for an account.
 */
import type { Tournament } from '../../../../src/common/protocol.js';
import { byId, type El } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { countdownLine, tournamentTerms } from '../../lib/tournament-text.js';
import type { TournamentsCtrl } from './ctrl.js';
import { TOURNAMENTS_IDS } from './ids.js';
import markup from './tournaments.html?raw';

export class TournamentsView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof TOURNAMENTS_IDS> = byId(this.root, TOURNAMENTS_IDS);

  constructor(
    private readonly ctrl: TournamentsCtrl,
    /** Whether an account plays here (it may create one). */
    private readonly account: () => boolean,
  ) {}

  draw(): void {
    const { el, ctrl } = this;
    document.title = t('tournaments.pageTitle');
    el('tours-create').hidden = !this.account();
    el('tours-create-hint').hidden = this.account();
    const list = ctrl.list;
    for (const [part, tours] of [
      ['playing', list?.started],
      ['upcoming', list?.created],
      ['finished', list?.finished],
    ] as const) {
      el(`tours-${part}`).replaceChildren(...(tours ?? []).map(item));
      el(`tours-${part}-none`).hidden = tours === undefined || tours.length > 0;
    }
    this.tick();
  }

  /** The countdowns, each second. */
  tick(): void {
    const all = [...(this.ctrl.list?.started ?? []), ...(this.ctrl.list?.created ?? [])];
    const byId = new Map(all.map((x) => [x.id, x]));
    for (const span of this.root.querySelectorAll<HTMLElement>('[data-countdown]')) {
      const tour = byId.get(span.dataset.countdown ?? '');
      const text = tour ? countdownLine(tour) : '';
      if (span.textContent !== text) span.textContent = text;
    }
  }
}

function item(tour: Tournament): HTMLLIElement {
  const li = document.createElement('li');
  li.dataset.tournament = tour.id;
  const a = document.createElement('a');
  a.href = `/tournament/${tour.id}`;
  a.textContent = tour.name;
  const terms = document.createElement('span');
  terms.className = 'hint';
  terms.textContent = ` ${tournamentTerms(tour)} · ${t('tournaments.players', { n: tour.players })}`;
  li.append(a, terms);
  if (tour.status !== 'finished') {
    const c = document.createElement('span');
    c.className = 'tour-list-countdown';
    c.dataset.countdown = tour.id;
    li.append(' ', c);
  } else if (tour.winner) {
    const w = document.createElement('span');
    w.className = 'tour-list-winner';
    w.textContent = t('tournaments.winner', tour.winner);
    li.append(' ', w);
  }
  return li;
}
