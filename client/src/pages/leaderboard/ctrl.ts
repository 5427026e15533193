/**
 * The leaderboard (/leaderboard/<variant>/<speed>): the pool shown and its entries, read from
 * GET /api/leaderboard/:variant/:speed. No DOM: the view draws this state.
 */
import type { LeaderboardEntry } from '../../../../src/common/protocol.js';
import { wireError } from '../../lib/errors.js';
import type { Pool } from './leaderboard-rules.js';

export class LeaderboardCtrl {
  /** The entries of `pool`, best first (null: being read). */
  entries: LeaderboardEntry[] | null = null;

  constructor(
    public pool: Pool,
    private readonly changed: () => void,
  ) {}

  /** Shows `pool`: its entries read (an answer for a pool no longer shown is dropped). */
  async show(pool: Pool): Promise<void> {
    this.pool = pool;
    this.entries = null;
    this.changed();
    const res = await fetch(`/api/leaderboard/${pool.variant}/${pool.speed}`);
    const body = (await res.json().catch(() => null)) as unknown;
    if (this.pool !== pool) return;
    if (!res.ok) throw wireError((body as { error?: unknown } | null)?.error);
    this.entries = body as LeaderboardEntry[];
    this.changed();
  }
}
