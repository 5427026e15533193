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

/**
 * v1.14: in a timed game, the time each side has for its first move (the clocks do not run yet),
 * by the game's speed: past it the game is aborted. Clients count MatchState.firstMoveDeadline
 * down with it after the first move, which the move event does not restate.
 */
export const FIRST_MOVE_MS = {
  bullet: 20_000,
  blitz: 25_000,
  rapid: 30_000,
  classical: 35_000,
} as const satisfies Partial<Record<Speed, number>>;
