/**
 * The site header, the same on every page: the way home, the page's own name, who plays here,
 * the analysis board, the puzzles, the leaderboard, the tournaments, "My games", the settings, the sound
 * switch, the account corner and the language. Its markup (with the settings and account
 * dialogs) is header.html; it draws itself from the session, the settings and my games (redraw()).
 */
import markup from './header.html?raw';
import { byId, type El } from '../dom.js';
import { language, LANGUAGES, setLanguage, t, type Language } from '../i18n/index.js';
import type { MyGamesCtrl } from '../my-games.js';
import { givenName, type Session } from '../session.js';
import { changeSetting, settings } from '../settings.js';
import { leaderboardRoute, tournamentsRoute, trainingRoute, tvRoute } from '../routes.js';
import { AccountCorner } from './account.js';
import { HEADER_IDS } from './ids.js';
import { MyGamesMenu } from './my-games-menu.js';
import type { NotificationsCtrl } from '../notifications.js';
import { NotifyMenu } from './notify-menu.js';
import { SettingsDialog } from './settings-dialog.js';

export interface HeaderOptions {
  session: Session;
  myGames: MyGamesCtrl;
  /** The bell's notifications (v1.19). */
  notifications: NotificationsCtrl;
  /** A game picked in "My games". */
  openGame(matchId: string): void;
  /** Signed up: what the page does for the new account. */
  signedUp(): Promise<void>;
  /** The way home, where the page has its own (else the link loads /). */
  home?: () => void;
}

export class Header {
  private readonly el: El<typeof HEADER_IDS>;
  private readonly account: AccountCorner;
  private readonly menu: MyGamesMenu;
  private readonly bell: NotifyMenu;
  private readonly dialog: SettingsDialog;
  private title: (() => string) | null = null;

  constructor(private readonly opts: HeaderOptions) {
    const template = document.createElement('template');
    template.innerHTML = markup;
    document.body.prepend(template.content);
    const el = (this.el = byId(document, HEADER_IDS));
    this.account = new AccountCorner(el, opts.session, opts.signedUp);
    this.menu = new MyGamesMenu(el, opts.myGames, opts.openGame);
    this.bell = new NotifyMenu(el, opts.notifications);
    this.dialog = new SettingsDialog(el, opts.session);
    // Never a page load: the search opens a profile itself (player-search.ts).
    el('player-search').addEventListener('submit', (e) => e.preventDefault());
    // The player search's code comes when the field is first used (the lobby's first load stays light).
    el('player-search-input').addEventListener(
      'focus',
      () =>
        void import('./player-search.js').then(({ PlayerSearchBox }) => {
          new PlayerSearchBox(el).typed();
        }),
      { once: true },
    );
    this.bindLanguage();
    el('sounds').addEventListener('click', () => changeSetting('sounds', !settings().sounds));
    this.bindMenu();
    // The pages size their board by the window's height less the header's, however it wraps.
    const header = document.querySelector('header')!;
    new ResizeObserver(() =>
      document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`),
    ).observe(header);
    const home = opts.home;
    if (home)
      el('home').addEventListener('click', (e) => {
        const plain = e instanceof MouseEvent && e.button === 0;
        if (!plain || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        home();
      });
    opts.session.onChange(() => this.redraw());
    opts.myGames.onChange(() => this.menu.redraw());
  }

  /**
   * A narrow screen's header is one row (the way home, My games, Menu): the rest (who plays, the
   * analysis board, the account, the language) shows under it while the menu is open, so the
   * board and the game's buttons fit a phone's screen. Wide screens show everything (style.css).
   */
  private bindMenu(): void {
    const button = this.el('menu-open');
    const header = button.closest('header')!;
    const show = (open: boolean) => {
      header.classList.toggle('menu-shown', open);
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => show(!header.classList.contains('menu-shown')));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') show(false);
    });
    // A choice made in it (a dialog opened, a page followed) closes it.
    header.addEventListener('click', (e) => {
      const target = e.target as Element;
      if (target !== button && target.closest('a, button:not(#menu-open)')) show(false);
    });
  }

  /** The switch lists each language in its own name; a choice is the player's setting too. */
  private bindLanguage(): void {
    const select = this.el('language');
    select.replaceChildren(
      ...Object.entries(LANGUAGES).map(([id, name]) => {
        const o = new Option(name, id);
        o.lang = id;
        return o;
      }),
    );
    select.addEventListener('change', () => {
      const v = select.value as Language;
      if (!Object.hasOwn(LANGUAGES, v)) return;
      void setLanguage(v);
      if (v !== settings().language) changeSetting('language', v);
    });
  }

  /**
   * The tool shown names itself (the analysis board, the board editor: null for none), in place
   * of the link to it; worded anew at each redraw.
   */
  setTitle(title: (() => string) | null): void {
    this.title = title;
    this.redraw();
  }

  redraw(): void {
    const { el } = this;
    const title = this.title?.() ?? '';
    el('page-title').textContent = title;
    el('page-title').hidden = title === '';
    el('analysis-nav').hidden = title !== '';
    // The leaderboard's own link says so there (it stays: another pool is a click away).
    if (leaderboardRoute()) el('leaderboard-nav').setAttribute('aria-current', 'page');
    if (tournamentsRoute()) el('tournaments-nav').setAttribute('aria-current', 'page');
    if (trainingRoute()) el('puzzles-nav').setAttribute('aria-current', 'page');
    if (tvRoute()) el('tv-nav').setAttribute('aria-current', 'page');
    // An account is named in its corner: not twice.
    const name = this.opts.session.account ? '' : givenName(this.opts.session.identity?.name);
    el('who').textContent = name === '' ? '' : t('header.playingAs', { name });
    const on = settings().sounds;
    el('sounds').setAttribute('aria-pressed', String(on));
    el('sounds').textContent = t(on ? 'header.soundOn' : 'header.soundOff');
    el('language').value = language();
    this.account.redraw();
    this.menu.redraw();
    this.bell.redraw();
    this.dialog.redraw();
  }
}
