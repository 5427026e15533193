/**
 * The opening explorer beside the engine's lines: what was played from the position shown, in the
 * site's games, in master games or by one player, with its filters (speeds and rating bands for
 * the site's games, a name and a colour for a player's) kept in this browser. Asked again when the
 * position or a filter changes, once it has held still a moment; an answer for a position no
 * longer shown is dropped (its request cancelled), and answers already seen are kept a while.
 * No DOM: the view draws `state`.
 */
import { moveToText, type MoveNode, type VariantId } from '../../../../src/rules/index.js';
import { explain, WireError } from '../../lib/errors.js';
import { explore, explorerUrl, type ExplorerSource } from '../../lib/explorer-api.js';
import {
  RATING_BANDS,
  SPEEDS,
  type ExplorerAnswer,
  type Speed,
} from '../../../../src/common/protocol.js';
import { t } from '../../lib/i18n/index.js';
import type { AnalysisTree } from '../../lib/study/tree.js';

/** How long the position must hold still before it is asked (stepping through a game asks once). */
export const EXPLORER_DEBOUNCE_MS = 250;
const STORE = 'damas.explorer';
/** Answers kept, by address: stepping back and forth asks nothing again. */
const KEPT = 40;

export interface ExplorerPrefs {
  source: ExplorerSource;
  speeds: Speed[];
  ratings: number[];
  name: string;
  color: 'white' | 'black';
}

export type ExplorerState =
  | { status: 'idle' }
  | { status: 'loading'; stale: ExplorerAnswer | null }
  | { status: 'done'; answer: ExplorerAnswer }
  | { status: 'error'; message: string };

const DEFAULTS: ExplorerPrefs = {
  source: 'lichess',
  speeds: [],
  ratings: [],
  name: '',
  color: 'white',
};

function storedPrefs(): ExplorerPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(STORE) ?? '{}') as Partial<ExplorerPrefs>;
    return {
      source:
        (['lichess', 'masters', 'player'] as const).find((s) => s === raw.source) ?? 'lichess',
      speeds: Array.isArray(raw.speeds) ? SPEEDS.filter((s) => raw.speeds!.includes(s)) : [],
      ratings: Array.isArray(raw.ratings)
        ? RATING_BANDS.filter((r) => raw.ratings!.includes(r))
        : [],
      name: typeof raw.name === 'string' ? raw.name.slice(0, 40) : '',
      color: raw.color === 'black' ? 'black' : 'white',
    };
  } catch {
    return { ...DEFAULTS };
  }
}

/** The moves from the variant's start that led to the node shown (none from a set-up position). */
export function movesFromStart(tree: AnalysisTree, start: string): string[] {
  const nodes = tree.nodes;
  if (nodes[0].position.fen !== start) return [];
  return nodes.slice(1).map((n, i) => moveToText(nodes[i].position, (n as MoveNode).move));
}

export class ExplorerCtrl {
  prefs: ExplorerPrefs = storedPrefs();
  state: ExplorerState = { status: 'idle' };
  /** The address of the answer wanted now ('' when nothing is). */
  private wanted = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private aborter: AbortController | null = null;
  private readonly kept = new Map<string, ExplorerAnswer>();
  private last: ExplorerAnswer | null = null;

  constructor(private readonly redraw: () => void) {}

  /** The position shown (and how it came from the start): asked if not already. */
  want(variant: VariantId, fen: string, play: string[]): void {
    const { source, speeds, ratings, name, color } = this.prefs;
    if (source === 'player' && !name.trim()) {
      this.cancel();
      this.wanted = '';
      this.state = { status: 'idle' };
      return;
    }
    const url = explorerUrl({
      source,
      variant,
      fen,
      play,
      speeds,
      ratings,
      name: name.trim(),
      color,
    });
    if (url === this.wanted) return;
    this.cancel();
    this.wanted = url;
    const kept = this.kept.get(url);
    if (kept) {
      this.state = { status: 'done', answer: kept };
      this.last = kept;
      return;
    }
    this.state = { status: 'loading', stale: this.last };
    this.timer = setTimeout(() => void this.ask(url), EXPLORER_DEBOUNCE_MS);
  }

  private async ask(url: string): Promise<void> {
    this.timer = null;
    const aborter = new AbortController();
    this.aborter = aborter;
    try {
      const answer = await explore(url, aborter.signal);
      if (this.wanted !== url) return;
      this.kept.set(url, answer);
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.last = answer;
      this.state = { status: 'done', answer };
    } catch (e) {
      if (aborter.signal.aborted || this.wanted !== url) return;
      // The server's own words say what was wrong (a FEN it cannot read, a player unknown).
      const message =
        e instanceof WireError && e.message !== 'error'
          ? t('explorer.failed', { reason: e.message })
          : explain(e);
      this.state = { status: 'error', message };
    } finally {
      if (this.aborter === aborter) this.aborter = null;
    }
    this.redraw();
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.aborter?.abort();
    this.aborter = null;
  }

  /** A filter or the source changed: kept, and the position asked again. */
  set(change: Partial<ExplorerPrefs>): void {
    // Another source's answer is not shown (dimmed) while this one's comes.
    if (change.source && change.source !== this.prefs.source) this.last = null;
    this.prefs = { ...this.prefs, ...change };
    try {
      localStorage.setItem(STORE, JSON.stringify(this.prefs));
    } catch {
      /* not kept, but applied */
    }
    this.redraw();
  }

  /** The page left: nothing asked until it is back. */
  leave(): void {
    this.cancel();
    this.wanted = '';
  }
}
