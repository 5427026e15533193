/** The profile's elements (profile.html), by id, with their tags. */
export const PROFILE_IDS = {
  profile: 'main',
  username: 'span',
  online: 'span',
  since: 'p',
  record: 'p',
  ratings: 'tbody',
  'no-ratings': 'p',
  'chart-title': 'h2',
  chart: 'div',
  'pdn-all': 'a',
  games: 'tbody',
  'no-games': 'p',
  more: 'button',
} as const;
