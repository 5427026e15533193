/**
 * The client's notification rules (client/src/lib/notify-rules.ts): links, when the browser's
 * own notification is shown, the flashing title's frames.
 */
import type { Notification } from '../../src/common/protocol.js';
import {
  flashFrame,
  linkOf,
  wantsBrowserNotice,
  wantsFlash,
  type Permission,
} from '../../client/src/lib/notify-rules.js';

const base = { id: 'n', read: false, at: 0 };
const turn: Notification = { ...base, kind: 'yourTurn', data: { matchId: 'm1', opponent: 'ana' } };
const chal: Notification = { ...base, kind: 'challenge', data: { challengeId: 'c1', from: 'ana' } };
const start: Notification = {
  ...base,
  kind: 'tournamentStart',
  data: { tournamentId: 't1', name: 'Arena' },
};
const followed: Notification = {
  ...base,
  kind: 'followedTournament',
  data: { tournamentId: 't2', name: 'Swiss', by: 'ana' },
};

test.each([
  [turn, '/game/m1'],
  [chal, '/challenge/c1'],
  [start, '/tournament/t1'],
  [followed, '/tournament/t2'],
])('%j links to %s', (n, link) => {
  expect(linkOf(n)).toBe(link);
});

test.each<[Notification, boolean, boolean, Permission, boolean]>([
  [turn, true, true, 'granted', true],
  [turn, true, false, 'granted', false], // the tab is shown: the bell says it
  [turn, false, true, 'granted', false], // not chosen
  [turn, true, true, 'default', false], // not allowed (yet)
  [turn, true, true, 'denied', false],
  [turn, true, true, 'unsupported', false],
  [chal, true, true, 'granted', false], // "your turn" only
])('browser notice for %j (chosen %s, hidden %s, %s): %s', (n, chosen, hidden, perm, shown) => {
  expect(wantsBrowserNotice(n, { browserNotify: chosen }, hidden, perm)).toBe(shown);
});

test.each<[Notification, boolean, boolean, boolean]>([
  [turn, true, true, true],
  [turn, true, false, false],
  [turn, false, true, false],
  [start, true, true, false],
])('flash for %j (chosen %s, hidden %s): %s', (n, chosen, hidden, flash) => {
  expect(wantsFlash(n, { titleFlash: chosen }, hidden)).toBe(flash);
});

test('the flash alternates the alert and the title', () => {
  expect([0, 1, 2, 3].map((i) => flashFrame('Damas', 'Your turn!', i))).toEqual([
    'Your turn!',
    'Damas',
    'Your turn!',
    'Damas',
  ]);
});
