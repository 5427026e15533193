/**
 * Growing delays after failed logins, per username and per address, kept in the database so
 * every process sees them: a few free failures, then 1 s, 2 s, 4 s... up to 5 minutes, forgotten
 * an hour after the last failure. An address gets more free failures (people share addresses).
 */
import { DomainError } from '../common/errors.js';
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
  constructor(private readonly db: DataSource) {}

  /** RATE_LIMITED while either key waits out its delay. */
  async check(k: ThrottleKeys): Promise<void> {
    const rows = (await this.db.query(
      `SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::int AS wait
         FROM login_failures
        WHERE key = ANY($1) AND blocked_until > now()
          AND last_failure_at > now() - interval '1 hour'`,
      [keysOf(k).map(([key]) => key)],
    )) as { wait: number | null }[];
    const wait = rows[0]?.wait;
    if (wait !== null && wait !== undefined && wait > 0)
      throw new DomainError('RATE_LIMITED', `too many failed logins: try again in ${wait} s`);
  }

  async failed(k: ThrottleKeys): Promise<void> {
    for (const [key, free] of keysOf(k))
      await this.db.query(
        `INSERT INTO login_failures AS f (key, failures, blocked_until, last_failure_at)
           VALUES ($1, 1, now(), now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.last_failure_at < now() - interval '1 hour' THEN 1
                           ELSE f.failures + 1 END,
           last_failure_at = now(),
           blocked_until = now() + CASE
             WHEN f.last_failure_at < now() - interval '1 hour' OR f.failures + 1 <= $2
               THEN interval '0'
             ELSE least(power(2, f.failures - $2), $3) * interval '1 second' END`,
        [key, free, MAX_DELAY_S],
      );
  }

  /** A successful login forgets the username's failures (the address's stay). */
  async succeeded(k: ThrottleKeys): Promise<void> {
    await this.db.query(`DELETE FROM login_failures WHERE key = $1`, [keysOf(k)[0][0]]);
  }
}
