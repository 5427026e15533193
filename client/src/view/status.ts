/** What the status line and the result banner say. */
import type { Color, GameResult, ResultReason } from '../../../src/rules/index.js';
import type { MatchState } from '../../../src/common/protocol.js';

const REASONS: Record<ResultReason, string> = {
  'no-pieces': 'no pieces left',
  'no-moves': 'no legal move left',
  resign: 'resignation',
  timeout: 'time ran out',
  'draw-agreed': 'agreement',
  'draw-rule': 'the draw rules',
  abandoned: 'the opponent left',
  aborted: 'aborted',
};

export function statusText(state: MatchState, me: Color | null): string {
  if (state.status === 'finished') return 'Game over';
  if (me === null) return `Watching · ${state.turn} to move`;
  if (state.turn === me) return 'Your move';
  return state.computer?.color === state.turn ? 'The computer is thinking…' : "Opponent's move";
}

export function resultText(r: GameResult, me: Color | null): string {
  // A reason newer than this client is shown as sent.
  const reason = REASONS[r.reason] ?? r.reason;
  if (r.reason === 'aborted') return 'The game was aborted.';
  if (r.winner)
    return `${capitalize(r.winner)} wins by ${reason}${r.winner === me ? ' — well played!' : ''}`;
  return `Draw by ${reason}${r.rule ? ` (${r.rule})` : ''}`;
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);
