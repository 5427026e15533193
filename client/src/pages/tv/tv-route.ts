/**
 * TV's addresses (/tv is the best game of all, /tv/<variant> a variant's channel) and its
 * clocks' text: what the page draws that a unit test can check without a page.
 */
import type { TvChannelKey } from '../../../../src/common/protocol.js';
import { isVariantId } from '../../../../src/rules/index.js';

/** The channel an address asks for (an unknown variant: the best game of all). */
export function channelOf(path: string): TvChannelKey {
  const v = /^\/tv\/([^/]+)\/?$/.exec(path)?.[1];
  return v && isVariantId(v) ? v : 'best';
}

/** A channel's address. */
export const channelPath = (key: TvChannelKey): string => (key === 'best' ? '/tv' : `/tv/${key}`);

/** m:ss (h:mm:ss from an hour), as a clock shows it. */
export function clockText(seconds: number): string {
  const s = Math.ceil(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}
