/**
 * Benchmark figures, in ms rounded to 0.01: percentiles of samples, and of an event-loop delay
 * histogram. Shared by the load generator (client side) and the test API (server side), so the
 * two columns of a report are computed alike.
 */
import type { IntervalHistogram } from 'node:perf_hooks';

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Nearest-rank percentiles; NaN (JSON null) for no samples. */
export function latency(xs: readonly number[]): Latency {
  const s = Float64Array.from(xs).sort();
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN);
  return {
    n: s.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(at(1)),
  };
}

/** The histogram of `monitorEventLoopDelay({ resolution })` holds the timer's whole period: its resolution is not delay. */
export function loopDelay(h: IntervalHistogram, resolutionMs: number) {
  const late = (ns: number) => Math.max(0, round(ns / 1e6 - resolutionMs));
  return { p50: late(h.percentile(50)), p99: late(h.percentile(99)), max: late(h.max) };
}
