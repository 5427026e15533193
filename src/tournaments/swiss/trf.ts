/**
 * FIDE TRF16 as bbpPairings reads it: `001` player lines in fixed columns, `XXR` (total rounds),
 * `XXC white1|black1` (initial colour). The round to pair is the first round that some player
 * has no entry for; players holding an entry for it (a requested bye, an absence) sit it out.
 */
import type { Colour, Pair, PairingInput, RoundRecord, SwissPlayer } from './types.js';

export type TrfResult = { ok: true; input: PairingInput } | { ok: false; error: string };

const ROUND_START = 91; // column 92, 0-based
const ROUND_WIDTH = 10;

function parseEntry(text: string): RoundRecord | null | 'bad' {
  if (text.trim() === '') return null;
  const opp = text.slice(0, 4).trim();
  const colour = text.slice(5, 6);
  const result = text.slice(7, 8).toUpperCase();
  const oppNum = opp === '' ? 0 : Number(opp);
  if (!Number.isInteger(oppNum) || oppNum < 0) return 'bad';
  const col: Colour | undefined =
    colour === 'w' || colour === 'W'
      ? 'white'
      : colour === 'b' || colour === 'B'
        ? 'black'
        : undefined;
  if (oppNum === 0) {
    switch (result) {
      case 'U':
        return { kind: 'pab', points: 2 };
      case 'H':
      case '=':
      case 'D':
        return { kind: 'bye', points: 1 };
      case 'F':
      case '+':
      case '1':
      case 'W':
        return { kind: 'bye', points: 2 };
      case 'Z':
      case '-':
      case '0':
      case 'L':
      case ' ':
      case '':
        return { kind: 'bye', points: 0 };
      default:
        return 'bad';
    }
  }
  switch (result) {
    case '1':
    case 'W':
      return col ? { kind: 'game', opponent: oppNum, colour: col, points: 2 } : 'bad';
    case '=':
    case 'D':
      return col ? { kind: 'game', opponent: oppNum, colour: col, points: 1 } : 'bad';
    case '0':
    case 'L':
      return col ? { kind: 'game', opponent: oppNum, colour: col, points: 0 } : 'bad';
    case '+':
      return { kind: 'forfeit', opponent: oppNum, colour: col, points: 2 };
    case '-':
      return { kind: 'forfeit', opponent: oppNum, colour: col, points: 0 };
    default:
      return 'bad';
  }
}

/** Reads a TRF16 file into the pairing input for the next round. */
export function parseTrf(text: string): TrfResult {
  const lines = text.split(/\r?\n/);
  const rows: { id: number; points: number | null; entries: (RoundRecord | null)[] }[] = [];
  let totalRounds = 0;
  let initialColour: Colour = 'white';
  for (const [index, line] of lines.entries()) {
    const tag = line.slice(0, 3);
    if (tag === '001') {
      const id = Number(line.slice(4, 8).trim());
      if (!Number.isInteger(id) || id <= 0) {
        return { ok: false, error: `line ${index + 1}: bad pairing number` };
      }
      const pointsText = line.slice(80, 84).trim();
      const points = pointsText === '' ? null : Math.round(Number(pointsText) * 2);
      if (points !== null && !Number.isFinite(points)) {
        return { ok: false, error: `line ${index + 1}: bad points` };
      }
      const entries: (RoundRecord | null)[] = [];
      for (let at = ROUND_START; at < line.length; at += ROUND_WIDTH) {
        const entry = parseEntry(line.slice(at, at + 8).padEnd(8, ' '));
        if (entry === 'bad') {
          return { ok: false, error: `line ${index + 1}: bad round entry at column ${at + 1}` };
        }
        entries.push(entry);
      }
      while (entries.length > 0 && entries[entries.length - 1] === null) entries.pop();
      rows.push({ id, points, entries });
    } else if (tag === 'XXR') {
      const n = Number(line.slice(3).trim());
      if (!Number.isInteger(n) || n <= 0) return { ok: false, error: `line ${index + 1}: bad XXR` };
      totalRounds = n;
    } else if (tag === 'XXC') {
      const words = line.slice(3).trim().toLowerCase().split(/\s+/);
      if (words.includes('black1')) initialColour = 'black';
      else if (words.includes('white1')) initialColour = 'white';
    }
  }
  if (rows.length === 0) return { ok: false, error: 'no player lines' };
  rows.sort((a, b) => a.id - b.id);
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.id !== i + 1) return { ok: false, error: 'pairing numbers are not 1..n' };
  }
  // The round to pair: the first one some player has no entry for.
  let round = Infinity;
  for (const row of rows) {
    const gap = row.entries.indexOf(null);
    round = Math.min(round, (gap === -1 ? row.entries.length : gap) + 1);
  }
  if (totalRounds === 0) totalRounds = Math.max(round, ...rows.map((r) => r.entries.length));
  const players: SwissPlayer[] = rows.map((row) => {
    const history: RoundRecord[] = [];
    for (let k = 0; k < round - 1; k++) history.push(row.entries[k] ?? { kind: 'none', points: 0 });
    const sum = history.reduce((s, h) => s + h.points, 0);
    return {
      id: row.id,
      score: sum,
      history,
      absent: row.entries[round - 1] != null,
    };
  });
  for (const p of players) {
    for (const h of p.history) {
      if (h.opponent !== undefined && (h.opponent < 1 || h.opponent > players.length)) {
        return { ok: false, error: `player ${p.id}: unknown opponent ${h.opponent}` };
      }
    }
  }
  return { ok: true, input: { players, round, totalRounds, initialColour } };
}

/** bbpPairings' output: the number of pairs, then `white black` lines, the bye as `N 0`. */
export function formatPairing(pairs: readonly Pair[], bye: number | null): string {
  const lines = pairs.map((p) => `${p.white} ${p.black}`);
  if (bye !== null) lines.push(`${bye} 0`);
  return `${lines.length}\n${lines.join('\n')}\n`;
}

/** Reads bbpPairings' output back: pairs and the bye. */
export function parsePairing(text: string): { pairs: Pair[]; bye: number | null } | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return null;
  const count = Number(lines[0]);
  if (!Number.isInteger(count) || count !== lines.length - 1) return null;
  const pairs: Pair[] = [];
  let bye: number | null = null;
  for (const line of lines.slice(1)) {
    const [a, b] = line.split(/\s+/).map(Number);
    if (!Number.isInteger(a) || !Number.isInteger(b)) return null;
    if (b === 0) bye = a!;
    else if (a === 0) bye = b!;
    else pairs.push({ white: a!, black: b! });
  }
  return { pairs, bye };
}

function entryText(h: RoundRecord): string {
  const colour = h.colour === 'white' ? 'w' : h.colour === 'black' ? 'b' : '-';
  if (h.kind === 'pab') return '0000 - U';
  if (h.kind === 'bye' || h.kind === 'none') {
    return `0000 - ${h.points === 2 ? 'F' : h.points === 1 ? 'H' : 'Z'}`;
  }
  const opp = String(h.opponent ?? 0).padStart(4, ' ');
  const result =
    h.kind === 'forfeit' ? (h.points === 2 ? '+' : '-') : (['0', '=', '1'][h.points] ?? '0');
  return `${opp} ${colour} ${result}`;
}

/** Writes a pairing input as a TRF16 that parseTrf (and bbpPairings) reads back the same. */
export function makeTrf(input: PairingInput, title = 'Swiss'): string {
  const out: string[] = [`012 ${title}`];
  for (const p of input.players) {
    let line = `001 ${String(p.id).padStart(4, ' ')}`.padEnd(80, ' ');
    line += (p.score / 2).toFixed(1).padStart(4, ' ');
    line += ' ' + String(p.id).padStart(4, ' ');
    for (const h of p.history) line += '  ' + entryText(h);
    if (p.absent) line += '  0000 - Z';
    out.push(line);
  }
  out.push(`XXR ${input.totalRounds}`);
  out.push(`XXC ${input.initialColour === 'white' ? 'white1' : 'black1'}`);
  return out.join('\n') + '\n';
}
