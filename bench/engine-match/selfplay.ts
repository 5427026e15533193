/**
 * `npm run bench:selfplay -- [--games 1000] [--nodes 1000] [--variants a,b] [--from 0]
 * [--progress 100]`: fast games of the
 * engine against itself in every variant, from seeded random openings (4-8 random plies).
 * Checks that every move is one the rules generate, that nothing throws, and that every game
 * ends by a rule (no move, no pieces, a draw rule) within 600 plies. Exits 1 on any failure.
 * `--from k`: games k to k + games - 1 (each game's opening is seeded by its number), so a long
 * run can be split over processes; `--progress n`: a line every n games, so a run stopped early
 * still shows what it played.
 */
import { parseArgs } from 'node:util';
import { Engine, mulberry32 } from '../../src/engine/index.js';
import {
  advance,
  outcome,
  Position,
  startProgress,
  VARIANT_IDS,
  type VariantId,
} from '../../src/rules/index.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    nodes: { type: 'string', default: '1000' },
    variants: { type: 'string', default: VARIANT_IDS.join(',') },
    from: { type: 'string', default: '0' },
    progress: { type: 'string', default: '0' },
  },
  strict: true,
});
const GAMES = Number(values.games);
const NODES = Number(values.nodes);
const CAP = 600;
const FROM = Number(values.from);
const PROGRESS = Number(values.progress);

let failures = 0;
for (const variant of values.variants.split(',') as VariantId[]) {
  const engine = new Engine(Position.initial(variant).variant, 8);
  const endings = new Map<string, number>();
  let illegal = 0;
  let crashes = 0;
  let capped = 0;
  let plies = 0;
  const t0 = performance.now();
  for (let g = FROM; g < FROM + GAMES; g++) {
    try {
      const rng = mulberry32(g + 1);
      let game = startProgress(Position.initial(variant));
      const randomPlies = 4 + (g % 5);
      let ply = 0;
      let result = outcome(game);
      while (!result && ply < CAP) {
        const legal = game.position.legalMoves();
        let move;
        if (ply < randomPlies) move = legal[(rng() >>> 0) % legal.length];
        else {
          const r = engine.search(game, { nodes: NODES }, { seed: g });
          move = r.bestMove;
          if (
            !move ||
            !legal.some(
              (m) =>
                m.path.join() === move!.path.join() && m.captures.join() === move!.captures.join(),
            )
          ) {
            illegal++;
            break;
          }
        }
        game = advance(game, move);
        ply++;
        result = outcome(game);
      }
      plies += ply;
      if (!result) capped++;
      else {
        const kind = result.rule ? `${result.reason}:${result.rule}` : result.reason;
        endings.set(kind, (endings.get(kind) ?? 0) + 1);
      }
    } catch (e) {
      crashes++;
      console.error(`${variant} game ${g}: ${String(e)}`);
    }
    const played = g - FROM + 1;
    if (PROGRESS > 0 && played % PROGRESS === 0 && played < GAMES)
      console.log(
        `${variant} ${played} games: illegal ${illegal}, crashes ${crashes}, unfinished ${capped}; ${[...endings].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      );
  }
  const s = (performance.now() - t0) / 1000;
  failures += illegal + crashes + capped;
  const ends = [...endings].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(
    `${variant.padEnd(13)} ${GAMES} games, ${(plies / GAMES).toFixed(0)} plies avg, ${s.toFixed(0)} s: illegal ${illegal}, crashes ${crashes}, unfinished at ${CAP} plies ${capped}; endings: ${ends}`,
  );
}
if (failures > 0) {
  console.log(`FAIL: ${failures} games broke a rule, crashed or did not end`);
  process.exit(1);
}
