/**
 * The lobby's "following" card (issue 34), for an account: the players it follows who are
 * online now, the ones in a game first with a button to watch it. Hidden for a guest.
 */
import type { FollowedNow } from '../../../../src/common/protocol.js';
import { drawList, type El } from '../../lib/dom.js';
import { language, t } from '../../lib/i18n/index.js';
import { playerName } from '../../lib/player-name.js';
import type { LOBBY_IDS } from './ids.js';

export function drawFollowing(
  el: El<typeof LOBBY_IDS>,
  following: FollowedNow[] | null,
  watch: (matchId: string) => void,
): void {
  el('following').hidden = following === null;
  if (!following) return;
  el('no-following').hidden = following.length > 0;
  drawList(el('following-list'), [language(), ...following.flatMap((p) => [p.id, p.playing])], () =>
    following.map((p) => {
      const li = document.createElement('li');
      li.className = 'online-dot';
      li.dataset.player = p.name;
      const name = document.createElement('span');
      name.append(playerName(p, { link: true }));
      li.append(name);
      if (p.playing !== null) {
        const matchId = p.playing;
        li.append(' · ', t('social.playing'), ' ');
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = t('lobby.watch');
        b.addEventListener('click', () => watch(matchId));
        li.append(b);
      }
      return li;
    }),
  );
}
