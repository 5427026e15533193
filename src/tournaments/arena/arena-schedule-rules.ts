/**
 * The arenas the server itself runs: ONE table (ARENA_SCHEDULE) of recurring arenas per variant
 * and speed, and the arenas it plans for the coming hours. Each planned arena has a key made of
 * its kind, variant, speed and start (`hourly:international:blitz:2026-11-27T10:00Z`): the key is
 * a unique column, so when several processes plan the same hours each arena is inserted once
 * (INSERT ... ON CONFLICT DO NOTHING), with no lock and no leader.
 */
import type { Speed, TimeControl } from '../../common/protocol.js';
import { speedOf } from '../../ratings/speed.js';
import { VARIANT_IDS, type VariantId } from '../../rules/index.js';

export const ARENA_MIN_MINUTES = 20;
export const ARENA_MAX_MINUTES = 180;

/** One recurring arena. */
export interface ScheduledArenaSpec {
  /** The key's first part: 'hourly' for these (others may come: 'daily', 'weekly'...). */
  readonly kind: string;
  readonly variant: VariantId;
  readonly clock: TimeControl;
  /** Every this many hours (a divisor of 24), at UTC hours offsetHours, offsetHours + every... */
  readonly everyHours: number;
  readonly offsetHours: number;
  /** The minute past the hour it starts (spread, so they do not all start at :00). */
  readonly minute: number;
  readonly minutes: number;
  readonly rated: boolean;
}

const m = (minutes: number, seconds = 0): number => minutes * 60_000 + seconds * 1000;
const clock = (initialMinutes: number, incrementSeconds: number): TimeControl => ({
  initial: m(initialMinutes),
  increment: incrementSeconds * 1000,
});

function hourly(
  variant: VariantId,
  c: TimeControl,
  minute: number,
  minutes: number,
  everyHours = 1,
  offsetHours = 0,
): ScheduledArenaSpec {
  return {
    kind: 'hourly',
    variant,
    clock: c,
    everyHours,
    offsetHours,
    minute,
    minutes,
    rated: true,
  };
}

/**
 * The schedule. The main variants (international, russian, brazilian) every hour, the others
 * less often (issue 31's seven every eight hours, blitz); each arena ends before the same
 * variant and speed comes round again.
 */
export const ARENA_SCHEDULE: readonly ScheduledArenaSpec[] = [
  hourly('international', clock(3, 2), 0, 57),
  hourly('international', clock(1, 0), 30, 27, 2),
  hourly('international', clock(10, 5), 0, 110, 2, 1),
  hourly('russian', clock(1, 0), 15, 27),
  hourly('russian', clock(3, 2), 45, 57, 2),
  hourly('brazilian', clock(1, 0), 45, 27),
  hourly('brazilian', clock(3, 2), 15, 57, 2, 1),
  hourly('english', clock(10, 5), 30, 110, 3),
  hourly('english', clock(3, 2), 0, 57, 3, 1),
  hourly('pool', clock(3, 2), 20, 57, 4),
  hourly('italian', clock(3, 2), 40, 57, 4, 1),
  hourly('spanish', clock(3, 2), 20, 57, 4, 2),
  hourly('czech', clock(3, 2), 40, 57, 4, 3),
  hourly('frisian', clock(3, 2), 10, 57, 8, 0),
  hourly('frysk', clock(3, 2), 50, 57, 8, 1),
  hourly('antidraughts', clock(3, 2), 10, 57, 8, 2),
  hourly('breakthrough', clock(3, 2), 50, 57, 8, 3),
  hourly('canadian', clock(5, 3), 10, 57, 8, 4),
  hourly('thai', clock(3, 2), 50, 57, 8, 5),
  hourly('turkish', clock(3, 2), 10, 57, 8, 6),
];

/** An arena the schedule asks for, ready to insert. */
export interface PlannedArena {
  /** Unique: the same arena always has the same key (see arenaKey). */
  readonly key: string;
  readonly name: string;
  readonly variant: VariantId;
  readonly speed: Speed;
  readonly clock: TimeControl;
  readonly rated: boolean;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly minutes: number;
}

/** `hourly:international:blitz:2026-11-27T10:00Z`: minute precision, UTC. */
export function arenaKey(kind: string, variant: VariantId, speed: Speed, startsAt: Date): string {
  return `${kind}:${variant}:${speed}:${startsAt.toISOString().slice(0, 16)}Z`;
}

const HOUR = 3_600_000;

/** Every arena of `schedule` starting in [from, from + hoursAhead h), by start then key. */
export function plannedArenas(
  from: Date,
  hoursAhead = 24,
  schedule: readonly ScheduledArenaSpec[] = ARENA_SCHEDULE,
): PlannedArena[] {
  const start = from.getTime();
  const end = start + hoursAhead * HOUR;
  const out: PlannedArena[] = [];
  for (let hour = Math.floor(start / HOUR) * HOUR; hour < end; hour += HOUR) {
    const hourOfDay = new Date(hour).getUTCHours();
    for (const spec of schedule) {
      if ((((hourOfDay - spec.offsetHours) % spec.everyHours) + spec.everyHours) % spec.everyHours)
        continue;
      const t = hour + spec.minute * 60_000;
      if (t < start || t >= end) continue;
      out.push(planned(spec, new Date(t)));
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || cmp(a.key, b.key));
}

function planned(spec: ScheduledArenaSpec, startsAt: Date): PlannedArena {
  const speed = speedOf(spec.clock);
  return {
    key: arenaKey(spec.kind, spec.variant, speed, startsAt),
    name: `${cap(spec.kind)} ${cap(spec.variant)} ${cap(speed)} Arena`,
    variant: spec.variant,
    speed,
    clock: spec.clock,
    rated: spec.rated,
    startsAt,
    endsAt: new Date(startsAt.getTime() + spec.minutes * 60_000),
    minutes: spec.minutes,
  };
}

/**
 * What is wrong with a schedule (empty: nothing): bad hours, minutes, durations, or two entries
 * that could give the same key (same kind, variant and speed at the same minute).
 */
export function scheduleProblems(schedule: readonly ScheduledArenaSpec[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ScheduledArenaSpec>();
  schedule.forEach((s, i) => {
    const at = `entry ${i} (${s.kind} ${s.variant})`;
    if (!(VARIANT_IDS as readonly string[]).includes(s.variant)) problems.push(`${at}: variant`);
    if (!Number.isInteger(s.everyHours) || s.everyHours < 1 || 24 % s.everyHours !== 0)
      problems.push(`${at}: everyHours must divide 24`);
    if (!Number.isInteger(s.offsetHours) || s.offsetHours < 0 || s.offsetHours >= s.everyHours)
      problems.push(`${at}: offsetHours must be 0..everyHours-1`);
    if (!Number.isInteger(s.minute) || s.minute < 0 || s.minute > 59)
      problems.push(`${at}: minute must be 0..59`);
    if (s.minutes < ARENA_MIN_MINUTES || s.minutes > ARENA_MAX_MINUTES)
      problems.push(`${at}: ${ARENA_MIN_MINUTES}..${ARENA_MAX_MINUTES} minutes`);
    const id = `${s.kind}:${s.variant}:${speedOf(s.clock)}:${s.minute}`;
    const other = seen.get(id);
    if (other && sharesHours(other, s)) problems.push(`${at}: same key as another entry`);
    seen.set(id, s);
  });
  return problems;
}

/** Whether two entries start in a same UTC hour of the day. */
function sharesHours(a: ScheduledArenaSpec, b: ScheduledArenaSpec): boolean {
  for (let h = 0; h < 24; h++)
    if ((h - a.offsetHours) % a.everyHours === 0 && (h - b.offsetHours) % b.everyHours === 0)
      if (h >= a.offsetHours && h >= b.offsetHours) return true;
  return false;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
