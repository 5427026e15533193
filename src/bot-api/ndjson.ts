/**
 * One NDJSON response kept open: a JSON object per line, an empty line as a keep-alive (so
 * proxies and clients see the stream alive), ended by the server (`close`) or the client.
 */
import type { Response } from 'express';

/** An empty line at least this often (the contract says at most 7 s between lines). */
export const KEEPALIVE_MS = 6_000;
/** A client that does not read: past this much unsent output its stream is closed. */
const MAX_BUFFERED = 1 << 20;

export class NdjsonStream {
  private timer: NodeJS.Timeout | null;
  private closed = false;
  private readonly onClose: (() => void)[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly res: Response,
    keepAliveMs = KEEPALIVE_MS,
  ) {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    // Proxies (nginx) must pass lines on as they come.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    this.timer = setInterval(() => this.raw('\n'), keepAliveMs);
    res.on('close', () => this.close());
    // The client may have gone while the request was being checked: no close event will come.
    if (!res.socket || res.socket.destroyed) this.close();
  }

  get open(): boolean {
    return !this.closed;
  }

  /** One line; false once the stream is closed. */
  send(line: object): boolean {
    return this.raw(`${JSON.stringify(line)}\n`);
  }

  /** Runs `fn` once the stream closes, whoever closed it. */
  onClosed(fn: () => void): void {
    if (this.closed) fn();
    else this.onClose.push(fn);
  }

  /**
   * Runs `fn` after every step queued before it (a stream's lines keep the order of its events,
   * even when a step reads the database); a step that fails closes the stream.
   */
  step(fn: () => Promise<void> | void, onError: (e: unknown) => void): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await fn();
      } catch (e) {
        onError(e);
        this.close();
      }
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.res.writableEnded) this.res.end();
    for (const fn of this.onClose.splice(0)) fn();
  }

  private raw(text: string): boolean {
    if (this.closed) return false;
    if (this.res.writableLength > MAX_BUFFERED) {
      this.close();
      return false;
    }
    this.res.write(text);
    return true;
  }
}
