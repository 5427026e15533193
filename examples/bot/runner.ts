/**
 * The loop every example bot shares: the event stream (accept challenges addressed to it, follow
 * each game that starts), a game stream per game (reopened if it ends early), a move whenever it
 * is the bot's turn. What a bot adds is its Chooser.
 */
import type { EventStreamLine, GameStreamLine } from '../../src/common/protocol.js';
import type { Move, Position, VariantId } from '../../src/rules/index.js';
import { call, positionAfter, setUp, stream, type Api } from './lib.js';

export type Chooser = (pos: Position) => Move;

export interface BotOptions {
  /** Challenge the computer at this level, `games` times (`parallel` at once), then stop. */
  ai?: { level: number; games: number; parallel?: number; variant?: VariantId };
  log?: (text: string) => void;
  signal?: AbortSignal;
  /** Sees every line of every game stream (tests). */
  onGameLine?: (id: string, line: GameStreamLine, index: number) => void;
}

/** Plays until stopped (or, with `ai`, until its games are over); what went wrong, if anything. */
export async function runBot(api: Api, choose: Chooser, opts: BotOptions = {}) {
  const log = opts.log ?? console.log;
  const errors: string[] = [];
  const me = await call<{ id: string; username: string }>(api, 'GET', '/api/account');
  const playing = new Set<string>();
  let started = 0;
  let finished = 0;
  const stop = new AbortController();
  opts.signal?.addEventListener('abort', () => stop.abort());
  const challengeAi = async () => {
    if (!opts.ai || started >= opts.ai.games) return;
    started++;
    const { level, variant = 'russian' } = opts.ai;
    await call(api, 'POST', '/api/challenge/ai', { level, variant, color: 'random' });
  };

  const play = async (id: string) => {
    let game: { variant: VariantId; initialFen: string; color: 'white' | 'black' } | null = null;
    let over = false;
    // A stream that ends before the game does (a server restart) is opened again: gameFull anew.
    while (!over && !stop.signal.aborted) {
      let index = 0;
      await stream<GameStreamLine>(
        api,
        `/api/bot/game/stream/${id}`,
        async (line) => {
          opts.onGameLine?.(id, line, index);
          if (index++ === 0 && line.type !== 'gameFull') errors.push(`${id}: ${line.type} first`);
          if (line.type === 'gameFull')
            game = { ...line, color: line.white.id === me.id ? 'white' : 'black' };
          const state = line.type === 'gameFull' ? line.state : line;
          if (state.type === 'gameState' && state.status !== 'active') over = true;
          if (!game || state.type !== 'gameState' || state.status !== 'active') return;
          const pos = positionAfter(game.variant, game.initialFen, state.moves);
          if (pos.turn !== game.color || pos.moveCount() === 0) return;
          const move = choose(pos);
          const text = move.captures.length > 0 ? move.path.join('x') : `${move.from}-${move.to}`;
          await call(api, 'POST', `/api/bot/game/${id}/move/${text}`).catch((e: Error) =>
            errors.push(e.message),
          );
        },
        stop.signal,
      ).catch((e: Error) => {
        // Refused (4xx): give up on this game. Else the server went away: reconnect.
        if (!/: 4\d\d /.test(e.message)) return log(`game ${id}: ${e.message}; reconnecting`);
        over = true;
        errors.push(e.message);
      });
      if (!over) await new Promise((r) => setTimeout(r, 500));
    }
  };

  const events = stream<EventStreamLine>(
    api,
    '/api/stream/event',
    async (line) => {
      if (line.type === 'challenge' && line.challenge.dest?.id === me.id) {
        log(`challenge from ${line.challenge.challenger.name}: accepting`);
        await call(api, 'POST', `/api/challenge/${line.challenge.id}/accept`).catch(
          (e: Error) => log(e.message), // taken back, or accepted elsewhere
        );
      } else if (line.type === 'gameStart' && !playing.has(line.game.id)) {
        playing.add(line.game.id);
        log(`game ${line.game.id} against ${line.game.opponent.name}`);
        play(line.game.id).catch((e: Error) => errors.push(e.message));
      } else if (line.type === 'gameFinish') {
        finished++;
        log(`game ${line.game.id} over: ${line.game.reason}, winner ${line.game.winner}`);
        if (opts.ai && finished >= opts.ai.games) stop.abort();
        else await challengeAi().catch((e: Error) => errors.push(e.message));
      }
    },
    stop.signal,
  );
  for (let i = 0; i < (opts.ai?.parallel ?? 1); i++) await challengeAi();
  await events;
  return { games: finished, errors };
}

/** The command line: `[--ai LEVEL [--games N]]`, DAMAS_URL, DAMAS_TOKEN; exits 1 on any error. */
export async function command(choose: Chooser): Promise<never> {
  const args = process.argv.slice(2);
  const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const api = await setUp(
    process.env.DAMAS_URL ?? 'http://localhost:3000',
    process.env.DAMAS_TOKEN,
  );
  const level = arg('--ai');
  const opts: BotOptions = level
    ? { ai: { level: Number(level), games: Number(arg('--games') ?? 1) } }
    : {};
  const { errors } = await runBot(api, choose, opts);
  if (errors.length > 0) console.error(errors.join('\n'));
  process.exit(errors.length > 0 ? 1 : 0);
}
