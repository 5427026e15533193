/** The tournaments list's elements (tournaments.html), by id, with their tags. */
export const TOURNAMENTS_IDS = {
  tournaments: 'main',
  'tours-create': 'a',
  'tours-create-hint': 'span',
  'tours-playing': 'ul',
  'tours-playing-none': 'p',
  'tours-upcoming': 'ul',
  'tours-upcoming-none': 'p',
  'tours-finished': 'ul',
  'tours-finished-none': 'p',
} as const;
