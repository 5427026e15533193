/**
 * A test's NDJSON stream reader: every line as it arrived (keep-alive empty lines too, as
 * null), waiting for a line, and how the stream ended.
 */
import { ndjsonLines } from '../../examples/bot/lib.js';

export interface Line {
  at: number;
  line: any;
}

export interface Ndjson {
  status: number;
  contentType: string | null;
  /** Every line so far, keep-alives as `line: null`. */
  lines: Line[];
  /** The JSON lines so far. */
  objects(): any[];
  /** The first JSON line after the first `after` ones that matches, waiting up to `ms`. */
  next(match: (line: any) => boolean, ms?: number, after?: number): Promise<any>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openNdjson(url: string, token?: string): Promise<Ndjson> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const lines: Line[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    try {
      for await (const text of ndjsonLines(res.body)) {
        lines.push({ at: Date.now(), line: text ? JSON.parse(text) : null });
        wake();
      }
    } catch {
      /* aborted by the test */
    } finally {
      done = true;
      wake();
    }
  })();
  const objects = () => lines.filter((l) => l.line !== null).map((l) => l.line);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    lines,
    objects,
    ended,
    close: () => abort.abort(),
    async next(match, ms = 10_000, after = 0) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = objects().slice(after).find(match);
        if (found) return found;
        if (done)
          throw new Error(`stream ended without the line; got ${JSON.stringify(objects())}`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no such line in ${ms} ms; got ${JSON.stringify(objects())}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
  };
}
