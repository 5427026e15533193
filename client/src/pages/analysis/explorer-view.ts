/**
 * The opening explorer's card drawn (analysis.html's #explorer): its three sources as tabs (the
 * arrow keys move between them), the filters of the source shown, the opening's name, the moves
 * played here (a move's button plays it on the board) with their games and a bar of their results,
 * and the top and recent games (a site game links to its page, a master game opens on the board).
 * The lists are built again only when the answer changes: a focused move keeps its focus while the
 * engine's lines redraw the page.
 */
import {
  RATING_BANDS,
  SPEEDS,
  type ExplorerAnswer,
  type ExplorerGame,
  type ExplorerMove,
  type Speed,
} from '../../../../src/common/protocol.js';
import { getVariant, resultToken, type VariantId } from '../../../../src/rules/index.js';
import { drawList, type El } from '../../lib/dom.js';
import type { ExplorerSource } from '../../lib/explorer-api.js';
import { language, speedName, t, type Key } from '../../lib/i18n/index.js';
import type { AnalysisCtrl } from './ctrl.js';
import type { ANALYSIS_IDS } from './ids.js';
import './explorer.css';

const SOURCES: ExplorerSource[] = ['masters', 'lichess', 'player'];
const TAB = {
  masters: 'explorer-tab-masters',
  lichess: 'explorer-tab-lichess',
  player: 'explorer-tab-player',
} as const;

/** A result as the variant's PDN writes it (english's names Black, its first mover, first). */
const resultText = (variant: VariantId, winner: 'white' | 'black' | null): string =>
  resultToken(getVariant(variant), { winner, reason: winner ? 'resign' : 'draw-agreed' });

const percent = (n: number, of: number): number => (of ? Math.round((n * 100) / of) : 0);

export class ExplorerView {
  constructor(
    private readonly el: El<typeof ANALYSIS_IDS>,
    private readonly ctrl: AnalysisCtrl,
  ) {
    const explorer = ctrl.explorer;
    for (const source of SOURCES) {
      const tab = el(TAB[source]);
      tab.addEventListener('click', () => explorer.set({ source }));
      tab.addEventListener('keydown', (e) => {
        const step = { ArrowLeft: -1, ArrowRight: 1, Home: -9, End: 9 }[e.key];
        if (step === undefined) return;
        // The tabs' own keys: not a step along the moves (the page's arrow keys).
        e.preventDefault();
        e.stopPropagation();
        const i = Math.max(0, Math.min(SOURCES.length - 1, SOURCES.indexOf(source) + step));
        explorer.set({ source: SOURCES[i] });
        el(TAB[SOURCES[i]]).focus();
      });
    }
    el('explorer-speeds').append(
      ...SPEEDS.map((s) => this.check('speed', s, () => speedName(s), `speed.${s}`)),
    );
    el('explorer-ratings').append(
      ...RATING_BANDS.map((r, i) =>
        this.check('rating', String(r), () =>
          i === RATING_BANDS.length - 1 ? `${r}+` : String(r),
        ),
      ),
    );
    el('explorer-speeds').addEventListener('change', () =>
      explorer.set({ speeds: this.checked('explorer-speeds') as Speed[] }),
    );
    el('explorer-ratings').addEventListener('change', () =>
      explorer.set({ ratings: this.checked('explorer-ratings').map(Number) }),
    );
    el('explorer-player').addEventListener('submit', (e) => {
      e.preventDefault();
      explorer.set({ name: el('explorer-name').value.trim() });
    });
    // Asked once the typing holds still (the explorer waits a moment before it asks).
    el('explorer-name').addEventListener('input', () =>
      explorer.set({ name: el('explorer-name').value.trim() }),
    );
    el('explorer-color').addEventListener('change', () =>
      explorer.set({ color: el('explorer-color').value === 'black' ? 'black' : 'white' }),
    );
    el('explorer-rows').addEventListener('click', (e) => {
      const row = (e.target as Element).closest<HTMLElement>('[data-path]');
      if (row) ctrl.playPath(row.dataset.path!.split('-').map(Number));
    });
  }

  /** A filter's checkbox with its label (a speed's name follows the page's language). */
  private check(name: string, value: string, label: () => string, key?: Key): HTMLLabelElement {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = name;
    box.value = value;
    const text = document.createElement('span');
    text.textContent = label();
    if (key) text.dataset.i18n = key;
    const l = document.createElement('label');
    l.append(box, ' ', text);
    return l;
  }

  private checked(id: 'explorer-speeds' | 'explorer-ratings'): string[] {
    return [...this.el(id).querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
  }

  draw(): void {
    const { el, ctrl } = this;
    const { prefs, state } = ctrl.explorer;
    for (const source of SOURCES) {
      const tab = el(TAB[source]);
      const on = source === prefs.source;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    el('explorer-body').setAttribute('aria-labelledby', TAB[prefs.source]);
    el('explorer-speeds').hidden = prefs.source === 'masters';
    el('explorer-ratings').hidden = prefs.source !== 'lichess';
    el('explorer-player').hidden = prefs.source !== 'player';
    for (const b of el('explorer-speeds').querySelectorAll('input'))
      b.checked = prefs.speeds.includes(b.value as Speed);
    for (const b of el('explorer-ratings').querySelectorAll('input'))
      b.checked = prefs.ratings.includes(Number(b.value));
    const name = el('explorer-name');
    if (document.activeElement !== name) name.value = prefs.name;
    el('explorer-color').value = prefs.color;

    const answer =
      state.status === 'done' ? state.answer : state.status === 'loading' ? state.stale : null;
    const status = el('explorer-status');
    const error = el('explorer-error');
    error.hidden = state.status !== 'error';
    error.textContent = state.status === 'error' ? state.message : '';
    status.textContent =
      state.status === 'loading'
        ? t('explorer.loading')
        : state.status === 'idle' && prefs.source === 'player'
          ? t('explorer.namePlayer')
          : state.status === 'done' && state.answer.moves.length === 0
            ? t('explorer.empty')
            : '';
    status.hidden = status.textContent === '';
    const body = el('explorer-body');
    body.classList.toggle('stale', state.status === 'loading');
    body.setAttribute('aria-busy', String(state.status === 'loading'));
    const shown = state.status === 'error' || state.status === 'idle' ? null : answer;
    const opening = el('explorer-opening');
    opening.hidden = !shown?.opening;
    opening.textContent = shown?.opening
      ? (shown.opening.code ? `${shown.opening.code} ` : '') + shown.opening.name
      : '';
    const table = el('explorer-table');
    table.hidden = !shown || shown.moves.length === 0;
    const lang = language();
    drawList(el('explorer-rows'), [shown, lang], () => (shown ? this.rows(shown) : []));
    for (const [id, games, title] of [
      ['explorer-top', shown?.topGames ?? [], 'explorer-top-title'],
      ['explorer-recent', shown?.recentGames ?? [], 'explorer-recent-title'],
    ] as const) {
      el(title).hidden = games.length === 0;
      drawList(el(id), [games, lang], () =>
        games.map((g) => this.gameItem(g, shown!.variant, prefs.source === 'masters')),
      );
    }
  }

  /** The moves' rows, most played first, then the total. */
  private rows(answer: ExplorerAnswer): HTMLTableRowElement[] {
    const rows = answer.moves.map((m) => this.row(m));
    const total = this.row({
      move: '',
      path: [],
      white: answer.white,
      draws: answer.draws,
      black: answer.black,
      averageRating: null,
    });
    total.classList.add('explorer-total');
    return rows.length ? [...rows, total] : [];
  }

  private row(m: ExplorerMove): HTMLTableRowElement {
    const games = m.white + m.draws + m.black;
    const nf = new Intl.NumberFormat(language());
    const tr = document.createElement('tr');
    const move = document.createElement('th');
    move.scope = 'row';
    if (m.path.length) {
      tr.dataset.path = m.path.join('-');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tree-move';
      b.textContent = m.move;
      b.title = t('explorer.play', { move: m.move });
      move.append(b);
    } else move.textContent = t('explorer.total');
    const count = document.createElement('td');
    count.className = 'explorer-count';
    count.textContent = nf.format(games);
    const bar = document.createElement('td');
    bar.append(this.bar(m.white, m.draws, m.black));
    const rating = document.createElement('td');
    rating.className = 'explorer-count';
    rating.textContent = m.averageRating === null ? '' : nf.format(Math.round(m.averageRating));
    tr.append(move, count, bar, rating);
    return tr;
  }

  /** White's wins, draws and Black's wins as widths; their percentages said as text too. */
  private bar(white: number, draws: number, black: number): HTMLElement {
    const all = white + draws + black;
    const p = {
      white: percent(white, all),
      draws: percent(draws, all),
      black: percent(black, all),
    };
    const box = document.createElement('div');
    box.className = 'result-bar';
    const said = document.createElement('span');
    said.className = 'sr-only';
    said.textContent = t('explorer.resultText', p);
    box.append(said);
    for (const part of ['white', 'draws', 'black'] as const) {
      const n = { white, draws, black }[part];
      if (n === 0) continue;
      const s = document.createElement('span');
      s.className = `result-${part}`;
      s.style.width = `${(n * 100) / all}%`;
      s.setAttribute('aria-hidden', 'true');
      // The number inside where there is room for it.
      s.textContent = p[part] >= 12 ? `${p[part]}%` : '';
      s.dataset.percent = String(p[part]);
      box.append(s);
    }
    return box;
  }

  /** A game of the lists: its players and ratings, result, date or event; a link to it. */
  private gameItem(g: ExplorerGame, variant: VariantId, masters: boolean): HTMLLIElement {
    const li = document.createElement('li');
    const side = (p: ExplorerGame['white']) =>
      p.rating === null ? p.name : `${p.name} (${p.rating})`;
    const players = `${side(g.white)} – ${side(g.black)}`;
    const result = document.createElement('span');
    result.className = 'explorer-result';
    result.textContent = resultText(variant, g.winner);
    const when = document.createElement('span');
    when.className = 'hint';
    when.textContent = [g.event, g.date, g.speed && speedName(g.speed)].filter(Boolean).join(' · ');
    let open: HTMLElement;
    if (masters) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.textContent = players;
      b.title = t('explorer.openGame');
      b.addEventListener('click', () => void this.ctrl.openMastersGame(g.id));
      open = b;
    } else {
      const a = document.createElement('a');
      a.href = `/game/${encodeURIComponent(g.id)}`;
      a.textContent = players;
      open = a;
    }
    const move = document.createElement('span');
    move.className = 'explorer-game-move';
    move.textContent = g.move;
    li.append(open, ' ', result, ' ', move, ' ', when);
    return li;
  }
}
