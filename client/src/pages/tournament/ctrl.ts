/**
 * An arena's page's controller: the event, the standings page shown and me, read from the API
 * and kept live by `tournament:update` (the event changed, the standings lines that changed,
 * the featured game) while a socket is open; without one (a visitor with no identity) the page
 * is read again now and then. No DOM: the view draws this state.
 */
import type {
  Standing,
  Tournament,
  TournamentPage,
  TournamentUpdate,
} from '../../../../src/common/protocol.js';
import type { Session } from '../../lib/session.js';
import type { Wire } from '../../lib/socket.js';
import {
  joinTournament,
  leaveTournament,
  standingsPage,
  tournamentPage,
} from '../../lib/tournaments-api.js';
import { mergeStandings } from './tournament-rules.js';

/** How long after an update the standings page shown is read again. */
const REREAD_MS = 500;

export class TournamentCtrl {
  tournament: Tournament | null = null;
  /** The standings page shown (1: the leaders), its lines, and how many players in all. */
  page = 1;
  perPage = 20;
  total = 0;
  lines: Standing[] = [];
  me: TournamentPage['me'] = null;
  featured: string | null = null;
  podium: Standing[] | null = null;
  /** An action under way (join, withdraw, pause): its buttons wait. */
  busy = false;

  constructor(
    readonly id: string,
    private readonly session: Session,
    private readonly changed: () => void,
  ) {}

  /** Who plays in this browser (their line is marked). */
  myId(): string | undefined {
    return this.session.identity?.id;
  }

  /** The page as the API has it (me: as this browser's identity). */
  async load(): Promise<void> {
    this.take(await tournamentPage(this.id, this.session.identity));
  }

  /** The page, and `tournament:update` from now on (at each connection: a reconnect too). */
  async watch(w: Wire): Promise<void> {
    const { page } = await w.call('tournament:watch', { tournamentId: this.id });
    this.take(page);
  }

  private take(p: TournamentPage): void {
    this.tournament = p.tournament;
    this.featured = p.featured;
    this.podium = p.podium;
    this.me = p.me;
    // Back to the leaders' page only if this page was the one read.
    if (p.standings.page === this.page) this.lines = p.standings.players;
    this.perPage = p.standings.perPage;
    this.total = p.standings.total;
    this.changed();
  }

  /** An update of the event's room: merged into what is shown. */
  update(u: TournamentUpdate): void {
    if (u.tournamentId !== this.id) return;
    const ended = u.tournament?.status === 'finished' && this.tournament?.status !== 'finished';
    if (u.tournament) {
      this.tournament = u.tournament;
      this.total = Math.max(this.total, u.tournament.players);
    }
    if (u.featured !== undefined) this.featured = u.featured;
    if (u.changed?.length) {
      this.lines = mergeStandings(this.lines, u.changed, this.page, this.perPage);
      const mine = u.changed.find((s) => s.playerId === this.myId());
      if (mine)
        this.me = {
          status: mine.status,
          matchId: mine.matchId,
          score: mine.score,
          rank: mine.rank,
        };
    }
    this.changed();
    // Over: the podium (and the final standings) are read once.
    if (ended) void this.load().catch(() => undefined);
    // The deltas are the lines whose score changed: a loss at 0 points is not among them (its
    // sheet and games are), so the page shown is read again too, once the wave is over.
    else if (u.changed?.length) this.reread();
  }

  private rereading: ReturnType<typeof setTimeout> | null = null;

  /** The standings page shown, read again in a moment (one read for a burst of updates). */
  private reread(): void {
    if (this.rereading) return;
    this.rereading = setTimeout(() => {
      this.rereading = null;
      void this.showPage(this.page).catch(() => undefined);
    }, REREAD_MS);
  }

  /** Another page of the standings. */
  async showPage(page: number): Promise<void> {
    const s = await standingsPage(this.id, page);
    this.page = s.page;
    this.lines = s.players;
    this.total = s.total;
    this.changed();
  }

  async join(password?: string): Promise<void> {
    await this.act(async () => {
      // A visitor gets an identity (a guest) and its socket, to be told of its games.
      const w = await this.session.connect();
      await joinTournament(this.id, this.session.identity, password);
      await this.watch(w).catch(() => undefined);
    });
  }

  leave(how: 'withdraw' | 'pause'): Promise<void> {
    return this.act(() => leaveTournament(this.id, this.session.identity, how));
  }

  private async act(fn: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    this.changed();
    try {
      await fn();
      await this.load();
    } finally {
      this.busy = false;
      this.changed();
    }
  }
}
