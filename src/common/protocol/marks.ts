/** v1.19: a moderator's marks, which moderation sets and a profile shows (in part). */

/** A moderator's marks on an account (lichess's): engine, boost, troll (shadow mute). */
export const PLAYER_MARKS = ['engine', 'boost', 'troll'] as const;
export type PlayerMark = (typeof PLAYER_MARKS)[number];

/** The marks a profile shows (a troll's mark is never shown: the troll must not know). */
export const PUBLIC_MARKS = ['engine', 'boost'] as const satisfies readonly PlayerMark[];
export type PublicMark = (typeof PUBLIC_MARKS)[number];

/** The marks a profile shows: engine and boost (a troll never learns of its mark). */
export function publicMarks(marks: readonly PlayerMark[]): PublicMark[] {
  return marks.filter((m): m is PublicMark => (PUBLIC_MARKS as readonly PlayerMark[]).includes(m));
}
