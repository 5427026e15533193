/**
 * Notifications as values (src/notifications/notification-rules.ts): which setting lets each
 * kind be made, and a stored row as the wire says it. No database, no sockets.
 */
import {
  DEFAULT_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type PlayerSettings,
} from '../../src/common/protocol.js';
import { notificationOf, SETTING_OF, wants } from '../../src/notifications/notification-rules.js';

test('every kind has its own boolean setting, on by default', () => {
  const keys = NOTIFICATION_KINDS.map((k) => SETTING_OF[k]);
  expect(new Set(keys).size).toBe(NOTIFICATION_KINDS.length);
  for (const key of keys) expect(DEFAULT_SETTINGS[key]).toBe(true);
});

test.each<[NotificationKind, Partial<PlayerSettings>, boolean]>([
  ['yourTurn', {}, true],
  ['yourTurn', { notifyYourTurn: false }, false],
  ['yourTurn', { notifyChallenges: false }, true],
  ['challenge', { notifyChallenges: false }, false],
  ['challenge', { notifyChallenges: true }, true],
  ['tournamentStart', { notifyTournaments: false }, false],
  ['tournamentStart', { notifyFollowed: false }, true],
  ['followedTournament', { notifyFollowed: false }, false],
  ['followedTournament', { browserNotify: false }, true],
])('%s with %j: wanted %s', (kind, settings, wanted) => {
  expect(wants(kind, settings)).toBe(wanted);
});

test('a row reads as the wire shape: ms since the epoch, the data as stored', () => {
  const at = new Date('2026-11-27T22:00:00Z');
  expect(
    notificationOf({
      id: 'n1',
      kind: 'challenge',
      data: { challengeId: 'c1', from: 'ana' },
      read: false,
      created_at: at.toISOString(),
    }),
  ).toEqual({
    id: 'n1',
    kind: 'challenge',
    data: { challengeId: 'c1', from: 'ana' },
    read: false,
    at: at.getTime(),
  });
});
