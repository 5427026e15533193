/**
 * The board editor's set-up: any pieces on any squares and the side to move, written as FEN
 * and checked by the rules' own checks (startPosition) before it can be analysed or played.
 */
import {
  getVariant,
  Position,
  startPosition,
  type Color,
  type PieceInfo,
  type RulesResult,
  type Variant,
  type VariantId,
} from '../../../../src/rules/index.js';

/** What a click on a square puts there. */
export type Tool = 'white-man' | 'white-king' | 'black-man' | 'black-king' | 'empty';

export class Editor {
  readonly variant: Variant;
  private readonly pieces = new Map<number, PieceInfo>();

  private constructor(
    variant: VariantId,
    public turn: Color,
  ) {
    this.variant = getVariant(variant);
  }

  /** A set-up with `position`'s pieces and side to move. */
  static from(position: Position): Editor {
    const e = new Editor(position.variant.id, position.turn);
    for (let sq = 1; sq <= position.variant.geometry.squares; sq++) {
      const p = position.pieceAt(sq);
      if (p) e.pieces.set(sq, p);
    }
    return e;
  }

  static initial(variant: VariantId): Editor {
    return Editor.from(Position.initial(variant));
  }

  pieceAt(sq: number): PieceInfo | null {
    return this.pieces.get(sq) ?? null;
  }

  /** A click with `tool` on `sq`: the piece goes there, or, if it is already there, comes off. */
  apply(sq: number, tool: Tool): void {
    const here = this.pieces.get(sq);
    if (tool === 'empty') return void this.pieces.delete(sq);
    const [color, kind] = tool.split('-') as [Color, 'man' | 'king'];
    if (here && here.color === color && here.king === (kind === 'king')) this.pieces.delete(sq);
    else this.pieces.set(sq, { square: sq, color, king: kind === 'king' });
  }

  clear(): void {
    this.pieces.clear();
  }

  get fen(): string {
    const side = (color: Color) =>
      [...this.pieces.entries()]
        .filter(([, p]) => p.color === color)
        .sort(([a], [b]) => a - b)
        .map(([sq, p]) => `${p.king ? 'K' : ''}${sq}`)
        .join(',');
    return `${this.turn === 'white' ? 'W' : 'B'}:W${side('white')}:B${side('black')}`;
  }

  /** The position, if a game may start from it; else why not (the rules' message). */
  check(): RulesResult<Position> {
    return startPosition(this.variant, this.fen);
  }
}

/** An editor from a FEN typed in: the rules read it (a game already over may still be edited). */
export function editorFromFen(variant: VariantId, fen: string): RulesResult<Editor> {
  const parsed = Position.fromFen(variant, fen);
  return parsed.ok ? { ok: true, value: Editor.from(parsed.value) } : parsed;
}
