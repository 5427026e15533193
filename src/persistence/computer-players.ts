/**
 * The computer's player rows, one per level, with fixed ids: every process and the migration
 * that creates them agree on them without a read.
 */
export const COMPUTER_LEVELS = 8;

export const computerPlayerId = (level: number): string =>
  `00000000-0000-4000-8000-${String(level).padStart(12, '0')}`;

export const computerName = (level: number): string => `Computer level ${level}`;
