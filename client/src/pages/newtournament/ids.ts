/** The new arena form's elements (newtournament.html), by id, with their tags. */
export const NEW_TOURNAMENT_IDS = {
  'new-tournament': 'main',
  'nt-form': 'form',
  'nt-accounts': 'p',
  'nt-name': 'input',
  'nt-variant': 'select',
  'nt-clock': 'select',
  'nt-minutes': 'input',
  'nt-start': 'input',
  'nt-rated': 'input',
  'nt-berserk': 'input',
  'nt-password': 'input',
  'nt-min-games': 'input',
  'nt-min-rating': 'input',
  'nt-max-rating': 'input',
  'nt-error': 'p',
  'nt-submit': 'button',
} as const;
