/**
 * The board as SVG: one unit per square, your colour at the bottom, pieces drawn from the
 * position, legal destinations highlighted. Every dark square is a button, one of them in the
 * tab order (a roving focus): Tab reaches the board once, the arrow keys move between its
 * squares, Enter or Space picks one.
 */
import type { Position } from '../../../../src/rules/index.js';
import { t } from '../i18n/index.js';
import './board.css';
import { BoardDrag } from './drag.js';
import { pieceEl } from './piece.js';
import { el } from './svg.js';

export { el } from './svg.js';
export { pieceEl } from './piece.js';

/** What the board draws: a position, or the board editor's set-up (which may not be one yet). */
export type BoardPosition = Pick<Position, 'variant' | 'pieceAt'>;

/** A leg's glide (board.css's transition on .piece). */
const LEG_MS = 170;

export interface BoardState {
  position: BoardPosition;
  flipped: boolean;
  numbers: boolean;
  /** Files and ranks on the board's edges (a1 at White's bottom left). */
  coordinates?: boolean;
  selected: number | null;
  targets: readonly number[];
  /** The squares of the last move (its path), highlighted. */
  lastMove?: readonly number[];
  /** The premove queued (its path), marked apart. */
  premove?: readonly number[];
}

export class BoardView {
  private pick: (square: number) => void = () => undefined;
  private state: BoardState | null = null;
  /** The square the keyboard is on (the one square in the tab order). */
  private roving: number | null = null;
  private readonly drag: BoardDrag;

  /** `draggable`: pieces may be dragged to their square (not on the editor, where a click puts). */
  constructor(
    private readonly svg: SVGSVGElement,
    draggable = true,
  ) {
    // Presses, drags and releases (mouse, touch, pen) are the drag's, which picks as a click did.
    this.drag = new BoardDrag(svg, draggable, {
      state: () => this.state,
      pick: (sq) => this.pick(sq),
      squareAt: (x, y) => this.squareAt(x, y),
      centre: (sq) => this.xy(sq).map((v) => v + 0.5) as [number, number],
      redraw: () => this.state && this.render(this.state),
    });
    svg.addEventListener('click', (e) => {
      // A pointer's click was picked on its press or release (drag.ts); any other click (one
      // from assistive technology, with or without a detail) picks here.
      if (this.drag.clickHandled) return;
      const sq = (e.target as Element).closest('[data-square]')?.getAttribute('data-square');
      if (sq) this.pick(Number(sq));
    });
    svg.addEventListener('keydown', (e) => {
      const sq = (e.target as Element).getAttribute?.('data-square');
      if (!sq) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.pick(Number(sq));
        return;
      }
      const step = ARROWS[e.key];
      if (!step) return;
      // The arrows are the board's here, not the page's (stepping through moves).
      e.preventDefault();
      e.stopPropagation();
      const next = this.neighbour(Number(sq), step[0], step[1]);
      if (next !== null) this.focusSquare(next);
    });
    // A click does not take the focus: the arrow keys stay the page's (stepping through moves)
    // for a mouse player; a keyboard player Tabs into the board and its arrows move the focus.
    svg.addEventListener('mousedown', (e) => {
      e.preventDefault();
      // A field being typed in (the analysis board's FEN) is left, as a click would.
      const active = document.activeElement as HTMLElement | null;
      if (active && !svg.contains(active)) active.blur();
    });
    svg.addEventListener('focusin', (e) => {
      const sq = (e.target as Element).getAttribute?.('data-square');
      if (sq) this.focusSquare(Number(sq));
    });
  }

  onPick(fn: (square: number) => void): void {
    this.pick = fn;
  }

  /** The dark square nearest on screen in direction (dx, dy), or null at the edge. */
  private neighbour(square: number, dx: number, dy: number): number | null {
    const s = this.state;
    if (!s) return null;
    const [x, y] = this.xy(square);
    const at = (cx: number, cy: number) => this.squareAt(cx, cy);
    // Every square is played (turkish): the next one in the arrow's direction.
    if (s.position.variant.geometry.allSquares) return at(x + dx, y + dy);
    // Along a row the next dark square is two columns away; up or down, one column aside.
    if (dy === 0) return at(x + 2 * dx, y);
    return at(x + 1, y + dy) ?? at(x - 1, y + dy);
  }

  private focusSquare(square: number): void {
    if (this.roving === square && document.activeElement?.getAttribute('data-square')) return;
    this.roving = square;
    for (const r of this.svg.querySelectorAll('[data-square][tabindex]'))
      r.setAttribute('tabindex', r.getAttribute('data-square') === String(square) ? '0' : '-1');
    (this.svg.querySelector(`rect[data-square="${square}"]`) as SVGElement | null)?.focus();
  }

  /** The dark square at column x, row y on screen, or null (a light square, off the board). */
  private squareAt(x: number, y: number): number | null {
    const s = this.state;
    if (!s) return null;
    for (let sq = 1; sq <= s.position.variant.geometry.squares; sq++) {
      const [sx, sy] = this.xy(sq);
      if (sx === x && sy === y) return sq;
    }
    return null;
  }

  private xy(square: number): [number, number] {
    const s = this.state!;
    const g = s.position.variant.geometry;
    const r = g.rowOf[square - 1];
    const c = g.colOf[square - 1];
    return s.flipped ? [g.size - 1 - c, g.size - 1 - r] : [c, r];
  }

  render(state: BoardState): void {
    const focused = document.activeElement?.getAttribute('data-square');
    this.state = state;
    if (this.roving === null || this.roving > state.position.variant.geometry.squares)
      this.roving = state.selected ?? this.firstOwn(state);
    const { position, numbers, selected, targets } = state;
    const g = position.variant.geometry;
    const n = g.size;
    this.svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    // On a board of all squares (turkish) they look alike, lined apart (board.css).
    this.svg.classList.toggle('all-squares', g.allSquares);
    this.svg.dataset.size = String(n);
    this.svg.replaceChildren();
    const squares = el('g', {});
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++)
        squares.append(el('rect', { x: c, y: r, width: 1, height: 1, class: 'sq light' }));
    }
    const pieces = el('g', { class: 'pieces' });
    const marks = el('g', {});
    const numbersLayer = el('g', {});
    // Over the squares, under the pieces.
    const last = el('g', {});
    for (const sq of state.lastMove ?? []) {
      const [x, y] = this.xy(sq);
      last.append(el('rect', { x, y, width: 1, height: 1, class: 'last-move' }));
    }
    for (const sq of state.premove ?? []) {
      const [x, y] = this.xy(sq);
      last.append(el('rect', { x, y, width: 1, height: 1, class: 'premove', 'data-premove': sq }));
    }
    for (let sq = 1; sq <= g.squares; sq++) {
      const [x, y] = this.xy(sq);
      const p = position.pieceAt(sq);
      const what = p ? (`${p.color}${p.king ? 'King' : 'Man'}` as const) : 'empty';
      const label = t(`board.${targets.includes(sq) ? 'target' : 'square'}.${what}`, { n: sq });
      squares.append(
        el('rect', {
          x,
          y,
          width: 1,
          height: 1,
          class: 'sq dark',
          'data-square': sq,
          tabindex: sq === this.roving ? 0 : -1,
          role: 'button',
          'aria-label': label,
        }),
      );
      // Over the pieces (drawn last), so a number is never hidden under one.
      if (numbers) numbersLayer.append(text(x + 0.06, y + 0.3, String(sq)));
      if (p) {
        // A piece just dropped on its destination stays there while its move is on its way.
        const [px, py] = this.drag.shownAt(sq) ?? [x, y];
        pieces.append(pieceEl(sq, p.color, p.king, px, py));
      }
      if (sq === selected)
        marks.append(el('rect', { x, y, width: 1, height: 1, class: 'selected' }));
      if (targets.includes(sq)) {
        // The square, tinted under the pointer; a dot in its centre otherwise.
        marks.append(
          el('rect', { x, y, width: 1, height: 1, class: 'target', 'data-target': sq }),
          el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.15, class: 'target-dot' }),
        );
      }
    }
    // Under the pieces: a piece on the edge file is never written over (the label sits in the
    // square's corner, outside the piece).
    const coords = el('g', {});
    if (state.coordinates) {
      // Each label in the colour of the other kind of square, to be read on its own.
      // On an all-squares board every square has the light look: no dark ones to write on.
      const dark = new Set<string>();
      if (!g.allSquares) for (let sq = 1; sq <= g.squares; sq++) dark.add(this.xy(sq).join());
      coords.append(...edgeLabels(n, state.flipped, (x, y) => dark.has(`${x},${y}`)));
    }
    // The marks under the pieces (a piece picked sits on its tinted square, as on lichess).
    this.svg.append(squares, last, coords, marks, pieces, numbersLayer);
    if (focused)
      (this.svg.querySelector(`[data-square="${focused}"]`) as SVGElement | null)?.focus();
    this.drag.redrawn();
  }

  /** Where Tab first lands: a piece of the side at the bottom (yours), nearest the centre. */
  private firstOwn(state: BoardState): number {
    const mine = state.flipped ? 'black' : 'white';
    const g = state.position.variant.geometry;
    let best = 1;
    let bestY = -1;
    for (let sq = 1; sq <= g.squares; sq++) {
      if (state.position.pieceAt(sq)?.color !== mine) continue;
      const y = state.flipped ? g.size - 1 - g.rowOf[sq - 1] : g.rowOf[sq - 1];
      // The front row of my pieces (smallest y on screen), its first square.
      if (bestY === -1 || y < bestY) {
        bestY = y;
        best = sq;
      }
    }
    return best;
  }

  /** Shows a capture path on the board (the chooser's path under the pointer), or none. */
  preview(path: readonly number[] | null): void {
    this.svg.querySelector('.preview')?.remove();
    if (!path || !this.state) return;
    const g = el('g', { class: 'preview' });
    const centre = (sq: number) => this.xy(sq).map((v) => v + 0.5);
    path.forEach((sq, i) => {
      const [x, y] = centre(sq);
      if (i > 0) {
        const [px, py] = centre(path[i - 1]);
        g.append(el('line', { x1: px, y1: py, x2: x, y2: y, class: 'preview-leg' }));
      }
      g.append(
        el('circle', {
          cx: x,
          cy: y,
          r: i === path.length - 1 ? 0.16 : 0.1,
          class: 'preview-stop',
        }),
      );
    });
    this.svg.append(g);
  }

  /**
   * Moves the piece on path[0] along the path, gliding leg by leg (a CSS transition), and fades
   * the captured pieces; at once for a piece dropped there, or with less motion asked for.
   */
  async animate(path: readonly number[], captures: readonly number[]): Promise<void> {
    if (!this.state) return;
    const piece = this.svg.querySelector<SVGGElement>(`.piece[data-square="${path[0]}"]`);
    if (!piece) return;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const still = this.drag.dropped(path[0], path[path.length - 1]) || reduced;
    for (const sq of still ? path.slice(-1) : path.slice(1)) {
      const [x, y] = this.xy(sq);
      // CSS px in an SVG element's transform are its user units (one square = 1).
      piece.style.transform = `translate(${x + 0.5}px, ${y + 0.5}px)`;
      if (!still) await sleep(LEG_MS);
    }
    for (const c of captures)
      this.svg.querySelector(`.piece[data-square="${c}"]`)?.classList.add('gone');
    if (captures.length && !reduced) await sleep(250);
  }
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Files along the bottom row (at each square's bottom right) and ranks along the right-hand
 * column (top right): clear of the square numbers, which sit at the top left.
 */
function edgeLabels(
  n: number,
  flipped: boolean,
  dark: (x: number, y: number) => boolean,
): SVGElement[] {
  const labels: SVGElement[] = [];
  const on = (x: number, y: number) => (dark(x, y) ? 'on-dark' : 'on-light');
  for (let i = 0; i < n; i++) {
    const file = String.fromCharCode(97 + (flipped ? n - 1 - i : i));
    const rank = String(flipped ? i + 1 : n - i);
    labels.push(
      label(i + 0.96, n - 0.05, file, `coord file ${on(i, n - 1)}`),
      label(n - 0.04, i + 0.2, rank, `coord rank ${on(n - 1, i)}`),
    );
  }
  return labels;
}

function label(x: number, y: number, s: string, cls: string): SVGElement {
  const t = el('text', { x, y, class: cls, 'text-anchor': 'end', 'aria-hidden': 'true' });
  t.textContent = s;
  return t;
}

function text(x: number, y: number, s: string): SVGElement {
  const t = el('text', { x, y, class: 'num' });
  t.textContent = s;
  return t;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
