/**
 * Themes computed from the line itself (the contract's fixed ids), never guessed: length,
 * sacrifice, shot, promotion, king capture, blocked, breakthrough, and the phase by piece count.
 */
import { advance, opponent, outcome, Position, startProgress } from '../rules/index.js';
import { parseMoveText } from '../rules/notation.js';
import { material } from './criteria.js';
import { THEMES, type Theme } from './record.js';

/** The phase by the share of the variant's starting pieces still on the board. */
export function phaseOf(pos: Position): 'opening' | 'middlegame' | 'endgame' {
  const initial = Position.initial(pos.variant).pieces().length;
  const w = pos.count('white');
  const b = pos.count('black');
  const now = w.men + w.kings + b.men + b.kings;
  const share = initial > 0 ? now / initial : 1;
  if (share <= 0.4) return 'endgame';
  if (share >= 0.85) return 'opening';
  return 'middlegame';
}

/** Themes of a line (moves[0] the opponent's move from `before`); throws on an illegal move. */
export function themesOf(before: Position, moves: readonly string[]): Theme[] {
  const solver = opponent(before.turn);
  let g = startProgress(before);
  const themes = new Set<Theme>();
  let solverMoves = 0;
  let startMaterial = 0;
  let sacrifice = false;
  let promotion = false;
  moves.forEach((text, i) => {
    const pos = g.position;
    const read = parseMoveText(pos, text);
    if (!read.ok) throw new Error(`move ${i} ${text}: ${read.error.message}`);
    const move = read.value;
    if (i === 0) {
      g = advance(g, move);
      startMaterial = material(g.position, solver);
      themes.add(phaseOf(g.position));
      return;
    }
    if (i % 2 === 1) {
      solverMoves++;
      if (move.captures.length >= 3) themes.add('shot');
      if (move.promoted) promotion = true;
      if (move.captures.some((sq) => pos.pieceAt(sq)?.king)) themes.add('kingCapture');
    }
    g = advance(g, move);
    // The solver gives material first: it stands below where it started.
    if (material(g.position, solver) < startMaterial) sacrifice = true;
  });
  if (sacrifice) themes.add('sacrifice');
  if (promotion) themes.add('promotion');
  if (promotion && sacrifice) themes.add('breakthrough');
  const end = g.position;
  const them = end.count(end.turn);
  if (outcome(g)?.reason === 'no-moves' && them.men + them.kings > 0) themes.add('blocked');
  themes.add(solverMoves <= 2 ? 'short' : solverMoves <= 4 ? 'long' : 'veryLong');
  return THEMES.filter((t) => themes.has(t));
}
