/**
 * Arena pairing waves (src/tournaments/arena/arena-pairing-rules.ts): the time to pair 100, 500
 * and 1,000 waiting players, all of them having played someone already (the matching, not the
 * first moments' neighbour pairing). `npx tsx bench/arena-pairing-bench.ts`.
 */
import { pairWave, type WaitingPlayer } from '../src/tournaments/arena/arena-pairing-rules.js';

/** A deterministic pseudo-random sequence (mulberry32), so runs compare. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wave(n: number, seed: number): WaitingPlayer[] {
  const r = rng(seed);
  const players = Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    rank: i + 1,
    rating: Math.round(1500 + (r() - 0.5) * 1000),
    lastOpponentId: null as string | null,
    colors: { strike: Math.floor(r() * 7) - 3, balance: Math.floor(r() * 9) - 4 },
  }));
  // Everyone's last opponent is a neighbour by rank: the pairs the matching would like best.
  for (let i = 0; i + 1 < n; i += 2) {
    players[i]!.lastOpponentId = `p${i + 1}`;
    players[i + 1]!.lastOpponentId = `p${i}`;
  }
  return players;
}

const RUNS = 5;
// Untimed waves first: the times below are of a warm process, as the server's are (the first
// cold wave takes some 300 ms more, while the JIT compiles the blossom).
for (let i = 0; i < 3; i++)
  pairWave({ waiting: wave(1000, 99 + i), nbPlayers: 2000, firstMoments: false, seed: 'warm' });
for (const n of [100, 500, 1000]) {
  const times: number[] = [];
  let pairs = 0;
  for (let run = 0; run < RUNS; run++) {
    const waiting = wave(n, run + 1);
    const t0 = performance.now();
    pairs = pairWave({
      waiting,
      nbPlayers: n * 2,
      firstMoments: false,
      seed: `bench${run}`,
    }).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${n} waiting: ${pairs} pairs, median ${times[RUNS >> 1]!.toFixed(1)} ms, max ${times[RUNS - 1]!.toFixed(1)} ms (${RUNS} runs)`,
  );
}
