/** A notification in words (the bell's list, the browser's notification). */
import type { Notification } from '../../../src/common/protocol.js';
import { t } from './i18n/index.js';

export function notificationText(n: Notification): string {
  switch (n.kind) {
    case 'yourTurn':
      return t('notify.yourTurn', { name: n.data.opponent });
    case 'challenge':
      return t('notify.challenge', { name: n.data.from });
    case 'tournamentStart':
      return t('notify.tournamentStart', { name: n.data.name });
    case 'followedTournament':
      return t('notify.followedTournament', { name: n.data.by, tournament: n.data.name });
  }
}
