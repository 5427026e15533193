/**
 * The profile page (/@/:username): ratings per variant and speed, the rating history of one of
 * them as a chart (uPlot), and the player's games newest first, a page at a time. What is shown
 * is kept, to draw it again when the language changes.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type {
  GameListItem,
  GamePage,
  RatingPoint,
  RatingView,
  UserProfile,
} from '../../../../src/common/protocol.js';
import { wireError, explain } from '../../lib/errors.js';
import { language, onLanguageChange, speedName, t, variantName } from '../../lib/i18n/index.js';
import { startSite } from '../../lib/site.js';
import { $, fromMarkup } from '../../lib/dom.js';
import markup from './profile.html?raw';
import { say } from '../../lib/messages.js';
import { playerName } from '../../lib/player-name.js';

document.getElementById('page')!.replaceChildren(fromMarkup(markup));

const username = decodeURIComponent(location.pathname.replace(/^\/@\//, '').replace(/\/$/, ''));
const api = `/api/users/${encodeURIComponent(username)}`;

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok)
    throw wireError(((await res.json().catch(() => null)) as { error?: unknown })?.error);
  return (await res.json()) as T;
}

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

let profile: UserProfile | null = null;
let charted: RatingView | null = null;
const games: GameListItem[] = [];

onLanguageChange(() => {
  if (profile) showProfile(profile);
  else document.title = t('title.player');
  if (charted) $('chart-title').textContent = chartTitle(charted);
  $('games').replaceChildren(...games.map(gameRow));
});

function showProfile(p: UserProfile): void {
  profile = p;
  document.title = t('title.profile', { name: p.username });
  $('username').replaceChildren(playerName({ name: p.username, title: p.title }));
  $('online').hidden = !p.online;
  $('since').textContent = t('profile.since', {
    date: new Date(p.createdAt).toLocaleDateString(language()),
  });
  const c = p.count;
  $('record').textContent = t('profile.record', {
    count: c.games,
    wins: c.wins,
    draws: c.draws,
    losses: c.losses,
  });
  $('ratings').replaceChildren(
    ...p.ratings.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.variant = r.variant;
      tr.dataset.speed = r.speed;
      tr.append(
        cell(variantName(r.variant)),
        cell(speedName(r.speed)),
        cell(`${r.rating}${r.provisional ? '?' : ''}`),
        cell(String(r.games)),
        cell(`${r.wins} / ${r.draws} / ${r.losses}`),
      );
      tr.tabIndex = 0;
      tr.addEventListener('click', () => void chart(r));
      return tr;
    }),
  );
  $('no-ratings').hidden = p.ratings.length > 0;
  $<HTMLAnchorElement>('pdn-all').href = `${api}/games.pdn`;
}

let plot: uPlot | null = null;
async function chart(r: RatingView): Promise<void> {
  const points = await get<RatingPoint[]>(
    `${api}/rating-history?variant=${r.variant}&speed=${r.speed}`,
  );
  charted = r;
  $('chart-title').textContent = chartTitle(r);
  plot?.destroy();
  const box = $('chart');
  plot = new uPlot(
    {
      width: Math.min(900, box.clientWidth || 600),
      height: 240,
      series: [{}, { label: t('profile.ratingSeries'), stroke: '#1b7a3d', width: 2 }],
      axes: [{}, {}],
    },
    [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.rating)],
    box,
  );
}

const chartTitle = (r: RatingView) =>
  t('profile.ratingHistoryOf', { variant: variantName(r.variant), speed: speedName(r.speed) });

function gameRow(g: GameListItem): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.className = `game-row ${g.outcome}`;
  const opponent = document.createElement('td');
  // Rated games are between accounts: the name links to the profile.
  opponent.append(
    playerName(g.opponent, { link: g.rated }),
    g.opponent.rating !== undefined ? ` (${g.opponent.rating})` : '',
  );
  const diff =
    g.ratingDiff === undefined ? '' : `${g.ratingDiff >= 0 ? '+' : '−'}${Math.abs(g.ratingDiff)}`;
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

let next: string | null = null;
async function moreGames(): Promise<void> {
  const page = await get<GamePage>(`${api}/games${next ? `?cursor=${next}` : ''}`);
  games.push(...page.games);
  $('games').append(...page.games.map(gameRow));
  next = page.next;
  $('more').hidden = next === null;
  $('no-games').hidden = $('games').childElementCount > 0;
}

async function boot(): Promise<void> {
  startSite({ live: false, openGame: (id) => location.assign(`/game/${id}`) });
  document.title = t('title.player');
  try {
    const profile = await get<UserProfile>(api);
    showProfile(profile);
    $('profile').hidden = false;
    if (profile.ratings[0]) await chart(profile.ratings[0]);
    await moreGames();
  } catch (e) {
    say(explain(e));
  }
  $('more').addEventListener(
    'click',
    () => void moreGames().catch((e: unknown) => say(explain(e))),
  );
}

void boot();
