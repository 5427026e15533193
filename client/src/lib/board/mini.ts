/**
 * A small board that only shows (the lobby's daily puzzle): the squares, the last move and the
 * pieces, in the board's looks (board.css), with nothing to press or focus. What it shows is
 * said by the text beside it, so it is hidden from assistive technology.
 */
import type { Color } from '../../../../src/rules/index.js';
import type { BoardPosition } from './board.js';
import './board.css';
import { pieceEl } from './piece.js';
import { el } from './svg.js';

export function drawMiniBoard(
  svg: SVGSVGElement,
  position: BoardPosition,
  bottom: Color,
  lastMove: readonly number[] = [],
): void {
  const g = position.variant.geometry;
  const n = g.size;
  const flipped = bottom === 'black';
  const xy = (sq: number): [number, number] => {
    const r = g.rowOf[sq - 1];
    const c = g.colOf[sq - 1];
    return flipped ? [n - 1 - c, n - 1 - r] : [c, r];
  };
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.toggle('all-squares', g.allSquares);
  const squares = el('g', {});
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      squares.append(el('rect', { x: c, y: r, width: 1, height: 1, class: 'sq light' }));
  const last = el('g', {});
  const pieces = el('g', { class: 'pieces' });
  for (let sq = 1; sq <= g.squares; sq++) {
    const [x, y] = xy(sq);
    squares.append(el('rect', { x, y, width: 1, height: 1, class: 'sq dark' }));
    if (lastMove.includes(sq))
      last.append(el('rect', { x, y, width: 1, height: 1, class: 'last-move' }));
    const p = position.pieceAt(sq);
    if (p) pieces.append(pieceEl(sq, p.color, p.king, x, y));
  }
  svg.replaceChildren(squares, last, pieces);
}
