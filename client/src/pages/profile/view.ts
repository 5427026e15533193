/**
 * The profile page drawn from its state: the player and their record, the ratings table (a row
 * clicked charts its history, with uPlot), the games list with its "More games".
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  PUZZLE_THEMES,
  type GameListItem,
  type RatingView,
} from '../../../../src/common/protocol.js';
import { byId, drawList, type El } from '../../lib/dom.js';
import { language, speedName, t, variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { openReportDialog } from '../../lib/report-dialog.js';
import { playerName } from '../../lib/player-name.js';
import { signedDiff } from '../../lib/terms.js';
import { ratingRange, timeRange } from './chart-rules.js';
import type { ProfileCtrl } from './ctrl.js';
import { PROFILE_IDS } from './ids.js';
import markup from './profile.html?raw';

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

export class ProfileView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof PROFILE_IDS> = byId(this.root, PROFILE_IDS);
  private plot: uPlot | null = null;
  /** What the chart shows: a new chart is drawn for other points or another language. */
  private plotted: { points: unknown; language: string } | null = null;

  constructor(
    private readonly ctrl: ProfileCtrl,
    private readonly fail: (e: unknown) => void,
  ) {
    this.el('more').addEventListener('click', () => void ctrl.more().catch(fail));
    this.el('follow').addEventListener('click', () => void ctrl.toggleFollow().catch(fail));
    for (const side of ['followers', 'following'] as const)
      this.el(`${side}-open`).addEventListener('click', () => void ctrl.showList(side).catch(fail));
    this.el('block').addEventListener('click', () => void ctrl.toggleBlock().catch(fail));
    this.el('report').addEventListener('click', () =>
      openReportDialog(ctrl.profile?.username ?? ctrl.username),
    );
  }

  redraw(): void {
    const { el, ctrl } = this;
    const p = ctrl.profile;
    document.title = p ? t('title.profile', { name: p.username }) : t('title.player');
    el('profile').hidden = p === null;
    if (!p) return;
    el('username').replaceChildren(playerName({ name: p.username, title: p.title }));
    el('online').hidden = !p.online;
    el('since').textContent = t('profile.since', {
      date: new Date(p.createdAt).toLocaleDateString(language()),
    });
    const c = p.count;
    el('record').textContent = t('profile.record', {
      count: c.games,
      wins: c.wins,
      draws: c.draws,
      losses: c.losses,
    });
    el('marks').hidden = !p.marks?.length;
    el('marks').textContent = t('moderation.marks', {
      marks: (p.marks ?? []).map((m) => t(`moderation.mark.${m}`)).join(', '),
    });
    el('safety').hidden = ctrl.viewer === null;
    el('block').textContent = t(ctrl.blocked ? 'moderation.unblock' : 'moderation.block');
    el('blocking').hidden = !ctrl.blocked;
    el('ratings').replaceChildren(...p.ratings.map((r) => this.ratingRow(r)));
    el('no-ratings').hidden = p.ratings.length > 0;
    el('pdn-all').href = `${ctrl.api}/games.pdn`;
    this.drawChart();
    el('games').replaceChildren(...ctrl.games.map(gameRow));
    el('more').hidden = ctrl.next === null;
    el('no-games').hidden = !ctrl.gamesRead || ctrl.games.length > 0;
    this.drawPuzzles();
    this.drawSocial();
  }

  /** Follows: the counts (each opens its list), Follow / Unfollow, the live game to watch. */
  private drawSocial(): void {
    const { el } = this;
    const { rel, list } = this.ctrl;
    el('social').hidden = rel === null;
    if (!rel) return;
    // The line is newer than the profile's "online".
    el('online').hidden = !rel.online;
    el('followers-open').textContent = t('social.followers', { count: rel.followers });
    el('following-open').textContent = t('social.following', { count: rel.following });
    el('followers-open').setAttribute('aria-expanded', String(list?.side === 'followers'));
    el('following-open').setAttribute('aria-expanded', String(list?.side === 'following'));
    el('watch').hidden = rel.playing === null;
    if (rel.playing !== null) el('watch').href = `/game/${rel.playing}`;
    el('follow').hidden = rel.youFollow === null;
    el('follow').textContent = t(rel.youFollow ? 'social.unfollow' : 'social.follow');
    el('follow').setAttribute('aria-pressed', String(rel.youFollow === true));
    el('follow-list').hidden = list === null || list.players.length === 0;
    el('follow-list-empty').hidden = list === null || list.players.length > 0;
    drawList(el('follow-list'), [language(), list], () =>
      (list?.players ?? []).map((p) => {
        const li = document.createElement('li');
        if (p.online) li.className = 'online-dot';
        li.append(playerName(p, { link: true }));
        return li;
      }),
    );
  }

  /**
   * The puzzle dashboard: a row per variant played, then its themes ("Sacrifice 3 / 1") as a
   * wrapping list in a row of their own: in a column they made the page wider than a phone.
   */
  private drawPuzzles(): void {
    const { el } = this;
    const dash = this.ctrl.puzzles;
    el('puzzles').hidden = dash === null;
    if (!dash) return;
    el('puzzles-title').textContent = t('puzzleDash.lastDays', { days: dash.days });
    el('puzzles-rows').replaceChildren(
      ...dash.variants.flatMap((v) => {
        const tr = document.createElement('tr');
        tr.dataset.variant = v.variant;
        tr.append(
          cell(variantName(v.variant)),
          cell(`${Math.round(v.rating)}${v.provisional ? '?' : ''}`),
          cell(String(v.solved)),
          cell(String(v.failed)),
          cell(v.stormBest === null ? '' : String(v.stormBest)),
        );
        const list = document.createElement('ul');
        list.className = 'puzzle-themes';
        list.setAttribute('aria-label', t('puzzleDash.byTheme'));
        for (const th of PUZZLE_THEMES) {
          const c = v.themes[th];
          if (!c) continue;
          const li = document.createElement('li');
          li.textContent = `${t(`puzzle.theme.${th}`)} ${c.solved} / ${c.failed}`;
          list.append(li);
        }
        if (list.childElementCount === 0) return [tr];
        const themes = document.createElement('tr');
        themes.className = 'puzzle-themes-row';
        themes.dataset.themesOf = v.variant;
        const td = document.createElement('td');
        td.colSpan = 5;
        td.append(list);
        themes.append(td);
        return [tr, themes];
      }),
    );
    el('puzzles-table').hidden = dash.variants.length === 0;
    el('no-puzzles').hidden = dash.variants.length > 0;
    el('no-puzzles').textContent = t('puzzleDash.none', { days: dash.days });
  }

  private ratingRow(r: RatingView): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.variant = r.variant;
    tr.dataset.speed = r.speed;
    tr.append(
      cell(variantName(r.variant)),
      cell(speedName(r.speed)),
      cell(`${r.rating}${r.provisional ? '?' : ''}`),
      cell(String(r.games)),
      cell(`${r.wins} / ${r.draws} / ${r.losses}`),
      leaderboardCell(r),
    );
    tr.tabIndex = 0;
    tr.addEventListener('click', () => void this.ctrl.chart(r).catch(this.fail));
    return tr;
  }

  /** The history of the rating charted (none yet: the title as the markup has it). */
  private drawChart(): void {
    const charted = this.ctrl.charted;
    if (!charted) return;
    const { rating, points } = charted;
    this.el('chart-title').textContent = t('profile.ratingHistoryOf', {
      variant: variantName(rating.variant),
      speed: speedName(rating.speed),
    });
    if (this.plotted?.points === points && this.plotted.language === language()) return;
    this.plotted = { points, language: language() };
    this.plot?.destroy();
    const box = this.el('chart');
    const times = points.map((p) => Date.parse(p.at) / 1000);
    const ratings = points.map((p) => p.rating);
    const x = timeRange(times);
    const y = ratingRange(ratings);
    this.plot = new uPlot(
      {
        width: Math.min(900, box.clientWidth || 600),
        height: 240,
        // One game: a day either side of it, not uPlot's years (chart-rules.ts).
        scales: {
          x: { time: true, ...(x ? { range: () => x } : {}) },
          ...(y ? { y: { range: () => y } } : {}),
        },
        series: [{}, { label: t('profile.ratingSeries'), stroke: '#1b7a3d', width: 2 }],
        axes: [{}, {}],
        hooks: {
          // The span drawn, for whoever reads the page (and the browser tests).
          setScale: [
            (u, key) => {
              if (key !== 'x') return;
              box.dataset.from = String(u.scales.x.min);
              box.dataset.to = String(u.scales.x.max);
            },
          ],
        },
      },
      [times, ratings],
      box,
    );
  }
}

/** The way to the leaderboard of a rating's pool. */
function leaderboardCell(r: RatingView): HTMLTableCellElement {
  const a = document.createElement('a');
  a.className = 'leaderboard-link';
  a.href = `/leaderboard/${r.variant}/${r.speed}`;
  a.textContent = t('leaderboard.link');
  // The row's click charts this rating: following the link must not start that too.
  a.addEventListener('click', (e) => e.stopPropagation());
  const td = document.createElement('td');
  td.append(a);
  return td;
}

function gameRow(g: GameListItem): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.className = `game-row ${g.outcome}`;
  const opponent = document.createElement('td');
  // Rated games are between accounts: the name links to the profile.
  opponent.append(
    playerName(g.opponent, { link: g.rated }),
    g.opponent.rating !== undefined ? ` (${g.opponent.rating})` : '',
  );
  const diff = g.ratingDiff === undefined ? '' : signedDiff(g.ratingDiff);
  const links = document.createElement('td');
  const view = document.createElement('a');
  view.href = g.url;
  view.textContent = t('profile.view');
  const pdn = document.createElement('a');
  pdn.href = g.pdn;
  pdn.textContent = 'PDN';
  links.append(view, document.createTextNode(' · '), pdn);
  tr.append(
    cell(new Date(g.endedAt).toLocaleString(language())),
    opponent,
    cell(
      t(`profile.${g.rated ? 'gameLineRated' : 'gameLine'}.${g.color}`, {
        variant: variantName(g.variant),
        speed: speedName(g.speed),
      }),
    ),
    cell(t(`profile.outcome.${g.outcome}`)),
    cell(diff),
    links,
  );
  return tr;
}
