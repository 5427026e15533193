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
  for (const color of ['white', 'black'] as const) {
    const el = document.querySelector<HTMLElement>(`[data-clock="${color}"]`);
    if (!el) continue;
    const { left, running, low } = clockOf(game, color);
    el.textContent = formatMs(left);
    el.classList.toggle('running', running);
    el.classList.toggle('low', low);
  }
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
