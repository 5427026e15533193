/** The leaderboard's elements (leaderboard.html), by id, with their tags. */
export const LEADERBOARD_IDS = {
  leaderboard: 'main',
  'lb-title': 'h2',
  'lb-variant': 'select',
  'lb-speed': 'select',
  'lb-table': 'table',
  'lb-rows': 'tbody',
  'lb-empty': 'p',
  'lb-rule': 'p',
} as const;
