/**
 * A game's chat panel: the players' room for its players, the spectators' room for anyone else.
 * Every line is put in as text (textContent), never as HTML: what was typed is what shows.
 */
import type { ChatLine } from '../../../../src/common/protocol.js';
import { displayName } from '../../lib/display-name.js';
import { t } from '../../lib/i18n/index.js';
import type { El } from '../../lib/dom.js';
import type { GAME_IDS } from './ids.js';

export interface ChatView {
  lines: readonly ChatLine[];
  /** My player id (my lines are never muted). */
  me: string | undefined;
  /** Whether I play in the game (the players' room) or watch it (the spectators'). */
  player: boolean;
  /** The opponent's lines hidden. */
  muted: boolean;
  /** No chat (a game against the computer). */
  off: boolean;
  /**
   * A guest who never gave a name (a visitor, or a player playing unnamed): asked for one with
   * its first line.
   */
  askName: boolean;
  /** An account playing: it may report its opponent (by name) from here. */
  canReport: boolean;
}

export function drawChat(el: El<typeof GAME_IDS>, v: ChatView): void {
  el('chat').hidden = v.off;
  if (v.off) return;
  el('chat-title').textContent = v.player ? t('chat.players') : t('chat.spectators');
  el('chat-mute-row').hidden = !v.player;
  el('chat-report').hidden = !(v.player && v.canReport);
  el('chat-name').hidden = !v.askName;
  el('chat-mute').checked = v.muted;
  const shown = v.lines.filter((l) => !(v.muted && l.by.id !== v.me));
  const list = el('chat-lines');
  list.hidden = shown.length === 0;
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  // Only new lines are added (the log is read out as it grows); another game or a mute redraws.
  const have = [...list.children].map((li) => (li as HTMLElement).dataset.id);
  const keep = have.every((id, i) => id === shown[i]?.id);
  if (!keep) list.replaceChildren();
  list.append(...shown.slice(keep ? have.length : 0).map((l) => lineOf(l, v.me)));
  const note = el('chat-note');
  note.textContent =
    v.muted && shown.length < v.lines.length
      ? t('chat.mutedNote')
      : shown.length
        ? ''
        : t('chat.empty');
  // The newest line in view, unless the reader scrolled back.
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function lineOf(l: ChatLine, me: string | undefined): HTMLLIElement {
  const li = document.createElement('li');
  li.dataset.id = l.id;
  const who = document.createElement('span');
  who.className = 'chat-name';
  who.textContent = displayName(l.by);
  const text = document.createElement('span');
  text.className = 'chat-text';
  text.textContent = l.text;
  li.append(who, text);
  if (l.by.id === me) li.classList.add('mine');
  return li;
}
