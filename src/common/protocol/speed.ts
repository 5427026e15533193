/**
 * The speed a game is rated in, lichess's way (ratings/speed.ts says how a clock maps to one):
 * bullet, blitz, rapid, classical from the clock, untimed, or correspondence.
 */
export const SPEEDS = [
  'bullet',
  'blitz',
  'rapid',
  'classical',
  'untimed',
  'correspondence',
] as const;
export type Speed = (typeof SPEEDS)[number];
