/** The two clocks, run on locally from the last reading the server sent (Game.clockAt). */
import type { Game } from '../game.js';

export function tick(game: Game | null): void {
  if (!game?.state.clock) {
    document.querySelectorAll<HTMLElement>('[data-clock]').forEach((e) => (e.hidden = true));
    return;
  }
  const c = game.state.clock;
  const spent = game.state.status === 'active' ? performance.now() - game.clockAt : 0;
  for (const color of ['white', 'black'] as const) {
    const el = document.querySelector<HTMLElement>(`[data-clock="${color}"]`);
    if (!el) continue;
    const running = c.running === color && game.state.status === 'active';
    el.textContent = formatMs(Math.max(0, c[color] - (running ? spent : 0)));
    el.classList.toggle('running', running);
  }
}

/** m:ss, and tenths under ten seconds. */
function formatMs(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (ms < 10_000) return `0:0${(ms / 1000).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
