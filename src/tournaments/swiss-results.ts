/**
 * A Swiss round's result per player as a TRF16 code, what the Dutch pairing and the TRF export
 * read: `1` `=` `0` played; `+` `-` forfeit (unplayed); `U` pairing-allocated bye; `H` `F` `Z`
 * half-, full- and zero-point byes (Z: absent). Points on draughts' 2/1/0 scale (a win 2), which
 * orders players as chess's 1/½/0 does.
 */
import type { Color, GameResult } from '../rules/index.js';

export type SwissCode = '1' | '=' | '0' | '+' | '-' | 'U' | 'H' | 'F' | 'Z';

const POINTS: Record<SwissCode, number> = {
  '1': 2,
  '=': 1,
  '0': 0,
  '+': 2,
  '-': 0,
  U: 2,
  H: 1,
  F: 2,
  Z: 0,
};

export const swissPoints = (code: SwissCode): number => POINTS[code];

/** Whether the code is a game actually played (colours and opponents count). */
export const played = (code: SwissCode | null): boolean =>
  code === '1' || code === '=' || code === '0';

/**
 * `side`'s code for a game's result; `forfeited`: the game was called off before it began (true:
 * by this player, who loses by forfeit; false: by the opponent), null: it was played.
 */
export function swissCode(result: GameResult, side: Color, forfeited: boolean | null): SwissCode {
  if (forfeited !== null) return forfeited ? '-' : '+';
  if (result.winner === null) return '=';
  return result.winner === side ? '1' : '0';
}
