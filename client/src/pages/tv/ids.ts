/** TV's elements (tv.html), by id, with their tags. */
export const TV_IDS = {
  tv: 'main',
  'tv-title': 'h2',
  'tv-channel': 'select',
  'tv-off': 'p',
  'tv-game': 'div',
  'tv-top': 'span',
  'tv-top-clock': 'span',
  'tv-board': 'svg',
  'tv-bottom': 'span',
  'tv-bottom-clock': 'span',
  'tv-caption': 'p',
  'tv-watch': 'a',
} as const;
