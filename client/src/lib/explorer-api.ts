/**
 * The opening explorer's REST side (docs/PROTOCOL.md, explorer): the moves played from a position
 * in the site's games (`lichess`, as lichess names its site database), in imported master games,
 * or by one player; and a master game as PDN. An error answer becomes a WireError.
 */
import type { ErrorBody, ExplorerAnswer, Speed } from '../../../src/common/protocol.js';
import type { VariantId } from '../../../src/rules/index.js';
import { wireError } from './errors.js';

export type ExplorerSource = 'lichess' | 'masters' | 'player';

export interface ExplorerQuery {
  source: ExplorerSource;
  variant: VariantId;
  fen: string;
  /** The moves from the start that led here, when the position came so (names the opening). */
  play?: readonly string[];
  /** Site games and a player's: the speeds kept (all when empty). */
  speeds?: readonly Speed[];
  /** Site games: the rating bands kept, by their lower bounds (all when empty). */
  ratings?: readonly number[];
  /** A player's games: the player's name and colour. */
  name?: string;
  color?: 'white' | 'black';
  moves?: number;
}

/** The address a query asks (the same query, the same address: answers are kept by it). */
export function explorerUrl(q: ExplorerQuery): string {
  const p = new URLSearchParams({ variant: q.variant, fen: q.fen });
  if (q.source === 'player') {
    p.set('name', q.name ?? '');
    p.set('color', q.color ?? 'white');
  }
  if (q.source !== 'masters' && q.speeds?.length) p.set('speeds', q.speeds.join(','));
  if (q.source === 'lichess' && q.ratings?.length) p.set('ratings', q.ratings.join(','));
  if (q.moves) p.set('moves', String(q.moves));
  // Only to name the opening (the FEN says where): the names' lines are a few moves long.
  if (q.source !== 'player' && q.play?.length) p.set('play', q.play.slice(0, 40).join(','));
  return `/api/explorer/${q.source}?${p.toString()}`;
}

async function read(url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw wireError(body.error);
  }
  return res;
}

export const explore = (url: string, signal?: AbortSignal): Promise<ExplorerAnswer> =>
  read(url, signal).then((r) => r.json() as Promise<ExplorerAnswer>);

/** An imported master game as PDN text. */
export const mastersPdn = (id: string): Promise<string> =>
  read(`/api/explorer/masters/pdn/${encodeURIComponent(id)}`).then((r) => r.text());
