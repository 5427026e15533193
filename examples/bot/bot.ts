/**
 * An example bot for Damas's Bot API: it accepts the challenges sent to it and plays each game
 * with the server's own engine (src/engine). With --ai LEVEL it challenges the computer instead.
 *
 *   npm run example:bot                      # makes a bot account and token on localhost:3000
 *   DAMAS_TOKEN=dam_... npm run example:bot  # or plays as yours (a token with bot:play)
 *   npm run example:bot -- --ai 3 --games 5  # five games against the computer's level 3
 */
import { pathToFileURL } from 'node:url';
import { Engine } from '../../src/engine/index.js';
import { command, type Chooser } from './runner.js';

/** Our engine, a tenth of a second a move. */
export function engineChooser(movetime = 100): Chooser {
  const engines = new Map<string, Engine>();
  return (pos) => {
    const id = pos.variant.id;
    if (!engines.has(id)) engines.set(id, new Engine(pos.variant, 8));
    return engines.get(id)!.search(pos, { movetime }).bestMove!;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await command(engineChooser());
