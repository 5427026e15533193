/**
 * The server's clock. Deadlines of days (correspondence) cannot be waited for in a test, so the
 * code that decides with the time (moves, the clock sweep, challenge expiry) asks this source,
 * and a test gives the app another one (startApp's `time` option). Not configurable from the
 * environment: production always runs on the system clock.
 */
export interface TimeSource {
  now(): Date;
}

export const TIME = Symbol('TIME');

export const systemTime: TimeSource = { now: () => new Date() };
