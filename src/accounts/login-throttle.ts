/**
 * Growing delays after failed logins, per username and per address, kept in the database so
 * every process sees them: a few free failures, then 1 s, 2 s, 4 s... up to 5 minutes, forgotten
 * an hour after the last failure. An address gets more free failures (people share addresses).
 * The time is the database's now(), the one clock every process shares (a process whose clock
 * ran ahead would wave guesses through another's delays); a test's clock (common/time.ts), when
 * the app runs on one, takes its place so that a test can stop it.
 */
import { DomainError } from '../common/errors.js';
import { systemTime, type TimeSource } from '../common/time.js';
import type { DataSource } from 'typeorm';

const FREE = { user: 3, ip: 10 } as const;
const MAX_DELAY_S = 300;

export interface ThrottleKeys {
  readonly username: string;
  readonly ip: string;
}

const keysOf = (k: ThrottleKeys) =>
  [
    [`user:${k.username.toLowerCase()}`, FREE.user],
    [`ip:${k.ip.slice(0, 70)}`, FREE.ip],
  ] as const;

export class LoginThrottle {
  constructor(
    private readonly db: DataSource,
    private readonly time: TimeSource,
  ) {}

  /**
   * Counts a login attempt as a failure before its password is checked, or refuses it
   * RATE_LIMITED while either key waits out its delay. Counting first, in the statement that
   * checks, means parallel guesses cannot all slip through while the first one is hashing: the
   * row lock orders them, and each sees the delay the one before it set.
   */
  async attempt(k: ThrottleKeys): Promise<void> {
    for (const [key, free] of keysOf(k)) {
      const now = this.clock();
      const rows = (await this.db.query(
        `INSERT INTO login_failures AS f (key, failures, blocked_until, last_failure_at)
           VALUES ($1, 1, coalesce($4::timestamptz, now()), coalesce($4::timestamptz, now()))
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.last_failure_at < coalesce($4::timestamptz, now()) - interval '1 hour' THEN 1
                           ELSE f.failures + 1 END,
           last_failure_at = coalesce($4::timestamptz, now()),
           blocked_until = coalesce($4::timestamptz, now()) + CASE
             WHEN f.last_failure_at < coalesce($4::timestamptz, now()) - interval '1 hour' OR f.failures + 1 <= $2
               THEN interval '0'
             ELSE least(power(2, f.failures - $2), $3) * interval '1 second' END
         WHERE f.blocked_until <= coalesce($4::timestamptz, now()) OR f.last_failure_at < coalesce($4::timestamptz, now()) - interval '1 hour'
         RETURNING 1`,
        [key, free, MAX_DELAY_S, now],
      )) as unknown[];
      if (rows.length === 0) await this.refuse(key, now);
    }
  }

  /** A test's clock, or null: the database's now(). */
  private clock(): Date | null {
    return this.time === systemTime ? null : this.time.now();
  }

  private async refuse(key: string, now: Date | null): Promise<never> {
    const rows = (await this.db.query(
      `SELECT greatest(1, ceil(extract(epoch FROM blocked_until - coalesce($2::timestamptz, now()))))::int AS wait
         FROM login_failures WHERE key = $1`,
      [key, now],
    )) as { wait: number }[];
    throw new DomainError(
      'RATE_LIMITED',
      `too many failed logins: try again in ${rows[0]?.wait ?? 1} s`,
    );
  }

  /**
   * The password was right: the username's failures are forgotten, and the address's count
   * drops back by the one this attempt added (with the delay it may have started).
   */
  async succeeded(k: ThrottleKeys): Promise<void> {
    const [[user], [ip, free]] = keysOf(k);
    await this.db.query(`DELETE FROM login_failures WHERE key = $1`, [user]);
    await this.db.query(
      `UPDATE login_failures SET failures = greatest(failures - 1, 0),
              blocked_until = CASE WHEN failures - 1 <= $2 THEN coalesce($3::timestamptz, now()) ELSE blocked_until END
        WHERE key = $1`,
      [ip, free, this.clock()],
    );
  }
}
