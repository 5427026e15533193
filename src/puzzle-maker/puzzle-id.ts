/**
 * A puzzle's id: 6 characters [0-9A-Za-z] hashed from variant, fen and the opponent's move, so a
 * puzzle found twice (another run, another source) gets the same id and merges.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** FNV-1a over UTF-16 code units with a given offset basis (two bases: ~64 bits of hash). */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function puzzleId(variant: string, fen: string, firstMove: string): string {
  const key = `${variant}|${fen}|${firstMove}`;
  // 62^6 ~ 5.7e10 ids: take the hash modulo that from 53 bits of two FNV runs.
  let n = fnv1a(key, 0x811c9dc5) * 2 ** 21 + (fnv1a(key, 0x050c5d1f) >>> 11);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out += ALPHABET[n % 62];
    n = Math.floor(n / 62);
  }
  return out;
}
