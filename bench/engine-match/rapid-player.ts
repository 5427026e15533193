/**
 * rapid-draughts' alpha-beta AI as a match player. It keeps its own game in step with ours (each
 * move played on both); its moves come back as ours by matching origin, destination and the
 * captured squares against our generated legal moves (its squares are ours less one). A move
 * that matches none is a bug in one of the two move generators: the match stops loudly.
 */
import type { Move, Position } from '../../src/rules/index.js';

interface Move1D {
  readonly origin: number;
  readonly destination: number;
  readonly captures: readonly number[];
}
interface Game1D {
  readonly moves: readonly Move1D[];
  move(m: Move1D): void;
}
// Its .d.ts re-exports without file extensions (nodenext cannot follow them): typed here.
const { EnglishDraughts, EnglishDraughtsComputerFactory } =
  (await import('rapid-draughts/english')) as unknown as {
    EnglishDraughts: { setup(): Game1D };
    EnglishDraughtsComputerFactory: {
      alphaBeta(o: { maxDepth: number }): (g: Game1D) => Promise<Move1D>;
    };
  };

const key = (from: number, to: number, captures: readonly number[]) =>
  `${from}-${to}:${[...captures].sort((a, b) => a - b).join(',')}`;

export class RapidPlayer {
  private readonly game = EnglishDraughts.setup();
  private readonly ai: (g: Game1D) => Promise<Move1D>;

  constructor(readonly depth: number) {
    this.ai = EnglishDraughtsComputerFactory.alphaBeta({ maxDepth: depth });
  }

  /** Plays a move (either side's) on its board. */
  play(move: Move): void {
    const want = key(move.from, move.to, move.captures);
    const m = this.game.moves.find(
      (x) =>
        key(
          x.origin + 1,
          x.destination + 1,
          x.captures.map((c) => c + 1),
        ) === want,
    );
    if (!m) throw new Error(`rapid-draughts has no move ${want} here`);
    this.game.move(m);
  }

  /** Its choice in `pos` (which must be the position its board holds), as our legal move. */
  async choose(pos: Position): Promise<Move> {
    const m = await this.ai(this.game);
    const want = key(
      m.origin + 1,
      m.destination + 1,
      m.captures.map((c) => c + 1),
    );
    const ours = pos.legalMoves().find((x) => key(x.from, x.to, x.captures) === want);
    if (!ours) throw new Error(`rapid-draughts chose ${want}, not a legal move here`);
    return ours;
  }
}
