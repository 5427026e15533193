/**
 * A game with its variations, as a tree of moves (the analysis board's, and PDN's): each move
 * knows the position after it, its next moves are its children, the first of them continuing
 * its line and the others side lines. Read from PDN with comments, NAGs, variations and both
 * notations (errors name the line of the text and the move), written back as PDN in the notation
 * it was read in. Read in part too (readPdnTrees): the moves before an error are kept, and the
 * error says what the move may have meant and which variant the moves fit (pdn-import-rules.ts).
 */
import { err, ok, type Err, type Ok, type RulesError, type RulesResult } from './errors.js';
import { moveNumber, parseMoveText, plyOffset } from './notation.js';
import {
  fittingVariant,
  meantMoves,
  moveText,
  notationOf,
  routeText,
  type Notation,
} from './pdn-import-rules.js';
import { Position } from './position.js';
import type { Move, VariantId } from './types.js';
import { allVariants, getVariant, isVariantId } from './variants/index.js';
import type { Variant } from './variants/variant.js';

/** A position in the tree and what may follow it. */
export interface TreeLine {
  readonly position: Position;
  /** Plies played to reach it: 0 at the start. */
  readonly ply: number;
  /** The next moves: [0] continues this line, the others are side lines. */
  readonly children: MoveNode[];
  /** A comment after the move (at the root: before the first move). */
  comment?: string;
}

export interface MoveNode extends TreeLine {
  readonly move: Move;
  /** The move as PDN writes it (`32-28`, `19x10`, `26x17x8` when ambiguous; `c3-d4` in a game read so). */
  readonly text: string;
  /** Numeric annotation glyphs ($1 = !, $2 = ?, ...). */
  nags?: number[];
  /** A comment before the move, at the start of a side line. */
  intro?: string;
}

export interface PdnTree extends TreeLine {
  readonly variant: Variant;
  readonly tags: Readonly<Record<string, string>>;
  /** The Result tag's token ("2-0", "*", ...), or the result written after the moves. */
  readonly result: string;
  /** The notation its moves were read in (numeric if absent): written back in it. */
  readonly notation?: Notation;
}

/**
 * A game read as far as it could be: the tree of the moves before the first error, and that error
 * (`stopped`); a whole game has none. An error before any move was read (tags, FEN, the first
 * move) is the error alone.
 */
export type PdnRead = (Ok<PdnTree> & { readonly stopped?: RulesError }) | Err;

export const newTree = (
  initial: Position,
  tags: Readonly<Record<string, string>> = {},
  result = '*',
): PdnTree => ({ variant: initial.variant, tags, result, position: initial, ply: 0, children: [] });

const sameMove = (a: Move, b: Move) =>
  a.path.length === b.path.length &&
  a.path.every((s, i) => s === b.path[i]) &&
  a.captures.length === b.captures.length &&
  a.captures.every((s, i) => s === b.captures[i]);

/**
 * `move` (legal in `line`'s position) after `line`: the child already there, or a new last child
 * (its text in `notation`, the tree's).
 */
export function addMove(line: TreeLine, move: Move, notation: Notation = 'numeric'): MoveNode {
  const known = line.children.find((c) => sameMove(c.move, move));
  if (known) return known;
  const node: MoveNode = {
    move,
    text: moveText(line.position, move, notation),
    position: line.position.play(move),
    ply: line.ply + 1,
    children: [],
  };
  line.children.push(node);
  return node;
}

/** The main line from `line`: its first child, that one's first child, and so on. */
export function mainLine(line: TreeLine): MoveNode[] {
  const out: MoveNode[] = [];
  for (let n = line.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

const RESULT = /^(2-0|0-2|1-1|1-0|0-1|1\/2-1\/2|\*)$/;
const GLYPHS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
/** A tag section at the reading point: quotes may hold "]" and escaped quotes. */
const TAG = /\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/y;
/** Side lines nested deeper than this are refused: the writer and the page recurse per level. */
export const MAX_VARIATION_DEPTH = 100;

type Token =
  | { kind: 'word' | 'comment' | '(' | ')'; text: string; line: number }
  | { kind: 'tag'; text: string; value: string; line: number };

/**
 * The PDN text as tokens (tag sections, words, comments, parentheses), each with its line; where
 * the text cannot be read, the tokens before it and the error.
 */
function tokenize(text: string): { tokens: Token[]; error?: Err } {
  const out: Token[] = [];
  const stop = (error: Err) => ({ tokens: out, error });
  let line = 1;
  let i = 0;
  const lines = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (text.charCodeAt(k) === 10) line++;
  };
  while (i < text.length) {
    const ch = text[i];
    // A line starting with % is an escape (PDN): skipped whole.
    if (ch === '%' && (i === 0 || text[i - 1] === '\n')) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) i++;
    else if (ch === '[') {
      TAG.lastIndex = i;
      const m = TAG.exec(text);
      if (!m)
        return stop(
          err('INVALID_PDN', `line ${line}: a tag must read [Name "value"]`, {
            key: 'pdnLine',
            line,
          }),
        );
      out.push({ kind: 'tag', text: m[1], value: m[2].replace(/\\(.)/g, '$1'), line });
      lines(i, TAG.lastIndex);
      i = TAG.lastIndex;
    } else if (ch === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0)
        return stop(
          err('INVALID_PDN', `line ${line}: a comment is not closed`, { key: 'pdnLine', line }),
        );
      out.push({
        kind: 'comment',
        text: text
          .slice(i + 1, end)
          .replace(/\s+/g, ' ')
          .trim(),
        line,
      });
      lines(i, end);
      i = end + 1;
    } else if (ch === ';') {
      const end = text.indexOf('\n', i);
      const to = end < 0 ? text.length : end;
      out.push({ kind: 'comment', text: text.slice(i + 1, to).trim(), line });
      i = to;
    } else if (ch === '(' || ch === ')') {
      out.push({ kind: ch, text: ch, line });
      i++;
    } else if (ch === '}' || ch === ']') {
      return stop(err('INVALID_PDN', `line ${line}: unexpected "${ch}"`, { key: 'pdnLine', line }));
    } else {
      const start = i;
      while (i < text.length && !/[\s[\]{}();]/.test(text[i])) i++;
      out.push({ kind: 'word', text: text.slice(start, i), line });
    }
  }
  return { tokens: out };
}

const isResult = (t: Token) => t.kind === 'word' && RESULT.test(t.text);

/**
 * The games of a token stream: a game is its tag sections and its movetext, which ends at its
 * result (outside side lines) or where the next tag section starts. `open`: the last game had not
 * ended where the tokens do (a text cut short cuts that game).
 */
function games(tokens: readonly Token[]): { games: Token[][]; open: boolean } {
  const out: Token[][] = [];
  let game: Token[] = [];
  let moves = false;
  let depth = 0;
  let open = false;
  const end = () => {
    if (game.length) out.push(game);
    open = false;
    game = [];
    moves = false;
    depth = 0;
  };
  for (const t of tokens) {
    if (t.kind === 'tag' && moves) end();
    game.push(t);
    open = true;
    if (t.kind === 'tag') continue;
    moves = true;
    if (t.kind === '(') depth++;
    else if (t.kind === ')') depth--;
    else if (depth === 0 && isResult(t)) end();
  }
  const last = open;
  end();
  return { games: out, open: last };
}

/** Reads one PDN game with its variations. The variant comes from GameType, else `variantHint`. */
export function parsePdnTree(
  text: string,
  variantHint: VariantId = 'brazilian',
): RulesResult<PdnTree> {
  const all = parsePdnTrees(text, variantHint);
  return all[0] ?? readGame([], variantHint);
}

/**
 * Every game of a PDN file, each read on its own (one bad game does not hide the others), whole
 * or not at all: a game with an error is that error.
 */
export function parsePdnTrees(
  text: string,
  variantHint: VariantId = 'brazilian',
): RulesResult<PdnTree>[] {
  if (typeof text !== 'string' || text.length > 1_000_000)
    return [err('INVALID_PDN', 'PDN must be a string under 1 MB', { key: 'pdnTooLarge' })];
  const { tokens, error } = tokenize(text);
  if (error) return [error];
  return games(tokens).games.map((g) => {
    const r = readGame(g, variantHint);
    return r.ok && r.stopped ? { ok: false, error: r.stopped } : r;
  });
}

/**
 * Every game of a PDN file, each read as far as it can be (an import): a game with an error keeps
 * the moves before it and says where it stopped (`stopped`); a text that cannot be read further
 * stops the game it cuts. `variant` reads every game in that variant whatever its GameType says
 * (a game imported again in the variant its moves fit).
 */
export function readPdnTrees(
  text: string,
  variantHint: VariantId = 'brazilian',
  variant?: VariantId,
): PdnRead[] {
  if (typeof text !== 'string' || text.length > 1_000_000)
    return [err('INVALID_PDN', 'PDN must be a string under 1 MB', { key: 'pdnTooLarge' })];
  const { tokens, error } = tokenize(text);
  const split = games(tokens);
  const out = split.games.map((g) => readGame(g, variantHint, variant));
  if (error) {
    const last = out[out.length - 1];
    // The text stops inside the last game: that game stops there too (unless it stopped before).
    if (split.open && last?.ok && !last.stopped)
      out[out.length - 1] = {
        ...last,
        value: { ...last.value, result: '*' },
        stopped: error.error,
      };
    // Cut inside a game that had already failed: that game's own error says it (no extra one).
    else if (!split.open || !last) out.push(error);
  }
  return out;
}

function readGame(tokens: readonly Token[], variantHint: VariantId, forced?: VariantId): PdnRead {
  const tags: Record<string, string> = {};
  for (const t of tokens) if (t.kind === 'tag') tags[t.text] = t.value;
  const variant = forced ? getVariant(forced) : variantOf(tags.GameType, variantHint);
  if (!variant)
    return err('INVALID_PDN', `unsupported GameType "${tags.GameType}"`, { key: 'pdnVariant' });
  let initial = Position.initial(variant);
  if (tags.FEN) {
    const f = Position.fromFen(variant, tags.FEN);
    if (!f.ok) return err('INVALID_PDN', `FEN tag: ${f.error.message}`, { key: 'pdnFen' });
    initial = f.value;
  }
  const tree = newTree(initial, tags, tags.Result ?? '*');
  // Errors name the move as a book numbers it ("2." White's, "2..." the reply).
  const offset = plyOffset(initial);
  let result = tree.result;
  // cur: where the next move goes; prev: its parent, where a variation of cur's move starts.
  let cur: TreeLine = tree;
  let prev: TreeLine | null = null;
  let intro: string | undefined;
  let fresh = false; // in a side line before its first move
  let notation: Notation | undefined;
  /** Each move's text as written, and the line (the moves to it) of each node: for the hints. */
  const written = new Map<TreeLine, string[]>([[tree, []]]);
  const stack: { cur: TreeLine; prev: TreeLine | null }[] = [];
  // The game as read so far, and where and why it stopped; no move read: only the error.
  const stop = (e: Err): PdnRead =>
    tree.children.length === 0
      ? e
      : {
          ok: true,
          value: { ...tree, result: '*', ...(notation ? { notation } : {}) },
          stopped: e.error,
        };
  for (const t of tokens) {
    if (t.kind === 'tag') continue;
    if (t.kind === '(') {
      if (prev === null)
        return stop(
          err('INVALID_PDN', `line ${t.line}: a variation must follow the move it replaces`, {
            key: 'pdnLine',
            line: t.line,
          }),
        );
      if (stack.length >= MAX_VARIATION_DEPTH)
        return stop(
          err('INVALID_PDN', `line ${t.line}: side lines nested over ${MAX_VARIATION_DEPTH} deep`, {
            key: 'pdnLine',
            line: t.line,
          }),
        );
      stack.push({ cur, prev });
      cur = prev;
      prev = null;
      fresh = true;
      continue;
    }
    if (t.kind === ')') {
      const back = stack.pop();
      if (!back)
        return stop(
          err('INVALID_PDN', `line ${t.line}: unbalanced parentheses`, {
            key: 'pdnLine',
            line: t.line,
          }),
        );
      ({ cur, prev } = back);
      intro = undefined;
      fresh = false;
      continue;
    }
    if (t.kind === 'comment') {
      // At the start of a line (the game's or a variation's) it introduces the next move.
      if (fresh) intro = join(intro, t.text);
      else cur.comment = join(cur.comment, t.text);
      continue;
    }
    const word = t.text.replace(/^\d+\.+/, '');
    if (word === '') continue;
    if (/^\$\d+$/.test(word)) {
      if (cur !== tree) ((cur as MoveNode).nags ??= []).push(Number(word.slice(1)));
      continue;
    }
    if (RESULT.test(word)) {
      if (stack.length === 0) result = word;
      continue;
    }
    const glyph = /[!?]+$/.exec(word)?.[0];
    const move = parseMoveText(cur.position, word);
    const before = written.get(cur) ?? [];
    if (!move.ok) {
      const style = notation ?? notationOf(word);
      const legal = meantMoves(cur.position, word).map((m) => routeText(cur.position, m, style));
      // The line to this move, read in the other variants (from the same FEN, if any).
      // A move written in part is a slip, not another game's rules: the variant is tried only when
      // the text means no legal move here.
      const fits =
        forced || legal.length > 0
          ? null
          : fittingVariant([...before, word], variant.id, before.length, tags.FEN);
      const hints =
        (legal.length
          ? `; the legal ${legal.length > 1 ? 'moves are' : 'move is'} ${legal.join(', ')}`
          : '') + (fits ? `; the moves fit ${fits}` : '');
      return stop(
        err(
          'INVALID_PDN',
          `line ${t.line}, move ${moveNumber(cur.ply + offset)} "${word}": ${move.error.message}${hints}`,
          {
            key: 'pdnMove',
            line: t.line,
            move: moveNumber(cur.ply + offset),
            text: word,
            code: move.error.code,
            ...(legal.length ? { legal } : {}),
            ...(fits ? { fits } : {}),
          },
        ),
      );
    }
    notation ??= notationOf(word);
    const node = addMove(cur, move.value, notation);
    if (!written.has(node)) written.set(node, [...before, word]);
    if (glyph && GLYPHS[glyph] && !node.nags?.includes(GLYPHS[glyph]))
      (node.nags ??= []).push(GLYPHS[glyph]);
    if (intro !== undefined) node.intro = join(node.intro, intro);
    intro = undefined;
    fresh = false;
    prev = cur;
    cur = node;
  }
  if (stack.length > 0)
    return stop(
      err('INVALID_PDN', 'unbalanced parentheses: a variation is not closed', {
        key: 'pdnUnclosed',
      }),
    );
  return ok({ ...tree, result, ...(notation ? { notation } : {}) });
}

const join = (a: string | undefined, b: string) => (a ? `${a} ${b}` : b);

function variantOf(gameType: string | undefined, hint: VariantId): Variant | null {
  if (gameType === undefined) return isVariantId(hint) ? getVariant(hint) : null;
  const type = gameType.split(',')[0].trim();
  return allVariants().find((v) => v.gameType === type) ?? null;
}

/** PDN text of a tree: its tags (GameType and FEN from the tree), its moves and variations. */
export function makePdnTree(tree: PdnTree): string {
  const { variant } = tree;
  const tags: Record<string, string> = {
    Event: '?',
    Site: '?',
    Date: '????.??.??',
    Round: '-',
    White: '?',
    Black: '?',
    ...tree.tags,
    Result: tree.result,
    GameType: variant.gameType,
  };
  delete tags.FEN;
  if (tree.position.fen !== Position.initial(variant).fen) tags.FEN = tree.position.fen;
  const head = Object.entries(tags).map(([k, v]) => `[${k} "${v.replace(/["\\]/g, '\\$&')}"]`);
  const words = new Words();
  // A game whose first move is the second player's counts its plies from 1.
  const offset = plyOffset(tree.position);
  if (tree.comment) words.push(`{${clean(tree.comment)}}`);
  writeLine(words, tree, true, offset, tree.notation ?? 'numeric');
  words.push(tree.result);
  return `${head.join('\n')}\n\n${words.wrap(80)}\n`;
}

function writeLine(
  words: Words,
  from: TreeLine,
  numbered: boolean,
  offset: number,
  notation: Notation,
): void {
  let line = from;
  let force = numbered;
  // The main line is a loop, side lines recurse: a long game never deepens the stack.
  while (line.children.length > 0) {
    const [main, ...alts] = line.children;
    writeMove(words, line, main, force, offset, notation);
    force = main.comment !== undefined;
    for (const alt of alts) {
      words.open();
      writeMove(words, line, alt, true, offset, notation);
      writeLine(words, alt, alt.comment !== undefined, offset, notation);
      words.close();
      force = true;
    }
    line = main;
  }
}

/** A move (`node`, played from `from`), written in the tree's notation whatever its text says. */
function writeMove(
  words: Words,
  from: TreeLine,
  node: MoveNode,
  numbered: boolean,
  offset: number,
  notation: Notation,
): void {
  let force = numbered;
  if (node.intro) {
    words.push(`{${clean(node.intro)}}`);
    force = true;
  }
  const index = node.ply - 1 + offset;
  const number = Math.floor(index / 2) + 1;
  if (index % 2 === 0) words.push(`${number}.`);
  else if (force) words.push(`${number}...`);
  words.push(moveText(from.position, node.move, notation));
  for (const n of node.nags ?? []) words.push(`$${n}`);
  if (node.comment) words.push(`{${clean(node.comment)}}`);
}

const clean = (s: string) => s.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();

/** PDN words joined by spaces, parentheses hugging what they enclose, wrapped at a width. */
class Words {
  private readonly list: string[] = [];
  private opening = false;
  push(w: string): void {
    this.list.push(this.opening ? `(${w}` : w);
    this.opening = false;
  }
  open(): void {
    this.opening = true;
  }
  close(): void {
    this.list[this.list.length - 1] += ')';
  }
  wrap(width: number): string {
    const lines: string[] = [];
    let line = '';
    for (const w of this.list) {
      if (line && line.length + 1 + w.length > width) {
        lines.push(line);
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    if (line) lines.push(line);
    return lines.join('\n');
  }
}
