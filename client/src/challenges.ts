/**
 * Challenges and the lobby's seeks (PROTOCOL.md v1.5): the challenge I made and wait on, those
 * sent to me, the lobby's open seeks (live while it is shown), and the page of a challenge's
 * link. No DOM and no socket.io here: the page is reached through `ChallengeUi`, the server
 * through the session's Wire (and REST, for a visitor who has no identity, hence no socket, yet).
 * An accepted challenge's game comes as match:start, which the game controller shows.
 */
import type { Challenge, ChallengeTerms, DeclineReason } from '../../src/common/protocol.js';
import { challengeById, lobbySeeks, myChallenges } from './api.js';
import { WireError } from './errors.js';
import type { Session } from './session.js';
import type { Wire } from './socket.js';
import { closedText } from './terms.js';

/** What the challenge controller asks of the page. */
export interface ChallengeUi {
  /** The challenge I made and wait on (null: none). */
  outgoing(c: Challenge | null): void;
  /** What became of it when it closed without a game (null: nothing to tell). */
  outcome(text: string | null): void;
  /** The open challenges sent to me, each to accept or decline. */
  incoming(list: Challenge[]): void;
  /** The lobby's open seeks, oldest first. */
  seeks(list: Challenge[]): void;
  /** The challenge page: its challenge, or null when there is no such challenge. */
  page(c: Challenge | null): void;
  /** An accepted challenge's game (shown by its match:start, else joined). */
  enterGame(matchId: string): Promise<void>;
}

/** A change to the lobby's list: a seek came, or one went. */
type SeekChange = { seek: Challenge } | { gone: string };

function applySeek(list: Map<string, Challenge>, change: SeekChange): void {
  if ('seek' in change) list.set(change.seek.id, change.seek);
  else list.delete(change.gone);
}

export class ChallengeCtrl {
  /** The challenge I made and wait on. */
  private mine: Challenge | null = null;
  /** Being cancelled from this page: its "cancelled" needs no telling. */
  private cancelling: string | null = null;
  private readonly toMe = new Map<string, Challenge>();
  private readonly seekList = new Map<string, Challenge>();
  /** The lobby's changes heard while a subscription is being answered. */
  private journal: SeekChange[] | null = null;
  /** Whether the lobby is shown (its seeks wanted). */
  private inLobby = false;
  /** The challenge page's challenge: its id, and what was last heard of it. */
  private pageId: string | null = null;
  private shown: Challenge | null = null;

  constructor(
    private readonly session: Session,
    private readonly ui: ChallengeUi,
  ) {
    session.onOpen((w) => this.listen(w));
  }

  private get me(): string | undefined {
    return this.session.identity?.id;
  }

  private listen(w: Wire): void {
    // Rooms are per connection: after every (re)connection, subscribe and watch again.
    w.onConnect(() => {
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

  /** A challenge was accepted, declined, cancelled or expired. */
  private closed(c: Challenge): void {
    if (this.toMe.delete(c.id)) this.drawIncoming();
    if (this.seekList.delete(c.id)) this.drawSeeks();
    if (this.mine?.id === c.id) {
      this.wait(null);
      if (c.status === 'accepted' || this.cancelling === c.id) this.ui.outcome(null);
      else if (c.status === 'cancelled' && c.public && c.days === null)
        this.ui.outcome('Your seek was withdrawn: the connection to the server was lost.');
      else this.ui.outcome(closedText(c, this.me));
    }
    if (this.pageId === c.id) this.showPage(c);
  }

  /** After page load: the challenges sent to me, and the last one I made if it is still open. */
  async restore(): Promise<void> {
    const identity = this.session.identity;
    if (!identity) return;
    const { in: toMe, out } = await myChallenges(identity.token);
    for (const c of toMe) this.toMe.set(c.id, c);
    this.drawIncoming();
    if (!this.mine && out[0]) this.wait(out[0]);
  }

  // ---------------------------------------------------------------------------- mine

  /** Makes a challenge (a link, a direct challenge, or a lobby seek) and waits on it. */
  async create(terms: ChallengeTerms): Promise<void> {
    const w = await this.session.connect();
    this.ui.outcome(null);
    const { challenge } = await w.call('challenge:create', terms);
    this.wait(challenge);
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

  private wait(c: Challenge | null): void {
    this.mine = c;
    this.ui.outgoing(c);
  }

  // ---------------------------------------------------------------------------- answers

  /** Accepts a challenge (a link's, one sent to me, a lobby seek): the game starts. */
  async accept(id: string): Promise<void> {
    const w = await this.session.connect();
    const { matchId } = await w.call('challenge:accept', { challengeId: id });
    if (this.toMe.delete(id)) this.drawIncoming();
    await this.ui.enterGame(matchId);
  }

  async decline(id: string, reason: DeclineReason): Promise<void> {
    const w = await this.session.connect();
    await w.call('challenge:decline', { challengeId: id, reason });
    if (this.toMe.delete(id)) this.drawIncoming();
    // A visitor who just got a socket may have begun watching too late to hear it: read it.
    if (id === this.pageId) this.showPage(await challengeById(id));
  }

  private drawIncoming(): void {
    // The challenge whose page is open is answered there.
    this.ui.incoming([...this.toMe.values()].filter((c) => c.id !== this.pageId));
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
    this.ui.seeks([...this.seekList.values()]);
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
      this.ui.page(null);
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
    this.ui.page(c);
  }
}
