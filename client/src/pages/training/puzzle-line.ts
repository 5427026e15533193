/**
 * PURE: a puzzle as the training pages play it (docs/PROTOCOL.md, puzzles). Its record's moves
 * are read once into positions; moves[0] is the opponent's last move, played in by the page; the
 * solver plays the odd indices, the opponent's replies are the even ones. A solver's move is
 * judged against the line's text in its position (moveToText), or an accepted alternative there.
 * No DOM, no network.
 */
import { PUZZLE_THEMES, type Puzzle, type PuzzleTheme } from '../../../../src/common/protocol.js';
import {
  isVariantId,
  moveToText,
  parseMoveText,
  Position,
  type Color,
  type Move,
} from '../../../../src/rules/index.js';

export type { DailyPuzzleView, Puzzle, PuzzleView } from '../../../../src/common/protocol.js';

/** What a solver's move does to the puzzle. */
export type Verdict =
  /** The line's move, and more to find. */
  | 'right'
  /** The line's last move, or an accepted alternative: solved. */
  | 'solved'
  | 'wrong';

/** Whether two moves of `pos` are one: the same text, or two routes with one captured set. */
export function sameMove(pos: Position, a: Move, text: string): boolean {
  if (moveToText(pos, a) === text) return true;
  const b = parseMoveText(pos, text);
  if (!b.ok || b.value.from !== a.from || b.value.to !== a.to) return false;
  const set = (m: Move) => [...m.captures].sort((x, y) => x - y).join();
  return a.captures.length > 0 && set(a) === set(b.value);
}

export class PuzzleLine {
  private constructor(
    readonly puzzle: Puzzle,
    /** positions[i]: the position moves[i] is played from; the last, after the last move. */
    readonly positions: Position[],
    /** The line's moves, read. */
    readonly moves: Move[],
  ) {}

  /** The puzzle's line read in its variant; null if a move of it is not legal where it stands. */
  static read(puzzle: Puzzle): PuzzleLine | null {
    if (!isVariantId(puzzle.variant) || puzzle.moves.length < 2) return null;
    const start = Position.fromFen(puzzle.variant, puzzle.fen);
    if (!start.ok) return null;
    const positions = [start.value];
    const moves: Move[] = [];
    for (const text of puzzle.moves) {
      const pos = positions[positions.length - 1];
      const m = parseMoveText(pos, text);
      if (!m.ok) return null;
      moves.push(m.value);
      positions.push(pos.play(m.value));
    }
    return new PuzzleLine(puzzle, positions, moves);
  }

  /** The solver's colour: the side to move after the opponent's last move. */
  get solver(): Color {
    return this.positions[1].turn;
  }

  /** The index of the line's last move (a solver's). */
  get last(): number {
    return this.moves.length - 1;
  }

  /** The solver's move `move` at index `i` (odd) judged. */
  judge(i: number, move: Move): Verdict {
    const pos = this.positions[i];
    if (sameMove(pos, move, this.puzzle.moves[i])) return i >= this.last ? 'solved' : 'right';
    const alt = (this.puzzle.accepted ?? []).some(
      ([at, text]) => at === i && sameMove(pos, move, text),
    );
    return alt ? 'solved' : 'wrong';
  }

  /** The square of the piece to move at index `i` (the hint). */
  hint(i: number): number {
    return this.moves[i].from;
  }

  /** The puzzle's themes this client has words for, in their fixed order. */
  get themes(): PuzzleTheme[] {
    return PUZZLE_THEMES.filter((t) => this.puzzle.themes.includes(t));
  }
}

/** Where a puzzle being solved stands. */
export type RunStatus =
  /** The start shown, the opponent's last move still to come. */
  | 'intro'
  /** The solver's turn. */
  | 'play'
  /** A right move made: the opponent's reply comes. */
  | 'reply'
  | 'solved'
  | 'failed';

/** One attempt at a puzzle: the position shown, the next move's index, the outcome. */
export class PuzzleRun {
  status: RunStatus = 'intro';
  /** The index in the line of the next move to play. */
  at = 0;
  /** The position shown (after a wrong move: that move's). */
  position: Position;
  /** The last move shown, and whether it was the solver's mistake. */
  lastMove: Move | null = null;
  wrong = false;
  /** The piece to move was shown (a hint). */
  hinted = false;

  constructor(readonly line: PuzzleLine) {
    this.position = line.positions[0];
  }

  /** The opponent's last move (moves[0]), played in. */
  playIntro(): Move {
    return this.advance('play');
  }

  /** A solver's move: judged, and shown (a wrong one too, marked). */
  attempt(move: Move): Verdict {
    if (this.status !== 'play') return 'wrong';
    const verdict = this.line.judge(this.at, move);
    if (verdict === 'wrong') {
      this.lastMove = move;
      this.wrong = true;
      this.position = this.line.positions[this.at].play(move);
      this.status = 'failed';
    } else if (verdict === 'solved') {
      this.lastMove = move;
      this.position = this.line.positions[this.at].play(move);
      this.at = this.line.last + 1;
      this.status = 'solved';
    } else this.advance('reply');
    return verdict;
  }

  /** The opponent's reply to a right move, played. */
  playReply(): Move {
    return this.advance('play');
  }

  /** The solver's piece to move now (the hint), marked as used. */
  hint(): number | null {
    if (this.status !== 'play') return null;
    this.hinted = true;
    return this.line.hint(this.at);
  }

  /**
   * The solution asked for (after a mistake, or instead of moving): back to where the line
   * stands, the mistake taken back; then stepSolution() plays the rest of it, a move at a time.
   */
  rewind(): void {
    this.position = this.line.positions[this.at];
    this.lastMove = this.at > 0 ? this.line.moves[this.at - 1] : null;
    this.wrong = false;
  }

  /** The line's next move played (the solution shown), or null at its end. */
  stepSolution(): Move | null {
    return this.at < this.line.moves.length ? this.advance(this.status) : null;
  }

  private advance(next: RunStatus): Move {
    const move = this.line.moves[this.at];
    this.lastMove = move;
    this.wrong = false;
    this.at++;
    this.position = this.line.positions[this.at];
    this.status = next;
    return move;
  }
}
