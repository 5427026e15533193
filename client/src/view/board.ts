/**
 * The board as SVG: one unit per square, your colour at the bottom, pieces drawn from the
 * position, legal destinations highlighted. Every dark square is a focusable button, so the
 * game can be played with the keyboard (Tab to a square, Enter or Space to pick it).
 */
import type { Position } from '../../../src/rules/index.js';

/** What the board draws: a position, or the board editor's set-up (which may not be one yet). */
export type BoardPosition = Pick<Position, 'variant' | 'pieceAt'>;

const NS = 'http://www.w3.org/2000/svg';
const LEG_MS = 170;

export interface BoardState {
  position: BoardPosition;
  flipped: boolean;
  numbers: boolean;
  selected: number | null;
  targets: readonly number[];
}

export class BoardView {
  private pick: (square: number) => void = () => undefined;
  private state: BoardState | null = null;

  constructor(private readonly svg: SVGSVGElement) {
    svg.addEventListener('click', (e) => {
      const sq = (e.target as Element).closest('[data-square]')?.getAttribute('data-square');
      if (sq) this.pick(Number(sq));
    });
    svg.addEventListener('keydown', (e) => {
      const sq = (e.target as Element).getAttribute?.('data-square');
      if (sq && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.pick(Number(sq));
      }
    });
  }

  onPick(fn: (square: number) => void): void {
    this.pick = fn;
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
    const { position, numbers, selected, targets } = state;
    const g = position.variant.geometry;
    const n = g.size;
    this.svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    this.svg.replaceChildren();
    const squares = el('g', {});
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++)
        squares.append(el('rect', { x: c, y: r, width: 1, height: 1, class: 'sq light' }));
    }
    const pieces = el('g', {});
    const marks = el('g', {});
    for (let sq = 1; sq <= g.squares; sq++) {
      const [x, y] = this.xy(sq);
      const p = position.pieceAt(sq);
      const label = `square ${sq}, ${p ? `${p.color} ${p.king ? 'king' : 'man'}` : 'empty'}${targets.includes(sq) ? ', legal destination' : ''}`;
      squares.append(
        el('rect', {
          x,
          y,
          width: 1,
          height: 1,
          class: 'sq dark',
          'data-square': sq,
          tabindex: 0,
          role: 'button',
          'aria-label': label,
        }),
      );
      if (numbers) squares.append(text(x + 0.06, y + 0.3, String(sq)));
      if (p) pieces.append(pieceEl(sq, p.color, p.king, x, y));
      if (sq === selected)
        marks.append(
          el('rect', { x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, class: 'selected' }),
        );
      if (targets.includes(sq)) {
        marks.append(
          el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.42, class: 'target', 'data-target': sq }),
        );
        marks.append(el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.1, class: 'target-dot' }));
      }
    }
    this.svg.append(squares, pieces, marks);
    if (focused)
      (this.svg.querySelector(`[data-square="${focused}"]`) as SVGElement | null)?.focus();
  }

  /** Moves the piece on path[0] along the path, leg by leg, and fades the captured pieces. */
  async animate(path: readonly number[], captures: readonly number[]): Promise<void> {
    if (!this.state) return;
    const piece = this.svg.querySelector<SVGGElement>(`.piece[data-square="${path[0]}"]`);
    if (!piece) return;
    for (const sq of path.slice(1)) {
      const [x, y] = this.xy(sq);
      piece.setAttribute('transform', `translate(${x + 0.5} ${y + 0.5})`);
      await sleep(LEG_MS);
    }
    for (const c of captures)
      this.svg.querySelector(`.piece[data-square="${c}"]`)?.classList.add('gone');
    if (captures.length) await sleep(250);
  }
}

function pieceEl(sq: number, color: string, king: boolean, x: number, y: number): SVGElement {
  const g = el('g', {
    class: `piece ${color}`,
    'data-square': sq,
    transform: `translate(${x + 0.5} ${y + 0.5})`,
  });
  g.append(el('circle', { r: 0.38, class: 'body' }));
  if (king) g.append(el('circle', { r: 0.2, class: 'crown' }));
  return g;
}

function text(x: number, y: number, s: string): SVGElement {
  const t = el('text', { x, y, class: 'num' });
  t.textContent = s;
  return t;
}

function el(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
