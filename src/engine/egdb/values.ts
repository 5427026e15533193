/**
 * One byte per position, from the side to move's view: 0 a draw, d + 1 a result in d plies with
 * best play (d odd: the side to move wins, its move ends it; d even: it loses, 0 = no move now),
 * 255 an unused index. Distances end the game by the rules of play (no move, no piece); the draw
 * rules that count moves are left to the search, which knows the counters.
 */
export const DRAW = 0;
export const UNUSED = 255;
/** The longest distance a byte holds. */
export const MAX_DISTANCE = 253;

export const encode = (plies: number): number => plies + 1;
/** The distance of a non-draw value. */
export const distance = (v: number): number => v - 1;
export const isWin = (v: number): boolean => v !== DRAW && v !== UNUSED && (v & 1) === 0;
export const isLoss = (v: number): boolean => v !== UNUSED && (v & 1) === 1;

/** -1 loss, 0 draw, 1 win, for reports and tests. */
export function outcomeOf(v: number): -1 | 0 | 1 {
  if (v === DRAW) return 0;
  return isWin(v) ? 1 : -1;
}

/**
 * The value a position must have given its successors' values (each from the opponent's view):
 * a win in 1 + the shortest lost successor, else a draw if one is drawn, else a loss in 1 + the
 * longest won successor; no move is a loss now. Shared by the builder's forward pass and the
 * verifier, so both apply one definition.
 */
export class Best {
  win = Infinity;
  lose = -1;
  draw = false;
  reset(): void {
    this.win = Infinity;
    this.lose = -1;
    this.draw = false;
  }
  add(succ: number): void {
    if (succ === DRAW) this.draw = true;
    else if (isLoss(succ)) this.win = Math.min(this.win, distance(succ) + 1);
    else this.lose = Math.max(this.lose, distance(succ) + 1);
  }
  /** The value when every move has been added (no move at all: a loss now). */
  value(): number {
    if (this.win !== Infinity) return encode(this.win);
    if (this.draw) return DRAW;
    return encode(Math.max(0, this.lose));
  }
}
