/**
 * The lobby (/): play (the queue, the computer), play a friend (a link, a direct challenge, a
 * seek), the open seeks, the live games, my games in progress; a position from the board editor
 * (/?variant=&fen=) to start from.
 */
import { displayed } from '../../lib/dom.js';
import { say } from '../../lib/messages.js';
import type { Page } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { LobbyCtrl } from './ctrl.js';
import { LobbyView } from './view.js';

export interface LobbyPage extends Page {
  /** The lobby shown, a game left: its address, its lists read again. */
  enter(): void;
}

export function createLobbyPage(play: Play): LobbyPage {
  const { site, challenges } = play;
  const redraw = () => {
    if (displayed(view.root)) view.draw();
  };
  const ctrl = new LobbyCtrl(play, { redraw, say });
  const view = new LobbyView(ctrl, play, {
    attempt: (fn) => void site.session.attempt(fn),
    say,
  });
  challenges.onChange(redraw);
  site.myGames.onChange(redraw);
  site.session.onChange(redraw);
  // Signed in or out here: the following card is the account's (a guest has none).
  site.session.onChange(() => void ctrl.refreshFollowing());
  // A position from the board editor: the computer game and the friend challenge start there;
  // the editor's button said which, and that game's button is the next thing to press.
  let next = ctrl.readSetup(new URLSearchParams(location.search)) ? location.hash : '';
  // The live games, read again while the lobby is shown.
  let ticks = 0;
  setInterval(() => {
    if (!displayed(view.root)) return;
    void ctrl.refreshLive();
    // Who of those followed is on: every 20 s (and at once on a follow, by social:follow).
    if (++ticks % 4 === 0) void ctrl.refreshFollowing();
  }, 5000);
  return {
    root: view.root,
    redraw,
    enter: () => ctrl.enter(),
    shown() {
      view.focusNext(next);
      next = '';
    },
    // Its seeks are no longer followed.
    hidden: () => challenges.leaveLobby(),
  };
}
