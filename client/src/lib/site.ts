/**
 * What every page starts with: its words in the page's language, who plays here (the session),
 * the settings followed (looks, language; an account's read, a guest's sent), "My games" and the
 * site header. A page then draws itself, and draws itself again (redraw) after each change of
 * language or settings.
 */
import { onLanguageChange, startI18n } from './i18n/index.js';
import { Header, type HeaderOptions } from './header/header.js';
import { followLanguageSetting } from './language.js';
import { applyLooks } from './looks.js';
import { say } from './messages.js';
import { MyGamesCtrl } from './my-games.js';
import { NotificationsCtrl } from './notifications.js';
import { startAlerts } from './notify-alerts.js';
import { Session } from './session.js';
import { bindIdentity, onSettings, pushSettings, syncSettings } from './settings.js';

export interface Site {
  session: Session;
  myGames: MyGamesCtrl;
  header: Header;
  /** Who plays here is known (an account's cookie asked about): the page may start. */
  ready: Promise<void>;
  /** `redraw` after each change of language or settings (the looks and the header follow them). */
  follow(redraw: () => void): void;
}

export interface SiteOptions extends Pick<HeaderOptions, 'openGame' | 'home'> {
  /** The page keeps a socket open (the lobby's pages): it connects, the settings sync then. */
  live: boolean;
}

export function startSite(opts: SiteOptions): Site {
  const session = new Session(say);
  const myGames = new MyGamesCtrl(session);
  const notifications = new NotificationsCtrl(session);
  startAlerts((fn) => notifications.onNew(fn));
  const header = new Header({
    session,
    myGames,
    notifications,
    openGame: opts.openGame,
    home: opts.home,
    // A new account without a guest before it has the server's defaults: this browser's
    // settings become the account's (before a socket reads them); it hears its challenges and
    // games from now on (a new socket reads its challenges when it connects).
    async signedUp() {
      await pushSettings();
      if (opts.live) await session.connect();
      await myGames.refresh();
    },
  });
  // The page's words first (the header's among them).
  startI18n();
  // The settings follow the player: an account's from the server, a guest's sent to it, each
  // time a socket opens (a guest made later, a sign-in).
  bindIdentity(() => session.identity);
  session.onOpen(() => void syncSettings());
  followLanguageSetting();
  onSettings((s) => {
    applyLooks(s);
    header.redraw();
  });
  onLanguageChange(() => header.redraw());
  const ready = session.restore().then(() => {
    header.redraw();
    if (opts.live) return;
    void syncSettings();
    void myGames.refresh();
    void notifications.refresh();
  });
  return {
    session,
    myGames,
    header,
    ready,
    follow(redraw) {
      onLanguageChange(redraw);
      let now = true; // onSettings calls at once: the page draws itself when it is ready
      onSettings(() => {
        if (!now) redraw();
        now = false;
      });
    },
  };
}
