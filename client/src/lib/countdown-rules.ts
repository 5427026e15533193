/**
 * PURE: a tournament's countdown (to its start, then to its end) and a time left as a clock shows
 * it; the tournament page and the lists say it (lib/tournament-text.ts).
 */
import type { Tournament } from '../../../src/common/protocol.js';

/** A time left as a clock shows it: "4:05", "1:02:03"; nothing left is "0:00". */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What a tournament counts down to now: its start, its end, or nothing (over). */
export function countdown(
  t: Pick<Tournament, 'status' | 'startsAt' | 'endsAt'>,
  now: number,
): { to: 'start' | 'end'; ms: number } | null {
  if (t.status === 'created') return { to: 'start', ms: Date.parse(t.startsAt) - now };
  if (t.status === 'started' && t.endsAt) return { to: 'end', ms: Date.parse(t.endsAt) - now };
  return null;
}
