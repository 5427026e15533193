/**
 * The profile page (/@/:username): ratings per variant and speed, the rating history of one of
 * them as a chart (uPlot), and the player's games newest first, a page at a time.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type {
  GameListItem,
  GamePage,
  RatingPoint,
  RatingView,
  UserProfile,
} from '../../src/common/protocol.js';
import { getVariant } from '../../src/rules/index.js';
import { $ } from './view/dom.js';
import { say } from './view/messages.js';
import { playerName } from './view/player-name.js';

const username = decodeURIComponent(location.pathname.replace(/^\/@\//, '').replace(/\/$/, ''));
const api = `/api/users/${encodeURIComponent(username)}`;

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `error ${res.status}`);
  }
  return (await res.json()) as T;
}

const pool = (r: Pick<RatingView, 'variant' | 'speed'>) =>
  `${getVariant(r.variant).name} ${r.speed}`;

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

function showProfile(p: UserProfile): void {
  document.title = `Damas: ${p.username}`;
  $('username').replaceChildren(playerName({ name: p.username, title: p.title }));
  $('online').hidden = !p.online;
  $('since').textContent = `Member since ${new Date(p.createdAt).toLocaleDateString()}`;
  const c = p.count;
  $('record').textContent =
    `${c.games} ${c.games === 1 ? 'game' : 'games'}: ${c.wins} won, ${c.draws} drawn, ${c.losses} lost`;
  $('ratings').replaceChildren(
    ...p.ratings.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.variant = r.variant;
      tr.dataset.speed = r.speed;
      tr.append(
        cell(getVariant(r.variant).name),
        cell(r.speed),
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
  $('chart-title').textContent = `Rating history: ${pool(r)}`;
  plot?.destroy();
  const box = $('chart');
  plot = new uPlot(
    {
      width: Math.min(900, box.clientWidth || 600),
      height: 240,
      series: [{}, { label: 'rating', stroke: '#1b7a3d', width: 2 }],
      axes: [{}, {}],
    },
    [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.rating)],
    box,
  );
}

const OUTCOME = { win: 'won', draw: 'drawn', loss: 'lost', aborted: 'aborted' } as const;

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
  view.textContent = 'view';
  const pdn = document.createElement('a');
  pdn.href = g.pdn;
  pdn.textContent = 'PDN';
  links.append(view, document.createTextNode(' · '), pdn);
  tr.append(
    cell(new Date(g.endedAt).toLocaleString()),
    opponent,
    cell(`${getVariant(g.variant).name} ${g.speed}${g.rated ? ' rated' : ''} (${g.color})`),
    cell(OUTCOME[g.outcome]),
    cell(diff),
    links,
  );
  return tr;
}

let next: string | null = null;
async function moreGames(): Promise<void> {
  const page = await get<GamePage>(`${api}/games${next ? `?cursor=${next}` : ''}`);
  $('games').append(...page.games.map(gameRow));
  next = page.next;
  $('more').hidden = next === null;
  $('no-games').hidden = $('games').childElementCount > 0;
}

async function boot(): Promise<void> {
  try {
    const profile = await get<UserProfile>(api);
    showProfile(profile);
    $('profile').hidden = false;
    if (profile.ratings[0]) await chart(profile.ratings[0]);
    await moreGames();
  } catch (e) {
    say(e instanceof Error ? e.message : String(e));
  }
  $('more').addEventListener('click', () => void moreGames().catch((e: Error) => say(e.message)));
}

void boot();
