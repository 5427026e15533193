/** PLACEHOLDER until the PDN module lands: minimal export only. */
import type { Move, Result } from './types.js';
import type { Variant } from './variants/variant.js';

export function makePdn(opts: {
  variant: Variant;
  initialFen?: string;
  moves: Move[];
  tags?: Record<string, string>;
  result?: Result | null;
}): string {
  const english = opts.variant.id === 'english';
  const r = opts.result;
  const token = !r
    ? '*'
    : r.winner === 'white'
      ? english
        ? '1-0'
        : '2-0'
      : r.winner === 'black'
        ? english
          ? '0-1'
          : '0-2'
        : english
          ? '1/2-1/2'
          : '1-1';
  const tags = { ...opts.tags, Result: token, GameType: opts.variant.gameType };
  const head = Object.entries(tags)
    .map(([k, v]) => `[${k} "${v}"]`)
    .join('\n');
  const body = opts.moves.map((m) => m.path.join(m.captures.length ? 'x' : '-')).join(' ');
  return `${head}\n\n${body} ${token}\n`;
}
