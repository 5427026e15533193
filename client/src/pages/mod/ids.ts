/** The moderators' page's elements (mod.html), by id, with their tags. */
export const MOD_IDS = {
  mod: 'main',
  'mod-denied': 'p',
  'mod-reports': 'table',
  'mod-report-rows': 'tbody',
  'mod-no-reports': 'p',
  'mod-lookup-form': 'form',
  'mod-lookup': 'input',
  'mod-lookup-go': 'button',
  'mod-player': 'div',
  'mod-player-name': 'h3',
  'mod-why': 'input',
  'mod-marks': 'p',
  'mod-games': 'ul',
  'mod-chat': 'ul',
  'mod-player-log': 'ul',
  'mod-log': 'ul',
} as const;
