/**
 * The two clocks, run on locally from the last reading the server sent (Round.clockAt); in a
 * correspondence game, the time the side to move has left ("2 days left") instead.
 */
import type { Round } from './round.js';
import { deadlineText } from '../../lib/terms.js';

export function tick(game: Round | null): void {
  const clocks = document.querySelectorAll<HTMLElement>('[data-clock]');
  const corr = game?.state.correspondence;
  if (game && corr) {
    for (const el of clocks) {
      const on = game.state.status === 'active' && game.state.turn === el.dataset.clock;
      const text = on && corr.deadline !== null ? deadlineText(corr.deadline - Date.now()) : '';
      el.textContent = text;
      el.hidden = text === '';
      el.classList.toggle('running', on);
    }
    return;
  }
  if (!game?.state.clock) {
    clocks.forEach((e) => (e.hidden = true));
    return;
  }
  // Stepping through: the clocks as they were at that ply (none where the record has none).
  const past = game.cursor === null ? undefined : clocksAt(game, game.cursor);
  for (const color of ['white', 'black'] as const) {
    const el = document.querySelector<HTMLElement>(`[data-clock="${color}"]`);
    if (!el) continue;
    el.hidden = past === null;
    if (past === null) continue;
    const { left, running, low } = past
      ? { left: past[color], running: false, low: false }
      : clockOf(game, color);
    el.textContent = formatMs(left);
    el.classList.toggle('running', running);
    el.classList.toggle('low', low);
  }
}

/**
 * The clocks after ply `ply` as the moves' records have them (the start: the time control's
 * initial time each), or null where they are not known.
 */
export function clocksAt(game: Round, ply: number): { white: number; black: number } | null {
  if (ply === 0) {
    const initial = game.state.timeControl?.initial;
    return initial === undefined ? null : { white: initial, black: initial };
  }
  return game.clocks[ply - 1] ?? null;
}

/** A side's clock now: the time it has left, whether it runs, whether that time is low. */
export function clockOf(
  game: Round,
  color: 'white' | 'black',
): { left: number; running: boolean; low: boolean } {
  const c = game.state.clock;
  if (!c) return { left: Infinity, running: false, low: false };
  const running = c.running === color && game.state.status === 'active';
  const spent = running ? performance.now() - game.clockAt : 0;
  const left = Math.max(0, c[color] - spent);
  return { left, running, low: running && lowTime(left, game.state.timeControl?.initial) };
}

/** Low time: under ten seconds, or under a tenth of the starting time if that is less. */
export const lowTime = (leftMs: number, initialMs = Infinity): boolean =>
  leftMs < Math.min(10_000, initialMs / 10);

/** m:ss, and tenths under ten seconds. */
function formatMs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (ms < 10_000) return `0:0${(ms / 1000).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
