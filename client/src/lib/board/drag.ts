/**
 * The board's pointer (mouse, touch, pen): a press on a piece picks its square at once (the page
 * selects it and shows its targets), a drag carries the piece under the pointer, a release over
 * another dark square picks that square; a press and release on one square is one click, picked
 * once. Dropped off the board (or on a light square) the piece goes back.
 */
/** What the drag reads of the board drawn (board.ts's BoardState has it). */
export interface DragView {
  position: { pieceAt(square: number): unknown };
  selected: number | null;
  targets: readonly number[];
  premove?: readonly number[];
}

/** How far (CSS px) a press moves before it is a drag rather than a click. */
const SLOP = 4;
/** How long a dropped piece is shown on its destination while its move is on its way. */
const DROP_MS = 1500;

export interface DragHost {
  state(): DragView | null;
  pick(square: number): void;
  /** The dark square at column x, row y on screen. */
  squareAt(x: number, y: number): number | null;
  /** A square's centre, in board units. */
  centre(square: number): [number, number];
  redraw(): void;
}

interface Press {
  pointer: number;
  from: number;
  /** Picked on the press (a piece not yet selected): the release picks nothing more. */
  picked: boolean;
  x: number;
  y: number;
  dragging: boolean;
  /** Where the dragged piece is, in board units. */
  at: [number, number];
}

export class BoardDrag {
  private press: Press | null = null;
  private drop: { from: number; to: number; until: number } | null = null;
  private hovered: number | null = null;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly draggable: boolean,
    private readonly host: DragHost,
  ) {
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.move(e));
    svg.addEventListener('pointerup', (e) => this.up(e));
    svg.addEventListener('pointercancel', () => this.cancel());
    svg.addEventListener('pointerleave', () => this.hover(null));
  }

  /** Board units (a square = 1) of a pointer's place, or null off the board. */
  private point(e: PointerEvent): [number, number] | null {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  private squareOf(e: PointerEvent): number | null {
    const p = this.point(e);
    return p && this.host.squareAt(Math.floor(p[0]), Math.floor(p[1]));
  }

  private down(e: PointerEvent): void {
    const state = this.host.state();
    if (e.button !== 0 || !state) return;
    const from = this.squareOf(e);
    if (from === null) return;
    this.drop = null;
    // A piece already selected is picked on the release (unless dragged): as a click would.
    const picked = this.draggable && !!state.position.pieceAt(from) && state.selected !== from;
    const at = this.host.centre(from);
    this.press = {
      pointer: e.pointerId,
      from,
      picked,
      x: e.clientX,
      y: e.clientY,
      dragging: false,
      at,
    };
    // The pointer's later events (and the click after them) come to the board even off it.
    this.svg.setPointerCapture(e.pointerId);
    if (picked) this.host.pick(from);
  }

  private move(e: PointerEvent): void {
    this.hover(this.squareOf(e));
    const p = this.press;
    if (!p || p.pointer !== e.pointerId) return;
    if (!p.dragging) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < SLOP) return;
      // Only a piece the page selected (one that may move, or premove) is carried.
      const state = this.host.state();
      if (!this.draggable || state?.selected !== p.from || !state.position.pieceAt(p.from)) return;
      p.dragging = true;
    }
    p.at = this.point(e) ?? p.at;
    this.follow();
  }

  /** When a press of ours last ended: the click the browser sends after it is that press's. */
  private releasedAt = -Infinity;

  /** Whether a click now is the one after a press this handled (not a click of its own). */
  get clickHandled(): boolean {
    return performance.now() - this.releasedAt < 600;
  }

  private up(e: PointerEvent): void {
    const p = this.press;
    if (!p || p.pointer !== e.pointerId) return;
    this.press = null;
    this.releasedAt = performance.now();
    const to = this.squareOf(e);
    if (!p.dragging) {
      if (!p.picked && to === p.from) this.host.pick(to);
      return;
    }
    // Off the board, home again, or on a square it may not go to: back, still selected.
    if (to === null || !this.host.state()?.targets.includes(to)) return this.host.redraw();
    this.drop = { from: p.from, to, until: Date.now() + DROP_MS };
    this.host.redraw();
    this.host.pick(to);
    // Not played after all (refused, or waiting for a path to be chosen long): back to its square.
    if (this.drop) setTimeout(() => this.expire(), DROP_MS + 50);
  }

  private expire(): void {
    if (!this.drop || Date.now() < this.drop.until) return;
    this.drop = null;
    this.host.redraw();
  }

  private cancel(): void {
    const was = this.press?.dragging;
    this.press = null;
    if (was) this.host.redraw();
  }

  /** The dragged piece under the pointer, over the others. */
  private follow(): void {
    const p = this.press;
    if (!p?.dragging) return;
    const piece = this.svg.querySelector<SVGGElement>(`.piece[data-square="${p.from}"]`);
    if (!piece) return;
    piece.classList.add('dragging');
    piece.style.transform = `translate(${p.at[0]}px, ${p.at[1]}px)`;
    if (piece.nextSibling) piece.parentNode?.append(piece);
  }

  /** The destination under the pointer tinted (lichess's hover). */
  private hover(sq: number | null): void {
    if (sq === this.hovered) return;
    this.hovered = sq;
    for (const t of this.svg.querySelectorAll('.target.hover')) t.classList.remove('hover');
    if (sq !== null) this.svg.querySelector(`.target[data-target="${sq}"]`)?.classList.add('hover');
  }

  /** After the board is drawn again: the drag and the hover carry on over the new squares. */
  redrawn(): void {
    // The move made (its piece gone from home): a later position is drawn as it is.
    if (this.drop && !this.host.state()?.position.pieceAt(this.drop.from)) this.drop = null;
    this.follow();
    const sq = this.hovered;
    this.hovered = null;
    this.hover(sq);
  }

  /**
   * Where the piece on `sq` is drawn instead of its square (column, row): on the square it was
   * dropped on, while the position still has it on its own square and the page waits for the move
   * (the server's answer; a choice of paths); a premove's piece stays home, marked.
   */
  shownAt(sq: number): [number, number] | null {
    const d = this.drop;
    const state = this.host.state();
    if (!d || d.from !== sq || !state || Date.now() > d.until) return null;
    if (state.premove?.length || state.position.pieceAt(d.to)) return null;
    const [x, y] = this.host.centre(d.to);
    return [x - 0.5, y - 0.5];
  }

  /** Whether the move from → to is the piece just dropped there (not to glide again). */
  dropped(from: number, to: number): boolean {
    const d = this.drop;
    return !!d && d.from === from && d.to === to;
  }
}
