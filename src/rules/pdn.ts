/**
 * PDN 3.0 games: export with the variant's GameType tag, import with tags, FEN, comments,
 * variations and NAGs. Results: 2-0 / 0-2 / 1-1 (1-0 / 0-1 / 1/2-1/2 in english), * unfinished.
 */
import { err, ok, type RulesResult } from './errors.js';
import { moveToText, parseMoveText } from './notation.js';
import { Position } from './position.js';
import type { Color, Move, GameResult, VariantId } from './types.js';
import { allVariants, getVariant, isVariantId } from './variants/index.js';
import type { Variant } from './variants/variant.js';

export interface PdnGame {
  readonly variant: Variant;
  readonly tags: Readonly<Record<string, string>>;
  readonly initial: Position;
  readonly moves: readonly Move[];
  /** The position after each move. */
  readonly positions: readonly Position[];
  /** The Result tag's token ("2-0", "*", ...). */
  readonly result: string;
}

const tokens = (v: Variant) =>
  v.id === 'english'
    ? { white: '1-0', black: '0-1', draw: '1/2-1/2' }
    : { white: '2-0', black: '0-2', draw: '1-1' };

export function resultToken(variant: Variant, result: GameResult | null | undefined): string {
  if (!result || result.reason === 'aborted') return '*';
  const t = tokens(variant);
  return result.winner === null ? t.draw : t[result.winner];
}

/** The winner a result token names: a colour, null for a draw, undefined for "*" or unknown. */
export function parseResultToken(token: string): Color | null | undefined {
  if (token === '2-0' || token === '1-0') return 'white';
  if (token === '0-2' || token === '0-1') return 'black';
  if (token === '1-1' || token === '1/2-1/2') return null;
  return undefined;
}

const RESULT = /^(2-0|0-2|1-1|1-0|0-1|1\/2-1\/2|\*)$/;

export function makePdn(opts: {
  variant: Variant;
  initialFen?: string;
  moves: readonly Move[];
  tags?: Readonly<Record<string, string>>;
  result?: GameResult | null;
}): string {
  const { variant } = opts;
  const start = opts.initialFen ? Position.fromFen(variant, opts.initialFen) : null;
  if (start && !start.ok) throw new Error(`makePdn: bad initial FEN ${opts.initialFen}`);
  let pos = start?.value ?? Position.initial(variant);
  const result = resultToken(variant, opts.result);
  const tags: Record<string, string> = {
    Event: '?',
    Site: '?',
    Date: '????.??.??',
    Round: '-',
    White: '?',
    Black: '?',
    ...opts.tags,
    Result: result,
    GameType: variant.gameType,
  };
  if (pos.fen !== Position.initial(variant).fen) tags.FEN = pos.fen;
  const head = Object.entries(tags).map(([k, v]) => `[${k} "${v.replace(/["\\]/g, '\\$&')}"]`);
  const words: string[] = [];
  let number = 1;
  opts.moves.forEach((move, i) => {
    const first = pos.turn === variant.firstToMove;
    if (first) words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(moveToText(pos, move));
    if (!first) number++;
    pos = pos.play(move);
  });
  words.push(result);
  return `${head.join('\n')}\n\n${wrap(words, 80)}\n`;
}

function wrap(words: readonly string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

const TAG = /\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/g;

/** Reads one PDN game. The variant comes from GameType, else `variantHint` (default brazilian). */
export function parsePdn(text: string, variantHint: VariantId = 'brazilian'): RulesResult<PdnGame> {
  if (typeof text !== 'string' || text.length > 1_000_000)
    return err('INVALID_PDN', 'PDN must be a string under 1 MB');
  const tags: Record<string, string> = {};
  for (const m of text.matchAll(TAG)) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  const variant = variantOf(tags.GameType, variantHint);
  if (!variant) return err('INVALID_PDN', `unsupported GameType "${tags.GameType}"`);
  let initial = Position.initial(variant);
  if (tags.FEN) {
    const f = Position.fromFen(variant, tags.FEN);
    if (!f.ok) return err('INVALID_PDN', `FEN tag: ${f.error.message}`);
    initial = f.value;
  }
  const body = stripVariations(
    text
      .replace(TAG, ' ')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/;[^\n]*/g, ' '),
  );
  if (body === null) return err('INVALID_PDN', 'unbalanced parentheses in the movetext');
  let pos = initial;
  const moves: Move[] = [];
  const positions: Position[] = [];
  let result = tags.Result ?? '*';
  for (const raw of body.split(/\s+/)) {
    const word = raw.replace(/^\d+\.(\.\.)?/, '');
    if (word === '' || /^\$\d+$/.test(word)) continue;
    if (RESULT.test(word)) {
      result = word;
      break;
    }
    const move = parseMoveText(pos, word);
    if (!move.ok)
      return err('INVALID_PDN', `move ${moves.length + 1} "${word}": ${move.error.message}`);
    moves.push(move.value);
    pos = pos.play(move.value);
    positions.push(pos);
  }
  return ok({ variant, tags, initial, moves, positions, result });
}

/** Several games in one file: each starts at a tag section after a blank line. */
export function parsePdns(text: string, variantHint?: VariantId): RulesResult<PdnGame[]> {
  const games: PdnGame[] = [];
  for (const chunk of text.split(/\n\s*\n(?=\s*\[)/).filter((c) => c.trim() !== '')) {
    const g = parsePdn(chunk, variantHint);
    if (!g.ok) return err('INVALID_PDN', `game ${games.length + 1}: ${g.error.message}`);
    games.push(g.value);
  }
  return ok(games);
}

function variantOf(gameType: string | undefined, hint: VariantId): Variant | null {
  if (gameType === undefined) return isVariantId(hint) ? getVariant(hint) : null;
  const type = gameType.split(',')[0].trim();
  return allVariants().find((v) => v.gameType === type) ?? null;
}

/** Removes ( ... ) variations, nested; null when the parentheses do not balance. */
function stripVariations(s: string): string | null {
  let depth = 0;
  let out = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') {
      if (--depth < 0) return null;
    } else if (depth === 0) out += ch;
  }
  return depth === 0 ? out : null;
}
