/** What the status line and the result banner say. */
import type { Color, GameResult, ResultReason } from '../../../src/rules/index.js';
import type { MatchState } from '../../../src/common/protocol.js';

export function statusText(state: MatchState, me: Color | null): string {
  if (state.status === 'finished') return 'Game over';
  if (me === null) return `Watching · ${state.turn} to move`;
  if (state.turn === me) return 'Your move';
  return state.computer?.color === state.turn ? 'The computer is thinking…' : "Opponent's move";
}

/** The result as a sentence, from the side of whoever lost or ended it. */
const WON: Record<Exclude<ResultReason, 'draw-agreed' | 'draw-rule' | 'aborted'>, string> = {
  'no-pieces': '{W} wins: {L} has no pieces left.',
  'no-moves': '{W} wins: {L} has no legal move left.',
  resign: '{L} resigned: {W} wins.',
  timeout: '{L} ran out of time: {W} wins.',
  abandoned: '{L} left the game: {W} wins.',
};

export function resultText(r: GameResult, me: Color | null): string {
  if (r.reason === 'aborted') return 'The game was aborted.';
  if (r.reason === 'draw-agreed') return 'Draw: the players agreed.';
  if (r.reason === 'draw-rule') return `Draw by the rules${r.rule ? ` (${r.rule})` : ''}.`;
  if (!r.winner) return 'Draw.';
  const loser = r.winner === 'white' ? 'black' : 'white';
  // A reason newer than this client: said plainly.
  const line = (WON as Record<string, string>)[r.reason] ?? `{W} wins (${r.reason}).`;
  const text = line.replace('{W}', capitalize(r.winner)).replace('{L}', capitalize(loser));
  return `${text}${r.winner === me ? ' Well played!' : ''}`;
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);
