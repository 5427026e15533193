/**
 * An arena's page drawn from its state: the terms and the countdown (to the start, then to the
 * end), the winner, my entry and its buttons (join with a password field if private, pause,
 * withdraw), the podium once over, the featured game, the standings (rank, player, rating,
 * score with a flame when on fire, the sheet with its doubled games marked), page by page.
 */
import type { Standing } from '../../../../src/common/protocol.js';
import { displayName } from '../../lib/display-name.js';
import { byId, type El } from '../../lib/dom.js';
import { t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { playerName } from '../../lib/player-name.js';
import { conditionsText, countdownLine, tournamentTerms } from '../../lib/tournament-text.js';
import type { TournamentCtrl } from './ctrl.js';
import { TOURNAMENT_IDS } from './ids.js';
import markup from './tournament.html?raw';
import { pageCount, sheetGames } from './tournament-rules.js';

/** What the page's controls ask for. */
export interface TournamentActions {
  join(password: string): void;
  leave(how: 'withdraw' | 'pause'): void;
  showPage(page: number): void;
}

export class TournamentView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof TOURNAMENT_IDS> = byId(this.root, TOURNAMENT_IDS);

  constructor(
    private readonly ctrl: TournamentCtrl,
    actions: TournamentActions,
  ) {
    const { el } = this;
    el('tour-join-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.join(el('tour-password').value);
    });
    el('tour-pause').addEventListener('click', () => actions.leave('pause'));
    el('tour-withdraw').addEventListener('click', () => actions.leave('withdraw'));
    el('tour-prev').addEventListener('click', () => actions.showPage(ctrl.page - 1));
    el('tour-next').addEventListener('click', () => actions.showPage(ctrl.page + 1));
  }

  draw(): void {
    const { el, ctrl } = this;
    const tour = ctrl.tournament;
    if (!tour) return;
    document.title = `Damas: ${tour.name}`;
    el('tour-name').textContent = tour.name;
    el('tour-terms').textContent = tournamentTerms(tour);
    const conditions = conditionsText(tour);
    el('tour-conditions').textContent = conditions;
    el('tour-conditions').hidden = conditions === '';
    el('tour-status').textContent = t(`tournaments.status.${tour.status}`);
    el('tour-winner').hidden = !tour.winner;
    if (tour.winner) el('tour-winner').textContent = t('tournaments.winner', tour.winner);
    this.tick();
    this.drawMe();
    this.drawPodium();
    this.drawFeatured();
    this.drawStandings();
  }

  /** The countdown, each second. */
  tick(): void {
    const tour = this.ctrl.tournament;
    const line = tour ? countdownLine(tour) : '';
    const box = this.el('tour-countdown');
    if (box.textContent !== line) box.textContent = line;
    box.hidden = line === '';
  }

  private drawMe(): void {
    const { el, ctrl } = this;
    const tour = ctrl.tournament!;
    const me = ctrl.me;
    const over = tour.status === 'finished';
    const playing = me?.status === 'active';
    // Join (again): not in, paused or withdrawn, until the end.
    el('tour-join-form').hidden = over || playing;
    el('tour-password').hidden = !tour.private;
    el('tour-password').required = tour.private;
    el('tour-pause').hidden = over || !playing || tour.status !== 'started';
    el('tour-withdraw').hidden = over || !playing;
    for (const b of [el('tour-join'), el('tour-pause'), el('tour-withdraw')])
      b.disabled = ctrl.busy;
    el('tour-me').hidden = !me || over;
    if (me) el('tour-me').textContent = t(`tournaments.me.${me.status}`);
    const game = me?.matchId;
    el('tour-my-game').hidden = !game || over;
    if (game) el('tour-my-game').href = `/game/${game}`;
  }

  private drawPodium(): void {
    const { el, ctrl } = this;
    const podium = ctrl.podium ?? [];
    el('tour-podium-box').hidden = podium.length === 0;
    el('tour-podium').replaceChildren(
      ...podium.map((s) => {
        const li = document.createElement('li');
        li.textContent = t('tournaments.place', {
          rank: s.rank,
          name: displayName(s),
          score: s.score,
        });
        return li;
      }),
    );
  }

  private drawFeatured(): void {
    const { el, ctrl } = this;
    const id = ctrl.featured;
    el('tour-featured-box').hidden = !id || ctrl.tournament?.status !== 'started';
    if (!id) return;
    const link = el('tour-featured');
    link.href = `/game/${id}`;
    // Its players as the standings shown name them (the leader's game: on the first page).
    const [a, b] = ctrl.lines.filter((s) => s.matchId === id);
    link.textContent =
      a && b
        ? t('tournaments.watch', { white: displayName(a), black: displayName(b) })
        : t('tournaments.featured');
  }

  private drawStandings(): void {
    const { el, ctrl } = this;
    const rated = ctrl.tournament!.rated;
    const me = ctrl.me ? ctrl.myId() : undefined;
    el('tour-rows').replaceChildren(...ctrl.lines.map((s) => row(s, rated, me)));
    el('tour-table').hidden = ctrl.lines.length === 0;
    el('tour-empty').hidden = ctrl.total > 0 || ctrl.lines.length > 0;
    const pages = pageCount(ctrl.total, ctrl.perPage);
    el('tour-pager').hidden = pages <= 1;
    el('tour-page').textContent = t('tournaments.pageOf', { page: ctrl.page, pages });
    el('tour-prev').disabled = ctrl.page <= 1;
    el('tour-next').disabled = ctrl.page >= pages;
  }
}

function cell(className: string, ...parts: (string | Node)[]): HTMLTableCellElement {
  const td = document.createElement('td');
  td.className = className;
  td.append(...parts);
  return td;
}

/**
 * One line: rank, name (a link to an account's profile in a rated event), rating, score, sheet;
 * my own line marked.
 */
function row(s: Standing, rated: boolean, me: string | undefined): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.player = s.playerId;
  if (s.playerId === me) tr.classList.add('me');
  if (s.status !== 'active') tr.classList.add(s.status);
  const points = document.createElement('span');
  points.className = 'points';
  points.textContent = String(s.score);
  const score = cell('score', points);
  if (s.fire) {
    const flame = document.createElement('span');
    flame.className = 'flame';
    flame.textContent = '🔥';
    flame.title = t('tournaments.onFire');
    score.append(' ', flame);
  }
  const sheet = cell('sheet');
  sheet.dataset.sheet = s.sheet;
  sheetGames(s.sheet).forEach((g, i) => {
    const game = document.createElement('span');
    game.textContent = g.points;
    if (g.fire) game.className = 'fire';
    sheet.append(...(i ? [' '] : []), game);
  });
  tr.append(
    cell('rank', String(s.rank)),
    cell('name', playerName({ name: s.name }, { link: rated })),
    cell('rating', String(s.rating)),
    score,
    sheet,
  );
  return tr;
}
