/**
 * A player's name as plain text (a title, a sentence, a list): a guest who gave no name is
 * "Anonymous" in the page's language, as lichess says it (player-name.ts draws names as elements).
 */
import type { PlayerTitle } from '../../../src/common/protocol.js';
import { t } from './i18n/index.js';
import { UNNAMED } from './session.js';

export const displayName = (p: { name: string; title?: PlayerTitle | null }): string =>
  p.name === UNNAMED && !p.title ? t('common.anonymous') : p.name;
