import { Position } from '../src/rules/position.js';
import { perft } from '../src/rules/perft.js';
for (const [v, d] of [['english', 9], ['brazilian', 9], ['international', 7]] as const) {
  let best = Infinity; let n = 0;
  for (let i = 0; i < 5; i++) { const t = performance.now(); n = perft(Position.initial(v), d); best = Math.min(best, performance.now() - t); }
  console.log(v, d, n, best.toFixed(0) + 'ms', (n / best / 1000).toFixed(2), 'Mnps');
}
