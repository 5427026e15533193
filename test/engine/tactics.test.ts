/**
 * Known shots, with answers certain by construction: a 2-for-1 shot in every variant, and a
 * king trapping a lone man (a forced win in 3 plies) in each king family.
 */
import { search } from '../../src/engine/index.js';
import type { VariantId } from '../../src/rules/types.js';
import { position, sq } from '../rules/helpers.js';

/*
 * 2-for-1: white d4-e5 gives a man; black must take f6xd4 (d6xf4 is blocked, b2 stops the
 * chain), then c3xe5xc7 takes two. Mirrored (a<->h) where a1 is a light square.
 */
const shot = {
  white: ['d4', 'c3', 'f4', 'b2', 'g1'],
  black: ['f6', 'd6', 'h8'],
  move: ['d4', 'e5'],
};
const mirror = (s: string): string =>
  `${s.startsWith('K') ? 'K' : ''}${String.fromCharCode(201 - s.replace('K', '').charCodeAt(0))}${s.replace(/^K?[a-h]/, '')}`;

describe('a 2-for-1 shot', () => {
  test.each(
    (
      [
        'english',
        'brazilian',
        'russian',
        'pool',
        'czech',
        'international',
        'italian',
        'spanish',
      ] as VariantId[]
    ).map((v) => [v]),
  )('%s: d4-e5 (mirrored on a light a1) wins a man', (variant) => {
    const light = variant === 'italian' || variant === 'spanish';
    const f = light ? mirror : (s: string) => s;
    const pos = position(variant, 'W', shot.white.map(f), shot.black.map(f));
    const r = search(pos, { depth: 6 });
    expect(r.bestMove?.from).toBe(sq(variant, f(shot.move[0])));
    expect(r.bestMove?.to).toBe(sq(variant, f(shot.move[1])));
    // A man up (or more: the shot may already show a forced win).
    expect('win' in r.score ? 10_000 : 'cp' in r.score ? r.score.cp : -10_000).toBeGreaterThan(60);
  });
});

/* A king steps onto a line the lone man must cross: its only move walks into the capture. */
describe('a king traps the last man: win in 3 plies', () => {
  test.each([
    ['english', 'Ke1', 'h4', ['f2']],
    ['brazilian', 'Kd2', 'h4', ['e1', 'f4']],
    ['russian', 'Kd2', 'h4', ['e1', 'f4']],
    ['international', 'Kf2', 'j4', ['g1', 'h4']],
  ] as [VariantId, string, string, string[]][])(
    '%s: %s against %s',
    (variant, king, man, targets) => {
      const pos = position(variant, 'W', [king], [man]);
      const r = search(pos, { depth: 8 });
      expect(r.score).toEqual({ win: 3 });
      expect(targets.map((t) => sq(variant, t))).toContain(r.bestMove?.to);
    },
  );
});
