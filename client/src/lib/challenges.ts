/**
 * Challenges and the lobby's seeks (PROTOCOL.md v1.5), as this tab knows them: the challenge I
 * made and wait on (the lobby shows it), those sent to me (the notices, on every page of the
 * lobby's), the lobby's open seeks (live while it is shown), and the challenge of a link's page.
 * No DOM and no socket.io here: whoever shows them redraws on onChange; the server is reached
 * through the session's Wire (and REST, for a visitor who has no identity, hence no socket, yet).
 * An accepted challenge's game comes as match:start, which the game page shows (in the tab
 * that waits for it: see wants()).
 */
import type {
  Challenge,
  ChallengeTerms,
  DeclineReason,
  MatchState,
} from '../../../src/common/protocol.js';
import { challengeById, lobbySeeks, myChallenges } from './api.js';
import { WireError } from './errors.js';
import type { Session } from './session.js';
import type { Wire } from './socket.js';
import type { Waiter } from './waiting.js';
import { t } from './i18n/index.js';
import { closedText } from './terms.js';

/** An accepted challenge's game (shown by its match:start, else joined). */
export type EnterGame = (matchId: string) => Promise<void>;

/** A change to the lobby's list: a seek came, or one went. */
type SeekChange = { seek: Challenge } | { gone: string };

function applySeek(list: Map<string, Challenge>, change: SeekChange): void {
  if ('seek' in change) list.set(change.seek.id, change.seek);
  else list.delete(change.gone);
}

export class Challenges implements Waiter {
  /** The challenge I made and wait on (null: none). */
  mine: Challenge | null = null;
  /**
   * What became of it when it closed without a game (null: nothing to tell); its words are made
   * at each drawing, in the language then.
   */
  outcome: (() => string) | null = null;
  /** Whether `mine` was made on this page (not in another tab, nor before a reload). */
  private madeHere = false;
  /** Being cancelled from this page: its "cancelled" needs no telling. */
  private cancelling: string | null = null;
  /** Accepts sent from this page and not answered yet. */
  private accepting = 0;
  private readonly acceptingIds = new Set<string>();
  private readonly toMe = new Map<string, Challenge>();
  /** Challenges heard closed: a list read before they closed must not bring them back. */
  private readonly over = new Set<string>();
  private readonly seekList = new Map<string, Challenge>();
  /** The lobby's changes heard while a subscription is being answered. */
  private journal: SeekChange[] | null = null;
  /** Whether the lobby is shown (its seeks wanted). */
  private inLobby = false;
  /** The challenge page's challenge: its id, and what was last heard of it. */
  private pageId: string | null = null;
  private shown: Challenge | null = null;
  /** The link's page asked for a challenge there is not. */
  pageMissing = false;
  private readonly changes: (() => void)[] = [];

  constructor(
    private readonly session: Session,
    private readonly enterGame: EnterGame,
  ) {
    session.onOpen((w) => this.listen(w));
  }

  /** Called after each change of what is known. */
  onChange(fn: () => void): void {
    this.changes.push(fn);
  }

  private changed(): void {
    for (const fn of this.changes) fn();
  }

  /** The challenges sent to me, to accept or decline (the link's page's is answered there). */
  get incoming(): Challenge[] {
    return [...this.toMe.values()].filter((c) => c.id !== this.pageId);
  }

  /** The lobby's open seeks, oldest first. */
  get seeks(): Challenge[] {
    return [...this.seekList.values()];
  }

  private get me(): string | undefined {
    return this.session.identity?.id;
  }

  private listen(w: Wire): void {
    // Rooms are per connection: after every (re)connection, subscribe and watch again, and read
    // my challenges again (those sent to me, and mine closed, while this page was away).
    w.onConnect(() => {
      void this.session.attempt(() => this.restore());
      if (this.inLobby) void this.session.attempt(() => this.subscribe(w));
      if (this.pageId) void this.session.attempt(() => this.watch(w));
    });
    w.on('challenge:new', (c) => this.heard(c));
    w.on('challenge:update', (c) => this.closed(c));
    w.on('lobby:seek', (c) => this.lobbyChange({ seek: c }));
    w.on('lobby:unseek', ({ id }) => this.lobbyChange({ gone: id }));
  }

  /** A seek came or went; while a subscription is answered, it is also kept to replay. */
  private lobbyChange(change: SeekChange): void {
    if (!this.inLobby) return;
    this.journal?.push(change);
    applySeek(this.seekList, change);
    this.drawSeeks();
  }

  /** A new challenge: one to me waits for my answer; one of mine (made in another tab) waits. */
  private heard(c: Challenge): void {
    if (c.status !== 'open') return;
    if (c.dest?.id === this.me) {
      this.toMe.set(c.id, c);
      this.drawIncoming();
    } else if (c.challenger.id === this.me && !this.mine) {
      this.wait(c);
    }
  }

  /**
   * A challenge was accepted, declined, cancelled or expired (`away`: found so after a
   * reconnection, its update missed).
   */
  private closed(c: Challenge, away = false): void {
    this.over.add(c.id);
    if (this.toMe.delete(c.id)) this.drawIncoming();
    if (this.seekList.delete(c.id)) this.drawSeeks();
    if (this.mine?.id === c.id) {
      const here = this.madeHere;
      this.wait(null);
      if (c.status === 'accepted' || this.cancelling === c.id) this.setOutcome(null);
      else if (c.status !== 'cancelled') {
        const me = this.me;
        this.setOutcome(() => closedText(c, me));
      }
      // A live seek goes with the socket that made it: this page's, while it was away.
      else if (away && here && c.public && c.days === null)
        this.setOutcome(() => t('friend.seekLost'));
      else this.setOutcome(() => t('friend.cancelled')); // in another tab (or a live game elsewhere)
      // This page waited for its game: shown by its match:start (see awaits()), else joined.
      if (c.status === 'accepted' && c.matchId && here) {
        const matchId = c.matchId;
        void this.session.attempt(() => this.enterGame(matchId));
      }
    }
    if (this.pageId === c.id) this.showPage(c);
  }

  /**
   * At each (re)connection: the challenges sent to me, and the one I wait on (the last one I
   * made, if it is open; the one shown, if it closed while this page was away: what became of it).
   */
  async restore(): Promise<void> {
    const identity = this.session.identity;
    if (!identity) return;
    const before = [...this.toMe.keys()];
    const { in: toMe, out } = await myChallenges(identity.token);
    // The list replaces those known before it was read (not those heard since).
    for (const id of before) this.toMe.delete(id);
    for (const c of toMe) if (!this.over.has(c.id)) this.toMe.set(c.id, c);
    this.drawIncoming();
    const mine = this.mine;
    if (!mine) {
      const last = out.find((c) => !this.over.has(c.id));
      if (last) this.wait(last);
    } else if (!out.some((c) => c.id === mine.id)) {
      const now = await challengeById(mine.id);
      if (now.status !== 'open' && this.mine?.id === now.id) this.closed(now, true);
    }
  }

  /**
   * Whether this page waits for the game that starts: the game of an accept it sent (its
   * match:start comes before the answer), or, by its terms, of the challenge it made (its
   * match:start comes before the challenge's update).
   */
  wants(s: MatchState): boolean {
    if (this.accepting > 0) return true;
    const c = this.mine;
    const me = this.me;
    if (!c || !this.madeHere || !me || s.variant !== c.variant) return false;
    const other = s.white.id === me ? s.black.id : s.black.id === me ? s.white.id : null;
    return (
      other !== null &&
      (c.color === 'random' || s[c.color].id === me) &&
      (c.dest === null || c.dest.id === other) &&
      (s.correspondence?.days ?? null) === c.days
    );
  }

  // ---------------------------------------------------------------------------- mine

  /** Makes a challenge (a link, a direct challenge, or a lobby seek) and waits on it. */
  async create(terms: ChallengeTerms): Promise<void> {
    const w = await this.session.connect();
    this.setOutcome(null);
    const { challenge } = await w.call('challenge:create', terms);
    this.wait(challenge, true);
  }

  /** Cancels a challenge of mine (the one I wait on, if no id is given). */
  async cancel(id = this.mine?.id): Promise<void> {
    const w = this.session.wire;
    if (!id || !w) return;
    this.cancelling = id;
    try {
      await w.call('challenge:cancel', { challengeId: id });
    } finally {
      this.cancelling = null;
    }
    if (this.mine?.id === id) this.wait(null);
  }

  private wait(c: Challenge | null, here = false): void {
    this.mine = c;
    this.madeHere = c !== null && here;
    this.changed();
  }

  private setOutcome(text: (() => string) | null): void {
    this.outcome = text;
    this.changed();
  }

  // ---------------------------------------------------------------------------- answers

  /** Accepts a challenge (a link's, one sent to me, a lobby seek): the game starts. */
  async accept(id: string): Promise<void> {
    // A double click sends one accept.
    if (this.acceptingIds.has(id)) return;
    this.acceptingIds.add(id);
    this.accepting++;
    let matchId: string;
    try {
      const w = await this.session.connect();
      ({ matchId } = await w.call('challenge:accept', { challengeId: id }));
    } finally {
      this.accepting--;
      this.acceptingIds.delete(id);
    }
    if (this.toMe.delete(id)) this.drawIncoming();
    await this.enterGame(matchId);
  }

  async decline(id: string, reason: DeclineReason): Promise<void> {
    const w = await this.session.connect();
    await w.call('challenge:decline', { challengeId: id, reason });
    if (this.toMe.delete(id)) this.drawIncoming();
    // A visitor who just got a socket may have begun watching too late to hear it: read it.
    if (id === this.pageId) this.showPage(await challengeById(id));
  }

  private drawIncoming(): void {
    this.changed();
  }

  // ---------------------------------------------------------------------------- the lobby

  /** The lobby is shown: its seeks, live over the socket (read over REST without one). */
  async enterLobby(): Promise<void> {
    this.inLobby = true;
    const w = this.session.wire;
    if (w?.connected) await this.subscribe(w);
    else if (!w) await this.poll();
    // (a socket still connecting subscribes when it connects)
  }

  leaveLobby(): void {
    if (!this.inLobby) return;
    this.inLobby = false;
    const w = this.session.wire;
    if (w?.connected) void w.call('lobby:unsubscribe', {}).catch(() => undefined);
  }

  /** Without a socket, the lobby's seeks and the challenge page are read again (every few s). */
  async poll(): Promise<void> {
    if (this.session.wire) return;
    if (this.inLobby) this.setSeeks(await lobbySeeks());
    if (this.pageId && this.shown?.status === 'open')
      this.showPage(await challengeById(this.pageId));
  }

  /**
   * The list as the subscription's answer has it, then the changes heard while it was on its
   * way: the server reads the list after joining the lobby's room, so a seek made meanwhile may
   * be heard first and still be missing from a read that began before it was committed.
   */
  private async subscribe(w: Wire): Promise<void> {
    const journal: SeekChange[] = [];
    this.journal = journal;
    try {
      const { seeks } = await w.call('lobby:subscribe', {});
      if (this.inLobby) this.setSeeks(seeks, journal);
    } finally {
      if (this.journal === journal) this.journal = null;
    }
  }

  private setSeeks(seeks: Challenge[], replay: SeekChange[] = []): void {
    this.seekList.clear();
    for (const s of seeks) this.seekList.set(s.id, s);
    for (const change of replay) applySeek(this.seekList, change);
    this.drawSeeks();
  }

  private drawSeeks(): void {
    this.changed();
  }

  // ---------------------------------------------------------------------------- the page

  /** The page of a challenge's link (/challenge/<id>): its terms, then its changes as they come. */
  async openPage(id: string): Promise<void> {
    this.pageId = id;
    let c: Challenge | null = null;
    try {
      c = await challengeById(id);
    } catch (e) {
      if (!(e instanceof WireError && (e.code === 'NOT_FOUND' || e.code === 'INVALID_PAYLOAD')))
        throw e;
    }
    if (!c) {
      this.pageId = null;
      this.pageMissing = true;
      this.changed();
      return;
    }
    this.showPage(c);
    this.drawIncoming();
    const w = this.session.wire;
    if (w?.connected) await this.watch(w);
  }

  /** The page's challenge, once it has gone into a game. */
  leavePage(): void {
    this.pageId = null;
    this.shown = null;
    this.pageMissing = false;
  }

  get pageChallenge(): Challenge | null {
    return this.shown;
  }

  private async watch(w: Wire): Promise<void> {
    if (!this.pageId) return;
    const { challenge } = await w.call('challenge:watch', { challengeId: this.pageId });
    this.showPage(challenge);
  }

  /** What was heard last, unless it is older news (a challenge once closed stays closed). */
  private showPage(c: Challenge): void {
    if (c.id !== this.pageId) return;
    if (this.shown?.id === c.id && this.shown.status !== 'open' && c.status === 'open') return;
    this.shown = c;
    this.changed();
  }
}
