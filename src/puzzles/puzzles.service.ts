/**
 * Puzzles as players meet them: one by id, the next one near the player's rating (never one an
 * account has played; a guest's at random near 1500), the daily puzzle, a streak's ladder, the
 * rounds that rate player and puzzle, votes, and the dashboard. The rules are puzzle-rules.ts';
 * here is what reads and writes them. A round's writes are one transaction that locks the puzzle,
 * then the puzzler's rating (always in that order).
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type {
  AccountData,
  DailyPuzzleView,
  PuzzleDashboard,
  PuzzleDashboardVariant,
  PuzzleRoundAnswer,
  PuzzleTheme,
  PuzzleView,
  PuzzleVoteAnswer,
} from '../common/protocol.js';
import { TIME, type TimeSource } from '../common/time.js';
import { PuzzleRow } from '../persistence/entities/index.js';
import { rawSql, type RawSql } from '../persistence/raw-sql.js';
import { ReadSide } from '../persistence/read-side.js';
import { PlayersService } from '../players/players.service.js';
import { afterInactivity, isProvisional, type Glicko } from '../ratings/glicko2.js';
import { DEFAULT_VARIANT, VARIANT_IDS, type VariantId } from '../rules/index.js';
import {
  type Direction,
  LADDER_SQL,
  pickQuery,
  PUZZLE_COLUMNS,
  randomId,
  toPuzzle,
  type PuzzleDbRow,
} from './puzzle-queries.js';
import {
  isRetired,
  ladder,
  PUZZLE_START,
  rateRound,
  roundKind,
  selectionTarget,
} from './puzzle-rules.js';

const DAY_MS = 24 * 3600 * 1000;

/** Who asks: an account (rated, never served a puzzle twice) or a guest (no identity kept). */
export interface Puzzler {
  id: string;
  account: boolean;
}

interface RatingRow {
  rating: number;
  rd: number;
  vol: number;
  last_round_at: Date;
}

/** The puzzle rating as of `now`: RD grown by the days since the last round. */
function ratingAsOf(row: RatingRow | undefined, now: Date): Glicko {
  if (!row) return PUZZLE_START;
  const days = (now.getTime() - new Date(row.last_round_at).getTime()) / DAY_MS;
  return afterInactivity({ rating: row.rating, rd: row.rd, vol: row.vol }, days);
}

const userOf = (g: Glicko) => ({ rating: Math.round(g.rating), provisional: isProvisional(g) });

const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

@Injectable()
export class PuzzlesService {
  private raw: RawSql | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TIME) private readonly time: TimeSource,
    private readonly reads: ReadSide,
    private readonly players: PlayersService,
  ) {}

  /** The hot path's statements, prepared once per connection on PostgreSQL. */
  private sql(): RawSql {
    return (this.raw ??= rawSql(this.db));
  }

  /**
   * Selection's statements for a guest: they tolerate a lag, so the read replica's if there is
   * one. An account's selection reads its own rounds (never a puzzle it played) and its rating
   * (shown beside the puzzle): the primary's.
   */
  private selection(): RawSql {
    return rawSql(this.reads.lagging);
  }

  /**
   * The viewer's puzzle rating in the variant, read with whether it is an account in one query:
   * null for a guest or nobody (`viewer`: a player id or null).
   */
  private async rating(viewer: string | null, variant: VariantId): Promise<Glicko | null> {
    if (viewer === null) return null;
    const rows = await this.sql().query<RatingRow | { rating: null }>(
      'puzzle-viewer-rating',
      `SELECT r.rating, r.rd, r.vol, r.last_round_at FROM players p
         LEFT JOIN puzzle_ratings r ON r.player_id = p.id AND r.variant = $2
        WHERE p.id = $1 AND p.username IS NOT NULL`,
      [viewer, variant],
    );
    const row = rows[0];
    if (!row) return null;
    return row.rating === null ? PUZZLE_START : ratingAsOf(row as RatingRow, this.time.now());
  }

  private async view(row: PuzzleDbRow, viewer: string | null, g?: Glicko | null) {
    const rating = g === undefined ? await this.rating(viewer, row.variant) : g;
    const v: PuzzleView = { puzzle: toPuzzle(row) };
    if (rating) v.user = userOf(rating);
    return v;
  }

  async byId(id: string, viewer: string | null): Promise<PuzzleView> {
    const row = await this.db.getRepository(PuzzleRow).findOne({
      where: { id },
      select: {
        id: true,
        variant: true,
        fen: true,
        moves: true,
        accepted: true,
        themes: true,
        rating: true,
        plays: true,
      },
    });
    if (!row) throw new DomainError('NOT_FOUND', `no puzzle "${id}"`);
    return this.view(row, viewer);
  }

  /** A puzzle near the puzzler's rating (a guest's: 1500), never one an account has played. */
  async next(variant: VariantId, theme: PuzzleTheme | undefined, viewer: string | null) {
    const g = await this.rating(viewer, variant);
    const target = selectionTarget((g ?? PUZZLE_START).rating, Math.random());
    const dirs: Direction[] = Math.random() < 0.5 ? ['up', 'down'] : ['down', 'up'];
    // An account (it has a rating): never a puzzle it played.
    const player = g && viewer !== null ? viewer : undefined;
    const from = randomId();
    // From the random id among the first rating's ties, then (a small set, or the ties all
    // behind it) from the ties' first id: the last two find a puzzle if there is any.
    const tries: [Direction, string][] = [
      [dirs[0], from],
      [dirs[1], from],
      [dirs[0], dirs[0] === 'up' ? '' : '~'],
      [dirs[1], dirs[1] === 'up' ? '' : '~'],
    ];
    for (const [dir, start] of tries) {
      const q = pickQuery(dir, { variant, target, from: start, theme, player });
      // An account's own rounds decide what it may not be given again: those are the primary's.
      const from = player ? this.sql() : this.selection();
      const rows = await from.query<PuzzleDbRow>(q.name, q.text, q.values);
      if (rows[0]) return this.view(rows[0], viewer, g);
    }
    throw new DomainError(
      'NOT_FOUND',
      `no ${theme ? `${theme} ` : ''}puzzle of ${variant}${player ? ' left to play' : ''}`,
    );
  }

  /**
   * The day's puzzle (UTC), the same for everyone; chosen at its first request, then kept all
   * day, even if it is retired meanwhile (a retired puzzle is not chosen again).
   */
  async daily(variant: VariantId | undefined, viewer: string | null): Promise<DailyPuzzleView> {
    const day = utcDay(this.time.now());
    const v = variant ?? (await this.dailyVariant());
    if (!v) throw new DomainError('NOT_FOUND', 'no puzzles');
    const chosen = async () =>
      (await this.db.query(
        `SELECT ${PUZZLE_COLUMNS} FROM puzzle_daily d JOIN puzzles p ON p.id = d.puzzle_id
          WHERE d.day = $1::date AND d.variant = $2`,
        [day, v],
      )) as PuzzleDbRow[];
    let rows = await chosen();
    if (rows.length === 0) {
      // A puzzle never daily first (best voted, then a pick of the day); once every one has
      // been, the one daily longest ago. Another process choosing at the same moment loses the
      // insert and reads the winner's.
      await this.db.query(
        `INSERT INTO puzzle_daily (day, variant, puzzle_id)
         SELECT $1::date, $2::varchar, p.id FROM puzzles p
          WHERE p.variant = $2 AND NOT p.retired
          ORDER BY (SELECT max(d.day) FROM puzzle_daily d WHERE d.puzzle_id = p.id) NULLS FIRST,
                   p.votes_up - p.votes_down DESC, md5(p.id || $1::date::text) LIMIT 1
         ON CONFLICT DO NOTHING`,
        [day, v],
      );
      rows = await chosen();
    }
    if (!rows[0]) throw new DomainError('NOT_FOUND', `no puzzles of ${v}`);
    return { ...(await this.view(rows[0], viewer)), date: day };
  }

  /** The default variant if it has puzzles, else the first that has. */
  private async dailyVariant(): Promise<VariantId | undefined> {
    const order = [DEFAULT_VARIANT, ...VARIANT_IDS.filter((v) => v !== DEFAULT_VARIANT)];
    const rows = (await this.db.query(
      `SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i)
        WHERE EXISTS (SELECT 1 FROM puzzles p WHERE p.variant = t.v AND NOT p.retired)
        ORDER BY t.i LIMIT 1`,
      [order],
    )) as { v: VariantId }[];
    return rows[0]?.v;
  }

  /** `n` puzzles of rising rating (a streak's, a storm's), each once. */
  async ladder(variant: VariantId, n: number): Promise<PuzzleDbRow[]> {
    const from = this.reads.lagging;
    const [bounds] = (await from.query(
      `SELECT min(rating) AS lo, max(rating) AS hi FROM puzzles WHERE variant = $1 AND NOT retired`,
      [variant],
    )) as { lo: number | null; hi: number | null }[];
    if (bounds?.lo == null || bounds.hi == null)
      throw new DomainError('NOT_FOUND', `no puzzles of ${variant}`);
    const { lo, hi } = bounds;
    const targets = ladder(n).map((r) => Math.min(hi, Math.max(lo, r)));
    const rows = (await from.query(LADDER_SQL, [
      variant,
      targets,
      targets.map(() => randomId()),
    ])) as PuzzleDbRow[];
    const seen = new Set<string>();
    const out = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
    // Rising: among equal ratings (a fresh set's are all 1500) the shorter line first.
    return out.sort((a, b) => a.rating - b.rating || a.moves.length - b.moves.length);
  }

  async streak(variant: VariantId, n: number): Promise<{ puzzles: PuzzleView[] }> {
    return { puzzles: (await this.ladder(variant, n)).map((r) => ({ puzzle: toPuzzle(r) })) };
  }

  /**
   * A round: `win` if the puzzler solved it. An account's first is rated; the same post again
   * within DUPLICATE_SECONDS gets the same answer; later attempts are casual (kept, not rated).
   */
  async round(id: string, win: boolean, who: Puzzler | null): Promise<PuzzleRoundAnswer> {
    if (!who?.account) {
      const rows = (await this.db.query(`SELECT rating, plays FROM puzzles WHERE id = $1`, [
        id,
      ])) as { rating: number; plays: number }[];
      if (!rows[0]) throw new DomainError('NOT_FOUND', `no puzzle "${id}"`);
      return {
        rated: false,
        player: null,
        puzzle: { rating: Math.round(rows[0].rating), plays: rows[0].plays },
      };
    }
    return this.db.transaction(async (em) => {
      const [p] = (await em.query(
        `SELECT variant, rating, rd, vol, plays FROM puzzles WHERE id = $1 FOR UPDATE`,
        [id],
      )) as { variant: VariantId; rating: number; rd: number; vol: number; plays: number }[];
      if (!p) throw new DomainError('NOT_FOUND', `no puzzle "${id}"`);
      // Read after the lock: a twin post that waited for it is then never older than the first.
      const now = this.time.now();
      const [first] = (await em.query(
        `SELECT win, at, player_rating, player_rd, player_delta, puzzle_rating, puzzle_plays
           FROM puzzle_rounds WHERE player_id = $1 AND puzzle_id = $2 AND rated`,
        [who.id, id],
      )) as {
        win: boolean;
        at: Date;
        player_rating: number;
        player_rd: number;
        player_delta: number;
        puzzle_rating: number;
        puzzle_plays: number;
      }[];
      const kind = roundKind(
        true,
        first ? { win: first.win, at: new Date(first.at) } : null,
        win,
        now,
      );
      if (kind === 'duplicate' && first)
        return {
          rated: true,
          player: {
            rating: Math.round(first.player_rating),
            rd: Math.round(first.player_rd),
            delta: first.player_delta,
          },
          puzzle: { rating: Math.round(first.puzzle_rating), plays: first.puzzle_plays },
        };
      // Makes a missing rating and locks the row (a no-op update returns it as it is).
      const [row] = (await em.query(
        `INSERT INTO puzzle_ratings AS r (player_id, variant, rating, rd, vol, last_round_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (player_id, variant) DO UPDATE SET rating = r.rating
         RETURNING rating, rd, vol, last_round_at, rounds`,
        [who.id, p.variant, PUZZLE_START.rating, PUZZLE_START.rd, PUZZLE_START.vol, now],
      )) as (RatingRow & { rounds: number })[];
      const before = row.rounds === 0 ? PUZZLE_START : ratingAsOf(row, now);
      if (kind === 'casual') {
        await em.query(
          `INSERT INTO puzzle_rounds (player_id, puzzle_id, variant, win, rated, at, player_rating,
                                      player_rd, player_delta, puzzle_rating, puzzle_plays)
           VALUES ($1, $2, $3, $4, false, $5, $6, $7, 0, $8, $9)`,
          [who.id, id, p.variant, win, now, before.rating, before.rd, p.rating, p.plays],
        );
        return {
          rated: false,
          player: { rating: Math.round(before.rating), rd: Math.round(before.rd), delta: 0 },
          puzzle: { rating: Math.round(p.rating), plays: p.plays },
        };
      }
      const next = rateRound(before, p, win);
      const delta = Math.round(next.player.rating) - Math.round(before.rating);
      await em.query(
        `UPDATE puzzles SET rating = $2, rd = $3, vol = $4, plays = plays + 1 WHERE id = $1`,
        [id, next.puzzle.rating, next.puzzle.rd, next.puzzle.vol],
      );
      await em.query(
        `UPDATE puzzle_ratings SET rating = $3, rd = $4, vol = $5, rounds = rounds + 1,
                wins = wins + $6, last_round_at = $7
          WHERE player_id = $1 AND variant = $2`,
        [who.id, p.variant, next.player.rating, next.player.rd, next.player.vol, +win, now],
      );
      await em.query(
        `INSERT INTO puzzle_rounds (player_id, puzzle_id, variant, win, rated, at, player_rating,
                                    player_rd, player_delta, puzzle_rating, puzzle_plays)
         VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10)`,
        [
          who.id,
          id,
          p.variant,
          win,
          now,
          next.player.rating,
          next.player.rd,
          delta,
          next.puzzle.rating,
          p.plays + 1,
        ],
      );
      return {
        rated: true,
        player: { rating: Math.round(next.player.rating), rd: Math.round(next.player.rd), delta },
        puzzle: { rating: Math.round(next.puzzle.rating), plays: p.plays + 1 },
      };
    });
  }

  /** An account that played the puzzle votes (again: its vote changes); retired once voted down hard. */
  async vote(id: string, up: boolean, who: Puzzler | null): Promise<PuzzleVoteAnswer> {
    if (!who?.account) throw new DomainError('ACCOUNT_REQUIRED', 'votes are for accounts');
    return this.db.transaction(async (em) => {
      const [p] = (await em.query(`SELECT retired FROM puzzles WHERE id = $1 FOR UPDATE`, [
        id,
      ])) as { retired: boolean }[];
      if (!p) throw new DomainError('NOT_FOUND', `no puzzle "${id}"`);
      const played = (await em.query(
        `SELECT 1 FROM puzzle_rounds WHERE player_id = $1 AND puzzle_id = $2 AND rated`,
        [who.id, id],
      )) as unknown[];
      if (played.length === 0) throw new DomainError('FORBIDDEN', 'vote on a puzzle you played');
      await em.query(
        `INSERT INTO puzzle_votes (puzzle_id, player_id, up, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (puzzle_id, player_id) DO UPDATE SET up = $3, at = $4`,
        [id, who.id, up, this.time.now()],
      );
      const [c] = (await em.query(
        `SELECT count(*) FILTER (WHERE up)::int AS up, count(*) FILTER (WHERE NOT up)::int AS down
           FROM puzzle_votes WHERE puzzle_id = $1`,
        [id],
      )) as { up: number; down: number }[];
      // Once retired, a puzzle stays retired.
      const retired = p.retired || isRetired(c.up, c.down);
      await em.query(
        `UPDATE puzzles SET votes_up = $2, votes_down = $3, retired = $4 WHERE id = $1`,
        [id, c.up, c.down, retired],
      );
      return { up: c.up, down: c.down, retired };
    });
  }

  /** The player's puzzle ratings as its data export shows them (rounded), by variant. */
  async exportOf(em: EntityManager, playerId: string): Promise<AccountData['puzzles']> {
    return (await em.query(
      `SELECT variant, round(rating)::int AS rating, round(rd)::int AS rd, rounds
         FROM puzzle_ratings WHERE player_id = $1 ORDER BY variant`,
      [playerId],
    )) as AccountData['puzzles'];
  }

  /** A player's puzzles: per variant the rating, the rated rounds of the last `days` by theme. */
  async dashboard(name: string, days: number): Promise<PuzzleDashboard> {
    const player = await this.players.account(name);
    const now = this.time.now();
    const since = new Date(now.getTime() - days * DAY_MS);
    const [ratings, totals, themes, storms] = (await Promise.all([
      this.db.query(
        `SELECT variant, rating, rd, vol, last_round_at FROM puzzle_ratings WHERE player_id = $1`,
        [player.id],
      ),
      this.db.query(
        `SELECT variant, count(*) FILTER (WHERE win)::int AS solved,
                count(*) FILTER (WHERE NOT win)::int AS failed
           FROM puzzle_rounds WHERE player_id = $1 AND rated AND at > $2 GROUP BY variant`,
        [player.id, since],
      ),
      this.db.query(
        `SELECT r.variant, t.theme, count(*) FILTER (WHERE r.win)::int AS solved,
                count(*) FILTER (WHERE NOT r.win)::int AS failed
           FROM puzzle_rounds r JOIN puzzles p ON p.id = r.puzzle_id
          CROSS JOIN LATERAL unnest(p.themes) AS t(theme)
          WHERE r.player_id = $1 AND r.rated AND r.at > $2 GROUP BY r.variant, t.theme`,
        [player.id, since],
      ),
      this.db.query(`SELECT variant, score FROM storm_bests WHERE player_id = $1`, [player.id]),
    ])) as [
      (RatingRow & { variant: VariantId })[],
      { variant: VariantId; solved: number; failed: number }[],
      { variant: VariantId; theme: PuzzleTheme; solved: number; failed: number }[],
      { variant: VariantId; score: number }[],
    ];
    const byVariant = new Map<VariantId, PuzzleDashboardVariant>();
    const entry = (v: VariantId) => {
      let e = byVariant.get(v);
      if (!e) {
        const g = ratingAsOf(
          ratings.find((r) => r.variant === v),
          now,
        );
        e = { variant: v, ...userOf(g), solved: 0, failed: 0, themes: {}, stormBest: null };
        byVariant.set(v, e);
      }
      return e;
    };
    for (const r of ratings) entry(r.variant);
    for (const t of totals) Object.assign(entry(t.variant), { solved: t.solved, failed: t.failed });
    for (const t of themes)
      entry(t.variant).themes[t.theme] = { solved: t.solved, failed: t.failed };
    for (const s of storms) entry(s.variant).stormBest = s.score;
    const variants = [...byVariant.values()].sort(
      (a, b) => VARIANT_IDS.indexOf(a.variant) - VARIANT_IDS.indexOf(b.variant),
    );
    return { days, variants };
  }
}
