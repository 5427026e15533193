/**
 * A player's profile (/@/:username): the profile (ratings per variant and speed), the rating
 * history of one of them, and the player's games newest first, a page at a time. No DOM: the
 * view draws this state.
 */
import type {
  PlayerLight,
  RelStatus,
  GameListItem,
  PuzzleDashboard,
  GamePage,
  RatingPoint,
  RatingView,
  UserProfile,
} from '../../../../src/common/protocol.js';
import { wireError } from '../../lib/errors.js';
import { block, blocking, unblock } from '../../lib/moderation-api.js';
import { playerPuzzles } from '../../lib/puzzles-api.js';
import { followList, relStatus, setFollow } from '../../lib/social-api.js';

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok)
    throw wireError(((await res.json().catch(() => null)) as { error?: unknown })?.error);
  return (await res.json()) as T;
}

export class ProfileCtrl {
  /** The API's address for this player. */
  readonly api: string;
  profile: UserProfile | null = null;
  /** The rating whose history is charted, and its points. */
  charted: { rating: RatingView; points: RatingPoint[] } | null = null;
  /** The games read so far, newest first; `next`: the cursor of the next page (null: no more). */
  games: GameListItem[] = [];
  next: string | null = null;
  /** Whether the first page of games has been read. */
  gamesRead = false;
  /** The player's puzzles of the last days (null: not read, or none to read). */
  puzzles: PuzzleDashboard | null = null;
  /** Follows (issue 34): the counts, whether I follow, online, the live game (null: not read). */
  rel: RelStatus | null = null;
  /** The list of followers or of followed shown under the counts (null: none open). */
  list: { side: 'followers' | 'following'; players: PlayerLight[] } | null = null;
  /** Signed in as another account: it may block and report (null: a guest, or oneself). */
  viewer: string | null = null;
  /** Whether the viewer blocks this player. */
  blocked = false;

  constructor(
    readonly username: string,
    private readonly changed: () => void,
  ) {
    this.api = `/api/users/${encodeURIComponent(username)}`;
  }

  /** The profile, the history of its first rating, the first page of games (a failure throws). */
  async load(): Promise<void> {
    this.profile = await get<UserProfile>(this.api);
    this.changed();
    // Beside the rest: a server without puzzles leaves the section hidden.
    void playerPuzzles(this.username)
      .then(
        (p) => (this.puzzles = p),
        () => null,
      )
      .then(() => this.changed());
    void this.readRel();
    if (this.profile.ratings[0]) await this.chart(this.profile.ratings[0]);
    await this.more();
  }

  /** The social line (a server without it leaves the line hidden). */
  async readRel(): Promise<void> {
    this.rel = await relStatus(this.username).catch(() => null);
    this.changed();
  }

  /** Follow, or unfollow: the counts as the server has them after. */
  async toggleFollow(): Promise<void> {
    const rel = this.rel;
    if (!rel || rel.youFollow === null) return;
    const change = await setFollow(rel.username, !rel.youFollow);
    this.rel = { ...rel, youFollow: change.following, followers: change.followers };
    if (this.list?.side === 'followers') await this.showList('followers', true);
    this.changed();
  }

  /** A count clicked: its list opens (again: it closes). */
  async showList(side: 'followers' | 'following', reread = false): Promise<void> {
    if (this.list?.side === side && !reread) {
      this.list = null;
      return this.changed();
    }
    this.list = { side, players: await followList(this.username, side) };
    this.changed();
  }

  /** The viewer's account (if another's): whether it blocks this player. */
  async viewedBy(username: string | null): Promise<void> {
    const other = username !== null && username.toLowerCase() !== this.username.toLowerCase();
    this.viewer = other ? username : null;
    if (other)
      this.blocked = (await blocking()).some(
        (u) => u.toLowerCase() === this.username.toLowerCase(),
      );
    this.changed();
  }

  /** Blocks or unblocks this player. */
  async toggleBlock(): Promise<void> {
    const name = this.profile?.username ?? this.username;
    await (this.blocked ? unblock(name) : block(name));
    this.blocked = !this.blocked;
    this.changed();
  }

  async chart(r: RatingView): Promise<void> {
    const points = await get<RatingPoint[]>(
      `${this.api}/rating-history?variant=${r.variant}&speed=${r.speed}`,
    );
    this.charted = { rating: r, points };
    this.changed();
  }

  /** The next page of games. */
  async more(): Promise<void> {
    const page = await get<GamePage>(`${this.api}/games${this.next ? `?cursor=${this.next}` : ''}`);
    this.games.push(...page.games);
    this.next = page.next;
    this.gamesRead = true;
    this.changed();
  }
}
