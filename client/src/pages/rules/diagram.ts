/**
 * A diagram: a position drawn still (no squares to pick), any board the rules library knows
 * (8x8, 10x10, 12x12, every square playable or every other one), from its geometry's row and
 * column of each square; a move drawn as an arrow through its squares, the pieces it takes and
 * any squares marked ringed. The board's own look (board.css, pieces as on the board).
 */
import type { Position } from '../../../../src/rules/index.js';
import { el, pieceEl } from '../../lib/board/board.js';
import type { Diagram } from './catalog.js';

let arrows = 0;

/** The figure: the board as an image labelled by its caption. */
export function diagramFigure(position: Position, d: Diagram, caption: string): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'rules-diagram';
  const g = position.variant.geometry;
  const n = g.size;
  // Every square played (turkish): lines between them, as such a board has.
  const every = g.squares === n * n ? ' every-square' : '';
  const svg = el('svg', { viewBox: `0 0 ${n} ${n}`, class: `board diagram${every}`, role: 'img' });
  const id = `rules-caption-${++arrows}`;
  svg.setAttribute('aria-labelledby', id);
  const xy = (sq: number): [number, number] => [g.colOf[sq - 1], g.rowOf[sq - 1]];
  const squares = el('g', {});
  // Every square light, then the playable ones dark (all of them on a board that plays all 64).
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      squares.append(el('rect', { x: c, y: r, width: 1, height: 1, class: 'sq light' }));
  const pieces = el('g', { class: 'pieces' });
  for (let sq = 1; sq <= g.squares; sq++) {
    const [x, y] = xy(sq);
    squares.append(el('rect', { x, y, width: 1, height: 1, class: 'sq dark' }));
    const p = position.pieceAt(sq);
    if (p) pieces.append(pieceEl(sq, p.color, p.king, x, y));
  }
  const marks = el('g', {});
  const move = d.move ? position.legalMoves().find((m) => same(m.path, d.move!)) : undefined;
  for (const sq of [...(move?.captures ?? []), ...(d.marks ?? [])]) {
    const [x, y] = xy(sq);
    marks.append(el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.46, class: 'diagram-mark' }));
  }
  svg.append(squares, pieces, marks);
  if (d.move) svg.append(arrow(d.move.map((sq) => xy(sq).map((v) => v + 0.5) as [number, number])));
  const text = document.createElement('figcaption');
  text.id = id;
  text.textContent = caption;
  figure.append(svg, text);
  return figure;
}

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** A line through the points, its head at the last one (drawn as a path: no marker ids). */
function arrow(points: [number, number][]): SVGElement {
  const group = el('g', { class: 'diagram-arrow' });
  const [[lx, ly], [ex, ey]] = [points[points.length - 2], points[points.length - 1]];
  const len = Math.hypot(ex - lx, ey - ly);
  const [ux, uy] = [(ex - lx) / len, (ey - ly) / len];
  // The line stops short of the tip, under the head.
  const stop: [number, number] = [ex - ux * 0.3, ey - uy * 0.3];
  const line = [...points.slice(0, -1), stop].map(([x, y]) => `${r(x)} ${r(y)}`).join(' L');
  group.append(el('path', { d: `M${line}`, class: 'diagram-arrow-line' }));
  const [px, py] = [-uy, ux];
  const head = [
    [ex, ey],
    [ex - ux * 0.4 + px * 0.22, ey - uy * 0.4 + py * 0.22],
    [ex - ux * 0.4 - px * 0.22, ey - uy * 0.4 - py * 0.22],
  ];
  group.append(
    el('path', {
      d: `M${head.map(([x, y]) => `${r(x)} ${r(y)}`).join(' L')}Z`,
      class: 'diagram-arrow-head',
    }),
  );
  return group;
}

const r = (v: number) => +v.toFixed(3);
