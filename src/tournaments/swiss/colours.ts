/**
 * Colour preferences and colour allocation of the Dutch system (C.04.3, 2025 text, Article 1.6
 * and 5): only played games give colours; forfeits and byes are skipped.
 */
import type { Colour, SwissPlayer } from './types.js';

export const enum Strength {
  None = 0,
  Mild = 1,
  Strong = 2,
  Absolute = 3,
}

export interface ColourState {
  /** Colours of the played games, oldest first. */
  played: Colour[];
  /** Per round (index = round - 1): the colour of a played game, or null. */
  byRound: (Colour | null)[];
  /** Games with white minus games with black. */
  difference: number;
  preference: Colour | null;
  strength: Strength;
}

export const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

export function colourState(player: SwissPlayer): ColourState {
  const byRound = player.history.map((h) => (h.kind === 'game' ? (h.colour ?? null) : null));
  const played = byRound.filter((c): c is Colour => c !== null);
  const difference = played.reduce((d, c) => d + (c === 'white' ? 1 : -1), 0);
  const last = played[played.length - 1];
  const beforeLast = played[played.length - 2];
  let preference: Colour | null = null;
  let strength = Strength.None;
  if (played.length > 0) {
    if (difference < -1 || difference > 1 || (last !== undefined && last === beforeLast)) {
      strength = Strength.Absolute;
      preference = difference < -1 ? 'white' : difference > 1 ? 'black' : other(last as Colour);
    } else if (difference === 1 || difference === -1) {
      strength = Strength.Strong;
      preference = difference === 1 ? 'black' : 'white';
    } else {
      strength = Strength.Mild;
      preference = other(last as Colour);
    }
  }
  return { played, byRound, difference, preference, strength };
}

export interface AllocationContext {
  initialColour: Colour;
  /** The number used by the last rule (odd: the higher player gets the initial colour). */
  parity: (id: number) => number;
}

/**
 * Colours for a pair; `a` is the higher-ranked player. Returns the colour `a` gets.
 * 5.2.1 both preferences; 5.2.2 the stronger one (two absolutes: the wider difference);
 * 5.2.3 alternate from the latest round where they had different colours; 5.2.4 the higher
 * player's preference; 5.2.5 the higher player's number, odd: the initial colour.
 */
export function allocate(
  aId: number,
  a: ColourState,
  bId: number,
  b: ColourState,
  ctx: AllocationContext,
): Colour {
  void bId;
  if (a.preference !== null && b.preference !== null && a.preference !== b.preference) {
    return a.preference;
  }
  if (a.preference !== null && b.preference === null) return a.preference;
  if (b.preference !== null && a.preference === null) return other(b.preference);
  if (a.preference !== null && b.preference !== null) {
    // Same preference.
    if (a.strength !== b.strength) {
      return a.strength > b.strength ? a.preference : other(b.preference);
    }
    if (a.strength === Strength.Absolute) {
      const da = Math.abs(a.difference);
      const db = Math.abs(b.difference);
      if (da !== db) return da > db ? a.preference : other(b.preference);
    }
    // Latest round where they had different colours (played sequences, newest first).
    const n = Math.min(a.played.length, b.played.length);
    for (let i = 1; i <= n; i++) {
      const ca = a.played[a.played.length - i]!;
      const cb = b.played[b.played.length - i]!;
      if (ca !== cb) return other(ca);
    }
    return a.preference;
  }
  return ctx.parity(aId) % 2 === 1 ? ctx.initialColour : other(ctx.initialColour);
}
