/**
 * The player's settings (PlayerSettings, PROTOCOL v1.11): kept in this browser for everyone, and
 * on the server as well (PATCH /api/players/me/settings). An account's come from the server
 * whenever it connects, so they follow it to other browsers; a guest's are this browser's, sent
 * up too, because the server fixes each game's takebacks from them.
 */
import {
  DEFAULT_SETTINGS,
  type Language,
  type PlayerSettings,
} from '../../../src/common/protocol.js';
import type { Identity } from './api.js';

const KEY = 'damas.settings';

type Listener = (s: PlayerSettings, changed: keyof PlayerSettings | null) => void;

let current: PlayerSettings = load();
/** Who plays in this browser (the session's identity, as it is when a setting is sent). */
let whoIs: () => Identity | null = () => null;
const listeners: Listener[] = [];

/** What this browser kept; the switches of before (damas.sounds, damas.premoves) carried over. */
function load(): PlayerSettings {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) return { ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as Partial<PlayerSettings>) };
    const old = (k: string) => localStorage.getItem(`damas.${k}`) !== 'off';
    return { ...DEFAULT_SETTINGS, sounds: old('sounds'), premoves: old('premoves') };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function keep(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* private mode: the settings last this page */
  }
}

export const settings = (): PlayerSettings => current;

/** Called on every change (and once now): applies a setting wherever it shows. */
export function onSettings(fn: Listener): void {
  listeners.push(fn);
  fn(current, null);
}

function tell(changed: keyof PlayerSettings | null): void {
  for (const fn of listeners) fn(current, changed);
}

/** The language chosen, or null to follow the browser's. */
export const chosenLanguage = (): Language | null => current.language;

/** One setting changed by the player: kept here, told to the page, sent to the server. */
export function changeSetting<K extends keyof PlayerSettings>(
  key: K,
  value: PlayerSettings[K],
): void {
  if (current[key] === value) return;
  current = { ...current, [key]: value };
  keep();
  tell(key);
  void send({ [key]: value });
}

/** Changes the server has not taken yet (offline when made): whose, and which. */
const UNSENT = 'damas.settings.unsent';
interface Unsent {
  playerId: string;
  patch: Partial<PlayerSettings>;
}

function unsent(playerId: string): Partial<PlayerSettings> {
  try {
    const u = JSON.parse(localStorage.getItem(UNSENT) ?? 'null') as Unsent | null;
    return u?.playerId === playerId ? u.patch : {};
  } catch {
    return {};
  }
}

function keepUnsent(u: Unsent | null): void {
  try {
    if (u) localStorage.setItem(UNSENT, JSON.stringify(u));
    else localStorage.removeItem(UNSENT);
  } catch {
    /* private mode */
  }
}

/** One PATCH at a time: each reads what is still unsent after the one before it ended. */
let sending: Promise<unknown> = Promise.resolve();

/**
 * PATCH to the server as the player (bearer for a guest, the session cookie for an account), with
 * the changes it has not taken yet. Unreachable (or failing: a 5xx), they are kept to go with the
 * next one (or the next connection); refused (a bad value), they are dropped.
 */
function send(patch: Partial<PlayerSettings>): Promise<PlayerSettings | null> {
  const run = sending.then(() => sendNow(patch));
  sending = run.catch(() => undefined);
  return run;
}

async function sendNow(patch: Partial<PlayerSettings>): Promise<PlayerSettings | null> {
  const identity = whoIs();
  if (!identity) return null;
  const all = { ...unsent(identity.id), ...patch };
  try {
    const res = await fetch('/api/players/me/settings', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        ...(identity.token && !identity.username
          ? { authorization: `Bearer ${identity.token}` }
          : {}),
      },
      body: JSON.stringify(all),
    });
    if (res.status < 500) {
      keepUnsent(null);
      return res.ok ? ((await res.json()) as PlayerSettings) : null;
    }
  } catch {
    /* unreachable: kept below */
  }
  keepUnsent({ playerId: identity.id, patch: all });
  return null;
}

/** Where the identity is read when a setting is sent. */
export function bindIdentity(fn: () => Identity | null): void {
  whoIs = fn;
}

/**
 * Called when the player is known (each socket opened). An account takes its settings from the
 * server (signed in on another browser, or on a browser another account used, they are its own),
 * after sending what it changed here while offline. A guest's are this browser's: they are sent
 * up (the takebacks switch must bind its games).
 */
export async function syncSettings(): Promise<void> {
  const who = whoIs();
  if (!who) return;
  if (!who.username) return pushSettings();
  try {
    // Changes made here while offline go first: the answer is the settings with them.
    const left = Object.keys(unsent(who.id)).length > 0;
    const theirs = (left ? await send({}) : null) ?? (await accountSettings());
    if (!theirs) return;
    current = { ...DEFAULT_SETTINGS, ...theirs };
    keep();
    tell(null);
  } catch {
    /* offline: this browser's copy until the next connection */
  }
}

async function accountSettings(): Promise<Partial<PlayerSettings> | null> {
  const res = await fetch('/api/players/me/settings');
  return res.ok ? ((await res.json()) as Partial<PlayerSettings>) : null;
}

/** This browser's settings, all of them, to the server as the player's (a guest, a new account). */
export async function pushSettings(): Promise<void> {
  await send(current);
}
