/**
 * PURE: which pool the leaderboard's address asks for, and the address of a pool.
 * `/leaderboard` (the default pool), `/leaderboard/<variant>`, `/leaderboard/<variant>/<speed>`,
 * or the same as `?variant=&speed=`; anything unknown falls back to the default's part.
 */
import { SPEEDS, type Speed } from '../../../../src/common/protocol.js';
import { isVariantId, type VariantId } from '../../../../src/rules/index.js';

export interface Pool {
  variant: VariantId;
  speed: Speed;
}

/** The site's default variant, and the speed most games are played at. */
export const DEFAULT_POOL: Pool = { variant: 'brazilian', speed: 'blitz' };

const isSpeed = (s: string | null | undefined): s is Speed =>
  (SPEEDS as readonly string[]).includes(s ?? '');

export function poolOf(pathname: string, search = ''): Pool {
  const [, variant, speed] = /^\/leaderboard(?:\/([^/]*))?(?:\/([^/]*))?\/?$/.exec(pathname) ?? [];
  const query = new URLSearchParams(search);
  const v = variant || query.get('variant');
  const s = speed || query.get('speed');
  return {
    variant: isVariantId(v) ? v : DEFAULT_POOL.variant,
    speed: isSpeed(s) ? s : DEFAULT_POOL.speed,
  };
}

export const poolPath = (p: Pool): string => `/leaderboard/${p.variant}/${p.speed}`;
