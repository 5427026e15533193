/**
 * This browser's choices (kept in localStorage): sounds and premoves, on unless switched off.
 * Stored per browser for now; an account's settings on the server are to come (issue 19).
 */
export type Pref = 'sounds' | 'premoves';

const key = (p: Pref) => `damas.${p}`;

export function prefOn(p: Pref): boolean {
  try {
    return localStorage.getItem(key(p)) !== 'off';
  } catch {
    return true;
  }
}

export function setPref(p: Pref, on: boolean): void {
  localStorage.setItem(key(p), on ? 'on' : 'off');
}
