/**
 * Token buckets per key (socket, token or IP), in process memory: a limit is a local defence,
 * not game state, so it need not be shared between processes.
 */
import type { Limit } from '../config.js';

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limit: Limit) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    const { capacity, perSecond } = this.limit;
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: capacity, at: now };
      this.buckets.set(key, b);
      if (this.buckets.size > 100_000) this.sweep(now);
    }
    b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * perSecond);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Drops full buckets so the map cannot grow without bound. */
  private sweep(now: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.limit.perSecond >= this.limit.capacity)
        this.buckets.delete(k);
    }
  }
}
