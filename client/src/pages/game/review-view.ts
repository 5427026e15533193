/**
 * The analysis of a finished game: "Analyse this game", the progress, White's winning chances
 * ply by ply as a graph (the ply shown marked on it), a summary per side, the marked moves with
 * the engine's best move beside each, and the marks (?!, ?, ??) in the move list. The graph, a
 * mark and a marked move are the way to that ply (view.ts binds the clicks: data-ply, and the
 * graph's positions in data-total).
 */
import type { AnalysisSummary, GameAnalysis } from '../../../../src/common/protocol.js';
import type { Color } from '../../../../src/rules/index.js';
import { shownPly, type Round } from './round.js';
import { displayName } from '../../lib/display-name.js';
import { t } from '../../lib/i18n/index.js';
import type { El } from '../../lib/dom.js';
import { sideName } from '../../lib/player-name.js';
import type { GAME_IDS } from './ids.js';
import { lossPoints, MARK, markedMoves, type MarkedMove } from './review-rules.js';

type GameEl = El<typeof GAME_IDS>;

const SVG = 'http://www.w3.org/2000/svg';
/** The graph's own coordinates (its viewBox). */
export const GRAPH_W = 300;
const H = 80;

export function drawReview(el: GameEl, game: Round | null, analysis: GameAnalysis | null): void {
  const over = game?.state.status === 'finished';
  el('analyse').hidden = !(over && (analysis === null || analysis.status === 'failed'));
  const box = el('review');
  box.hidden = !over || analysis === null;
  if (box.hidden || !analysis || !game) return;
  const { done, total } = analysis.progress;
  el('review-status').textContent =
    analysis.status === 'done'
      ? t('review.done')
      : analysis.status === 'failed'
        ? t('review.failed')
        : t('review.running', { done, total });
  const shown = shownPly(game);
  const marked = markedMoves(analysis.positions, game.state.variant);
  graph(el, analysis, shown);
  el('review-clean').hidden = analysis.status !== 'done' || marked.length > 0;
  summary(el, game, analysis.summary);
  marks(el, marked, shown);
  markMoveList(el, marked);
}

/** White's chances from +1 (top) to -1 (bottom), one point per position; the ply shown. */
function graph(el: GameEl, analysis: GameAnalysis, shown: number): void {
  const { positions } = analysis;
  const total = analysis.progress.total;
  const svg = el('eval-graph');
  svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${H}`);
  svg.dataset.total = String(total);
  const x = (i: number) => (total > 1 ? (i / (total - 1)) * GRAPH_W : 0);
  const y = (c: number) => ((1 - c) / 2) * H;
  const line = (x1: number, y1: number, x2: number, y2: number, className: string) => {
    const l = document.createElementNS(SVG, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) l.setAttribute(k, String(v));
    l.setAttribute('class', className);
    return l;
  };
  const chances = document.createElementNS(SVG, 'polyline');
  chances.setAttribute('points', positions.map((p, i) => `${x(i)},${y(p.chance)}`).join(' '));
  chances.setAttribute('class', 'chances');
  const dots = positions
    .filter((p) => p.judgement)
    .map((p) => {
      const c = document.createElementNS(SVG, 'circle');
      c.setAttribute('cx', String(x(p.ply + 1)));
      c.setAttribute('cy', String(y(positions[p.ply + 1]?.chance ?? p.chance)));
      c.setAttribute('r', '3');
      c.setAttribute('class', `mark ${p.judgement}`);
      c.dataset.ply = String(p.ply + 1);
      return c;
    });
  const cursor = line(x(shown), 0, x(shown), H, 'cursor');
  svg.replaceChildren(line(0, H / 2, GRAPH_W, H / 2, 'mid'), chances, cursor, ...dots);
  svg.setAttribute('aria-label', t('review.graph', { count: positions.length }));
}

/** Per side: its marks and its average loss (once the analysis is done). */
function summary(el: GameEl, game: Round, s: GameAnalysis['summary']): void {
  el('review-summary').hidden = !s;
  if (!s) return;
  const row = (color: Color, side: AnalysisSummary) => {
    const tr = document.createElement('tr');
    tr.dataset.side = color;
    const cells = [
      t('gameReview.side', {
        side: t(`common.${color}`),
        name: displayName(sideName(game.state, color)),
      }),
      String(side.inaccuracies),
      String(side.mistakes),
      String(side.blunders),
      t('gameReview.lossPoints', { points: lossPoints(side.averageLoss) }),
    ];
    tr.append(
      ...cells.map((text, i) => {
        const td = document.createElement(i === 0 ? 'th' : 'td');
        td.textContent = text;
        return td;
      }),
    );
    return tr;
  };
  el('review-summary-rows').replaceChildren(row('white', s.white), row('black', s.black));
}

/** "18. 32-28? mistake, best 33-28", one line per marked move, each the way to its ply. */
function marks(el: GameEl, marked: MarkedMove[], shown: number): void {
  const items = marked.map((m) => {
    const li = document.createElement('li');
    li.className = m.judgement;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mark-link';
    b.dataset.ply = String(m.ply);
    if (m.ply === shown) b.setAttribute('aria-current', 'step');
    b.textContent = t('gameReview.mark', {
      move: m.label,
      judgement: t(`review.judgement.${m.judgement}`),
      best: m.best ?? '—',
    });
    li.append(b);
    return li;
  });
  el('review-marks').replaceChildren(...items);
}

/** The move list's marked plies carry their mark (drawn after the list: drawMoves rebuilds it). */
function markMoveList(el: GameEl, marked: MarkedMove[]): void {
  for (const m of marked) {
    const b = el('moves').querySelector<HTMLElement>(`.ply[data-ply="${m.ply}"]`);
    if (!b || b.querySelector('.judgement')) continue;
    const mark = document.createElement('span');
    mark.className = `judgement ${m.judgement}`;
    mark.textContent = MARK[m.judgement];
    mark.title = t(`review.judgement.${m.judgement}`);
    b.append(mark);
  }
}
