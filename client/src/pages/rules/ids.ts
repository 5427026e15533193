/** The rules page's elements (rules.html), by id, with their tags. */
export const RULES_IDS = {
  rules: 'main',
  'rules-back': 'p',
  'rules-all': 'a',
  'rules-title': 'h2',
  'rules-intro': 'p',
  'rules-list': 'table',
  'rules-col-variant': 'th',
  'rules-col-board': 'th',
  'rules-col-summary': 'th',
  'rules-rows': 'tbody',
  'rules-diagrams': 'div',
  'rules-legend': 'p',
  'rules-sections': 'div',
} as const;
