/**
 * TV's state: the channel shown and its featured game as the feed (GET /api/tv/feed) tells it:
 * a `featured` line sets the game (again at each switch), a `fen` line moves it on, `off` says
 * nothing is live. The feed is read as it comes; if it ends or fails it is opened again. No DOM:
 * the view draws this state.
 */
import type { TvChannelKey, TvFeedLine, TvPlayer } from '../../../../src/common/protocol.js';
import type { Color, VariantId } from '../../../../src/rules/index.js';

/** A featured game as shown: the clocks as last told, and when (to run the one that runs). */
export interface TvGame {
  id: string;
  variant: VariantId;
  orientation: Color;
  players: [TvPlayer, TvPlayer];
  fen: string;
  /** The last move's squares (its path), for the board's highlight. */
  lastMove: number[];
  /** Seconds left as told at `at` (null: no clock). */
  clocks: { white: number; black: number } | null;
  running: Color | null;
  at: number;
}

/** How long after a feed ended or failed it is opened again. */
const RETRY_MS = 2_000;

export class TvCtrl {
  game: TvGame | null = null;
  /** The server said nothing is live on the channel now. */
  off = false;
  private abort: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    public channel: TvChannelKey,
    private readonly changed: () => void,
  ) {}

  /** Follows `channel` (from scratch: its feed opened). */
  show(channel: TvChannelKey): void {
    this.stop();
    this.channel = channel;
    this.game = null;
    this.off = false;
    this.changed();
    this.open();
  }

  /** Stops following (the page is gone, or another channel comes). */
  stop(): void {
    this.abort?.abort();
    this.abort = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /** A clock's seconds left now (null: no clock). */
  secondsLeft(color: Color, now = Date.now()): number | null {
    const g = this.game;
    if (!g?.clocks) return null;
    const told = g.clocks[color];
    return g.running === color ? Math.max(0, told - (now - g.at) / 1000) : told;
  }

  /** One line of the feed. */
  apply(line: TvFeedLine, now = Date.now()): void {
    if (line.t === 'off') {
      this.game = null;
      this.off = true;
    } else if (line.t === 'featured') {
      const d = line.d;
      const [w, b] = [
        d.players.find((p) => p.color === 'white'),
        d.players.find((p) => p.color === 'black'),
      ];
      this.off = false;
      this.game = {
        id: d.id,
        variant: d.variant,
        orientation: d.orientation,
        players: d.players,
        fen: d.fen,
        lastMove: squaresOf(d.lm),
        clocks:
          w?.seconds !== undefined && b?.seconds !== undefined
            ? { white: w.seconds, black: b.seconds }
            : null,
        running: d.running,
        at: now,
      };
    } else if (line.t === 'fen' && this.game) {
      const d = line.d;
      this.game = {
        ...this.game,
        fen: d.fen,
        lastMove: squaresOf(d.lm),
        clocks: d.wc !== undefined && d.bc !== undefined ? { white: d.wc, black: d.bc } : null,
        running: d.running,
        at: now,
      };
    } else return;
    this.changed();
  }

  private open(): void {
    const abort = new AbortController();
    this.abort = abort;
    const query = this.channel === 'best' ? '' : `?variant=${this.channel}`;
    void this.read(`/api/tv/feed${query}`, abort.signal)
      .catch(() => undefined)
      .finally(() => {
        if (abort.signal.aborted || this.abort !== abort) return;
        this.retry = setTimeout(() => this.open(), RETRY_MS);
      });
  }

  private async read(url: string, signal: AbortSignal): Promise<void> {
    const res = await fetch(url, { signal });
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done || signal.aborted) return;
      rest += value;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      // Empty lines are keep-alives.
      for (const text of lines) if (text.trim()) this.apply(JSON.parse(text) as TvFeedLine);
    }
  }
}

/** `32-28` or `26x17x8`: the squares of the path (none for null). */
export const squaresOf = (lm: string | null): number[] =>
  lm ? lm.split(/[-x]/).map(Number).filter(Number.isInteger) : [];
