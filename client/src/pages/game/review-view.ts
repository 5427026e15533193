/**
 * The analysis under a finished game: "Analyse this game", the progress, White's winning chances
 * ply by ply as a graph, and the marked moves with the engine's best move beside each.
 */
import type { AnalysedPosition, GameAnalysis } from '../../../../src/common/protocol.js';
import type { Round } from './round.js';
import { t } from '../../lib/i18n/index.js';
import type { El } from '../../lib/dom.js';
import type { GAME_IDS } from './ids.js';

type GameEl = El<typeof GAME_IDS>;

const SVG = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 80;
const MARK = { inaccuracy: '?!', mistake: '?', blunder: '??' } as const;

export function drawReview(el: GameEl, game: Round | null, analysis: GameAnalysis | null): void {
  const over = game?.state.status === 'finished';
  el('analyse').hidden = !(over && (analysis === null || analysis.status === 'failed'));
  const box = el('review');
  box.hidden = !over || analysis === null;
  if (box.hidden || !analysis) return;
  const { done, total } = analysis.progress;
  el('review-status').textContent =
    analysis.status === 'done'
      ? t('review.done')
      : analysis.status === 'failed'
        ? t('review.failed')
        : t('review.running', { done, total });
  graph(el, analysis.positions, total);
  marks(el, analysis.positions);
}

/** White's chances from +1 (top) to -1 (bottom), one point per position. */
function graph(el: GameEl, positions: AnalysedPosition[], total: number): void {
  const svg = el('eval-graph');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const x = (i: number) => (total > 1 ? (i / (total - 1)) * W : 0);
  const y = (c: number) => ((1 - c) / 2) * H;
  const mid = document.createElementNS(SVG, 'line');
  mid.setAttribute('x1', '0');
  mid.setAttribute('x2', String(W));
  mid.setAttribute('y1', String(H / 2));
  mid.setAttribute('y2', String(H / 2));
  mid.setAttribute('class', 'mid');
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', positions.map((p, i) => `${x(i)},${y(p.chance)}`).join(' '));
  line.setAttribute('class', 'chances');
  const dots = positions
    .filter((p) => p.judgement)
    .map((p) => {
      const c = document.createElementNS(SVG, 'circle');
      c.setAttribute('cx', String(x(p.ply + 1)));
      c.setAttribute('cy', String(y(positions[p.ply + 1]?.chance ?? p.chance)));
      c.setAttribute('r', '2.5');
      c.setAttribute('class', `mark ${p.judgement}`);
      return c;
    });
  svg.replaceChildren(mid, line, ...dots);
  svg.setAttribute('aria-label', t('review.graph', { count: positions.length }));
}

/** "7. 18-14?? best 18-15", one line per marked move. */
function marks(el: GameEl, positions: AnalysedPosition[]): void {
  const items = positions
    .filter((p) => p.judgement && p.move)
    .map((p) => {
      const li = document.createElement('li');
      li.className = p.judgement as string;
      // The side from the position (English and set-up games need not start with White).
      const side = p.fen.startsWith('W') ? 'white' : 'black';
      const judgement = p.judgement!;
      li.textContent = t(`review.mark.${side}`, {
        ply: p.ply + 1,
        move: `${p.move}${MARK[judgement]}`,
        judgement: t(`review.judgement.${judgement}`),
        best: String(p.best),
      });
      return li;
    });
  el('review-marks').replaceChildren(...items);
}
