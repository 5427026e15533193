/**
 * The lobby's state and actions: the queue (this tab waits in it for a stranger), a game
 * against the computer, a challenge made from "Play a friend" (the challenges this tab knows hold
 * it), the open seeks, the live games, and a set-up position brought from the board editor
 * (/?variant=..&fen=..#computer or #friend: the computer game and the friend challenge start
 * from it until it is cleared; the queue cannot, it pairs strangers in the usual position).
 * No DOM: the page is reached through `LobbyUi`.
 */
import type {
  Challenge,
  ChallengeTerms,
  ClientPayload,
  DailyPuzzleView,
  FollowedNow,
  MatchState,
  MatchSummary,
  Playban,
} from '../../../../src/common/protocol.js';
import {
  isVariantId,
  Position,
  startPosition,
  type VariantId,
} from '../../../../src/rules/index.js';
import { liveMatches } from '../../lib/api.js';
import { myPlayban } from '../../lib/playban-api.js';
import { WireError } from '../../lib/errors.js';
import { dailyPuzzle } from '../../lib/puzzles-api.js';
import { followingNow } from '../../lib/social-api.js';
import { t } from '../../lib/i18n/index.js';
import type { Play } from '../../lib/play.js';
import { gameRoute, tokensRoute } from '../../lib/routes.js';
import { rulesReason } from '../../lib/rules-text.js';
import { syncSettings } from '../../lib/settings.js';
import type { Waiter } from '../../lib/waiting.js';
import { type QuickTile } from './quick-tiles.js';

export interface LobbyUi {
  redraw(): void;
  say(text: string): void;
}

export class LobbyCtrl implements Waiter {
  /** This tab is in the queue (queue:join): the game it is paired into is its own to show. */
  queued = false;
  /** The clock tile whose queue search this is (null: the form's). */
  private quick: string | null = null;
  /** The games being played now (the first twenty are listed). */
  live: MatchSummary[] = [];
  /** The daily puzzle (null: none, or not read yet). */
  daily: DailyPuzzleView | null = null;
  /** Whether the daily puzzle has been asked for once (till then its card keeps its place). */
  dailyAsked = false;
  /** Of the players this account follows, those online now (null: a guest, or not read). */
  following: FollowedNow[] | null = null;
  /** The position games start from, if one was brought from the board editor. */
  setup: { variant: VariantId; fen: string } | null = null;
  /** v1.19: the queue's wait this player serves (PLAYBANNED), with why; null: none known. */
  playban: Playban | null = null;

  constructor(
    private readonly play: Play,
    private readonly ui: LobbyUi,
  ) {
    play.waiting.add(this);
    play.site.session.onOpen((w) => {
      w.on('match:start', (m) => this.setupUsed(m));
      // Followed or unfollowed (here or in another tab): the card says it at once.
      w.on('social:follow', () => void this.refreshFollowing());
    });
    // A ban that stands is shown before the player tries the queue: a guest's (its key) or an
    // account's (its cookie), read again when the identity changes (a log in, a log out).
    this.readPlayban();
    play.site.session.onChange(() => this.readPlayban());
  }

  private readPlayban(): void {
    const who = this.play.site.session.identity;
    // Logged out: a ban shown goes (nothing to draw while none is: the view may not exist yet).
    if (!who) return void (this.playban && this.showPlayban(null));
    void myPlayban(who).then(
      (ban) => this.showPlayban(ban),
      () => undefined,
    );
  }

  /** Shows the wait (or none) and redraws; the notice goes when the wait is over. */
  private showPlayban(ban: Playban | null): void {
    this.playban = ban;
    this.ui.redraw();
    if (ban) setTimeout(() => this.showPlayban(null), Math.max(0, ban.until - Date.now()) + 500);
  }

  /**
   * A game of mine started from the set-up position: used, it is gone (the next game starts
   * from the usual position, as the lobby then says).
   */
  private setupUsed(m: MatchState): void {
    const setup = this.setup;
    const me = this.play.site.session.identity?.id;
    if (!setup || (m.white.id !== me && m.black.id !== me) || m.variant !== setup.variant) return;
    if (sameFen(m.variant, m.initialFen, setup.fen)) this.clearSetup();
  }

  wants(): boolean {
    return this.queued;
  }

  started(): void {
    if (!this.queued) return;
    this.queued = false;
    this.ui.redraw();
  }

  /**
   * The lobby shown, a game left: leaving a game is a step too (Back returns to it), never a
   * dead step; its lists are read again.
   */
  enter(): void {
    const { session, myGames } = this.play.site;
    if (gameRoute()) history.pushState(null, '', '/');
    else if (location.pathname !== '/' || tokensRoute()) history.replaceState(null, '', '/');
    void this.refreshLive();
    void this.refreshDaily();
    void this.refreshFollowing();
    void session.attempt(() => this.play.challenges.enterLobby());
    void myGames.refresh();
  }

  /**
   * The daily puzzle (the same for everyone), read again when the day has changed (none: its
   * card stays hidden).
   */
  async refreshDaily(): Promise<void> {
    const today = new Date().toISOString().slice(0, 10);
    if (this.daily?.date === today) return;
    this.daily = await dailyPuzzle(null).catch(() => null);
    this.dailyAsked = true;
    this.ui.redraw();
  }

  /** The followed players online now: an account's (a guest follows no one). */
  async refreshFollowing(): Promise<void> {
    const account = this.play.site.session.account;
    this.following = account ? await followingNow().catch(() => this.following) : null;
    this.ui.redraw();
  }

  async refreshLive(): Promise<void> {
    this.live = await liveMatches();
    this.ui.redraw();
  }

  /**
   * The tile whose search is on: the queue's (a live clock clicked here), or the correspondence
   * tile while I have a correspondence seek listed in the lobby (made here, in another tab or
   * before a reload: the challenge says so, not this page's memory). None once the game starts
   * or the search is cancelled.
   */
  get quickWaiting(): string | null {
    if (this.queued) return this.quick;
    return isCorrespondenceSeek(this.play.challenges.mine) ? 'corr' : null;
  }

  /**
   * A tile clicked: its search starts (rated for an account, casual for a guest, who plays
   * unnamed until it gives a name); the same tile again cancels it, another tile replaces it (a
   * search from the form too). Correspondence takes a matching seek in the lobby if there is
   * one, else lists one. A set-up position is not for strangers: said, as the form says it.
   */
  quickPair(tile: QuickTile, variant: VariantId): Promise<void> {
    return this.oneAtATime(async () => {
      if (this.setup) return this.ui.say(t('lobby.setupQueue'));
      const waiting = this.quickWaiting;
      if (waiting || this.queued) await this.quickCancel();
      if (waiting === tile.id) return;
      const rated = this.play.site.session.account;
      if (tile.days === null)
        return this.seek('', { variant, clock: tile.clock, ...(rated ? { rated } : {}) }, tile.id);
      await this.named('');
      const me = this.play.site.session.identity?.id;
      const open = this.play.challenges.seeks.find(
        (s) =>
          s.challenger.id !== me &&
          s.variant === variant &&
          s.days === tile.days &&
          s.fen === null &&
          s.rated === rated,
      );
      if (open) return this.play.challenges.accept(open.id);
      await this.play.challenges.create({
        variant,
        days: tile.days,
        public: true,
        ...(rated ? { rated } : {}),
      });
    });
  }

  /**
   * A level clicked under "Play the computer": any search of mine stops first (else a stranger
   * could be paired with me during the computer's game); from the set-up position if there is
   * one.
   */
  quickComputer(game: ClientPayload<'computer:play'>): Promise<void> {
    return this.oneAtATime(async () => {
      if (this.quickWaiting || this.queued) await this.quickCancel();
      const setup = this.setup;
      await this.playComputer(
        '',
        setup ? { ...game, variant: setup.variant, fen: setup.fen } : game,
      );
    });
  }

  /** The quick pairing's clicks, one at a time: a second click while the first is being
   * answered acts on what the first did (cancels its search, say). */
  private oneAtATime(fn: () => Promise<void>): Promise<void> {
    const run = this.quickBusy.then(fn);
    this.quickBusy = run.catch(() => undefined);
    return run;
  }

  private quickBusy: Promise<unknown> = Promise.resolve();

  async quickCancel(): Promise<void> {
    if (this.queued) await this.cancelSeek();
    else if (isCorrespondenceSeek(this.play.challenges.mine)) await this.play.challenges.cancel();
  }

  /**
   * Playing under `name` (empty: as before, or unnamed): the identity made or renamed, its
   * settings sent (first: a guest's takebacks are fixed when its game is made), My games read
   * soon.
   */
  private async named(name: string): Promise<void> {
    const { session, myGames } = this.play.site;
    // No name: a guest plays unnamed (shown as "Anonymous"), or under the name it gave before.
    await session.connect(name || undefined);
    await syncSettings();
    myGames.soon();
  }

  /** Queues, from the form or from a quick-pairing `tile`. */
  async seek(
    name: string,
    seek: ClientPayload<'queue:join'>,
    tile: string | null = null,
  ): Promise<void> {
    this.quick = tile;
    await this.named(name);
    const w = await this.play.site.session.connect();
    // Before the call: the pairing's match:start may come before its answer.
    const before = this.queued;
    this.queued = true;
    this.ui.redraw();
    try {
      await w.call('queue:join', seek);
    } catch (err) {
      // A refusal leaves the search that stood before it (ALREADY_QUEUED: it still stands).
      this.queued = before;
      if (err instanceof WireError && err.code === 'PLAYBANNED' && err.detail.until) {
        const reason = err.detail.reason;
        if (reason === 'abort' || reason === 'noStart' || reason === 'leave')
          this.showPlayban({ reason, until: err.detail.until });
      }
      this.ui.redraw();
      throw err;
    }
  }

  async cancelSeek(): Promise<void> {
    await this.play.site.session.wire?.call('queue:leave', {});
    this.queued = false;
    this.ui.redraw();
  }

  /** A game against the computer: it starts at once (match:start shows it). */
  async playComputer(name: string, game: ClientPayload<'computer:play'>): Promise<void> {
    await this.named(name);
    const w = await this.play.site.session.connect();
    await w.call('computer:play', game);
  }

  /** "Play a friend": a link, a direct challenge or a seek, made and waited on. */
  async challenge(name: string, terms: ChallengeTerms): Promise<void> {
    await this.named(name);
    await this.play.challenges.create(terms);
  }

  /** A seek clicked in the lobby: accepted, and the game starts. */
  async acceptSeek(name: string, id: string): Promise<void> {
    await this.named(name);
    await this.play.challenges.accept(id);
  }

  /** Reads ?variant=&fen= off the address: a playable position is shown and used. */
  readSetup(params: URLSearchParams): boolean {
    const variant = params.get('variant') ?? '';
    const fen = params.get('fen');
    if (!fen || !isVariantId(variant)) return false;
    const start = startPosition(variant, fen);
    if (!start.ok) {
      this.ui.say(t('lobby.setupBad', { reason: rulesReason(start.error) }));
      return false;
    }
    this.setup = { variant, fen: start.value.fen };
    this.ui.redraw();
    return true;
  }

  /** The usual start again (the address keeps no position: a game's own link stays). */
  clearSetup(): void {
    this.setup = null;
    if (location.pathname === '/') history.replaceState(null, '', '/');
    this.ui.redraw();
  }
}

/** A seek of mine for the correspondence tile: listed in the lobby, days per move, usual start. */
function isCorrespondenceSeek(c: Challenge | null): boolean {
  return c !== null && c.public && c.days !== null && c.fen === null;
}

/** Two FENs of one position (however written). */
function sameFen(variant: VariantId, a: string, b: string): boolean {
  const pa = Position.fromFen(variant, a);
  const pb = Position.fromFen(variant, b);
  return pa.ok && pb.ok && pa.value.fen === pb.value.fen;
}
