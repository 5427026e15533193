/**
 * PURE: the new arena form's fields as the terms POST /api/tournament takes: a clock preset
 * ("3+2": minutes + seconds) in ms, the start `startIn` minutes from `now`, empty optional
 * fields left out (the server checks the rest and says what is wrong).
 */
import type { ArenaTerms } from '../../lib/tournaments-api.js';

export interface ArenaFields {
  name: string;
  variant: string;
  clock: string;
  minutes: string;
  startIn: string;
  rated: boolean;
  berserkable: boolean;
  password: string;
  minRatedGames: string;
  minRating: string;
  maxRating: string;
}

/** "3+2": three minutes, two seconds a move, in ms. */
export function presetClock(preset: string): { initial: number; increment: number } {
  const [m, s] = preset.split('+').map(Number);
  return { initial: m * 60_000, increment: (s || 0) * 1000 };
}

const number = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

export function arenaTerms(f: ArenaFields, now: number): ArenaTerms {
  const conditions = {
    minRatedGames: number(f.minRatedGames),
    minRating: number(f.minRating),
    maxRating: number(f.maxRating),
  };
  const given = Object.fromEntries(Object.entries(conditions).filter(([, v]) => v !== undefined));
  return {
    ...(f.name.trim() ? { name: f.name.trim() } : {}),
    variant: f.variant,
    clock: presetClock(f.clock),
    minutes: Number(f.minutes),
    startsAt: new Date(now + Number(f.startIn) * 60_000).toISOString(),
    rated: f.rated,
    berserkable: f.berserkable,
    ...(f.password ? { password: f.password } : {}),
    ...(Object.keys(given).length ? { conditions: given } : {}),
  };
}
