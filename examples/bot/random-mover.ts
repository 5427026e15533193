/**
 * The smallest bot: a random legal move, every time. Same loop as bot.ts (runner.ts), another chooser.
 *
 *   npm run example:random-mover                      # a new bot account on localhost:3000
 *   npm run example:random-mover -- --ai 1 --games 3  # three games against the computer
 */
import { pathToFileURL } from 'node:url';
import { command, type Chooser } from './runner.js';

export const randomChooser: Chooser = (pos) => {
  const moves = pos.legalMoves();
  return moves[Math.floor(Math.random() * moves.length)];
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await command(randomChooser);
