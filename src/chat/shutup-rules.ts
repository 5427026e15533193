/**
 * PURE: what the chat does with a line's words (as lichess's `shutup`), and how offences add up
 * to a mute. No I/O: table-tested in test/unit/shutup-rules.test.ts.
 *
 * The rule:
 *   - every line is read against the lists of all six languages at once (a game's chat has no
 *     language of its own), after folding case, accents, common digit-for-letter spellings
 *     ("1d10t") and letters repeated three times or more ("idiooot");
 *   - an insult FLAGS the line: it is said, and counts 1 point against its author;
 *   - a slur or a call to self-harm HIDES the line: nobody else sees it, and it counts 2 points;
 *   - 3 points within a day MUTE the player: 5 minutes the first time, then 15 min, 1 h, 3 h,
 *     then a day each time; the points start again after a mute, and the count of mutes is
 *     forgotten 30 days after the last offence.
 */

export type ChatVerdict = 'ok' | 'flag' | 'hide';

export interface LineCheck {
  verdict: ChatVerdict;
  /** The listed words found, as folded (for the moderators' record). */
  words: string[];
}

export const SHUTUP_LANGUAGES = ['en', 'es', 'fr', 'nl', 'pt', 'ru'] as const;
export type ShutupLanguage = (typeof SHUTUP_LANGUAGES)[number];

/**
 * Per language: insults (flag) and slurs or threats (hide), as regular-expression fragments over
 * the folded text, written folded (lower case, no accents: see fold()). Words that are also
 * ordinary words in another of the languages are left out ("negro", Dutch "nul", "homo"). Each matches a whole word or phrase, never inside a
 * longer word ("con" is not in "conclusion").
 */
export const SHUTUP_LISTS: Record<ShutupLanguage, { insults: string[]; slurs: string[] }> = {
  en: {
    insults: [
      'idiots?',
      'morons?',
      'stupid',
      'dumb(?:ass)?',
      'losers?',
      'noobs?',
      'retarded',
      'cheaters?',
      'fuck(?:ing)? you',
      'stfu',
      'suckers?',
      'wankers?',
      'bitch(?:es)?',
      'assholes?',
    ],
    slurs: [
      'n+igg(?:er|a)s?',
      'fag(?:got)?s?',
      'retards?',
      'trann(?:y|ies)',
      'kys',
      'kill yourself',
      'go die',
    ],
  },
  es: {
    insults: [
      'idiotas?',
      'imbeciles?',
      'estupid[oa]s?',
      'gilipollas',
      'pendej[oa]s?',
      'tont[oa]s?',
      'cabron(?:es)?',
      'hijo de puta',
      'put[oa]s?',
      'tramposo',
    ],
    slurs: ['maricon(?:es)?', 'sudacas?', 'mongolic[oa]s?', 'matate'],
  },
  fr: {
    insults: [
      'connards?',
      'connasses?',
      'abrutis?',
      'debiles?',
      'salopes?',
      'encule',
      'nique ta mere',
      'ta gueule',
      'tricheurs?',
    ],
    slurs: ['pedes?', 'bougnoules?', 'tapettes?', 'suicide toi'],
  },
  nl: {
    insults: ['idioot', 'idioten', 'sukkels?', 'klootzak(?:ken)?', 'lul', 'eikels?', 'valsspeler'],
    slurs: ['kanker\\p{L}*', 'flikkers?', 'mongool', 'mongolen'],
  },
  pt: {
    insults: [
      'idiotas?',
      'otari[oa]s?',
      'imbecis',
      'imbecil',
      'burr[oa]s?',
      'vai se foder',
      'filho da puta',
      'babacas?',
      'trapaceir[oa]s?',
    ],
    slurs: ['viados?', 'macaco imundo', 'se mata'],
  },
  ru: {
    insults: [
      'идиот\\p{L}*',
      'дебил\\p{L}*',
      'дурак\\p{L}*',
      'сука',
      'мудак\\p{L}*',
      'иди нахуи',
      'лох',
      'читер\\p{L}*',
    ],
    slurs: ['пидор\\p{L}*', 'хохол', 'хохлы', 'чурк\\p{L}*', 'убеис[яь]'],
  },
};

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * The text as the lists read it: lower case, accents and other marks gone (é -> e, й -> и),
 * digits that stand for letters as those letters, a letter repeated three times or more once.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[013457@$]/g, (c) => LEET[c] ?? c)
    .replace(/(\p{L})\1{2,}/gu, '$1');
}

/** One pattern per list: any entry, as a whole word (no letter just before or after). */
const compile = (entries: string[]) =>
  new RegExp(`(?<!\\p{L})(?:${entries.join('|')})(?!\\p{L})`, 'gu');

const INSULTS = compile(SHUTUP_LANGUAGES.flatMap((l) => SHUTUP_LISTS[l].insults));
const SLURS = compile(SHUTUP_LANGUAGES.flatMap((l) => SHUTUP_LISTS[l].slurs));

const found = (re: RegExp, text: string): string[] => [...text.matchAll(re)].map((m) => m[0]);

/** What the chat does with this line. */
export function checkLine(text: string): LineCheck {
  const folded = fold(text).replace(/\s+/g, ' ');
  const slurs = found(SLURS, folded);
  const insults = found(INSULTS, folded);
  const words = [...new Set([...slurs, ...insults])];
  return { verdict: slurs.length > 0 ? 'hide' : insults.length > 0 ? 'flag' : 'ok', words };
}

/** A player's chat standing as stored (chat_standing). */
export interface ChatStanding {
  points: number;
  lastOffenceAt: Date | null;
  mutes: number;
  mutedUntil: Date | null;
}

export const NO_STANDING: ChatStanding = {
  points: 0,
  lastOffenceAt: null,
  mutes: 0,
  mutedUntil: null,
};

export const OFFENCE_POINTS: Record<Exclude<ChatVerdict, 'ok'>, number> = { flag: 1, hide: 2 };
/** Points that mute. */
export const MUTE_AT = 3;
const DAY_MS = 24 * 3600_000;
/** Points older than this are forgotten. */
export const POINTS_KEPT_MS = DAY_MS;
/** Past mutes are forgotten this long after the last offence. */
export const MUTES_KEPT_MS = 30 * DAY_MS;
/** The mute's length by how many came before it (the last repeats). */
export const MUTE_MINUTES = [5, 15, 60, 180, 24 * 60] as const;

export const muteMinutes = (before: number): number =>
  MUTE_MINUTES[Math.min(before, MUTE_MINUTES.length - 1)];

/** Until when the player is muted, or null if free to speak at `now`. */
export function mutedUntil(s: ChatStanding, now: Date): Date | null {
  return s.mutedUntil && s.mutedUntil > now ? s.mutedUntil : null;
}

/** The standing after an offence of `verdict` at `now`. */
export function afterOffence(
  s: ChatStanding,
  verdict: Exclude<ChatVerdict, 'ok'>,
  now: Date,
): ChatStanding {
  const since = s.lastOffenceAt ? now.getTime() - s.lastOffenceAt.getTime() : Infinity;
  const points = (since > POINTS_KEPT_MS ? 0 : s.points) + OFFENCE_POINTS[verdict];
  const mutes = since > MUTES_KEPT_MS ? 0 : s.mutes;
  if (points < MUTE_AT) return { points, lastOffenceAt: now, mutes, mutedUntil: s.mutedUntil };
  return {
    points: 0,
    lastOffenceAt: now,
    mutes: mutes + 1,
    mutedUntil: new Date(now.getTime() + muteMinutes(mutes) * 60_000),
  };
}
