/**
 * The client's languages, each written in its own name (as the header's switch lists them), and
 * the pick from the browser's list (navigator.languages): an exact tag first, else the same
 * language in another region (pt-PT -> pt-BR, es-MX -> es, fr-CA -> fr), else English.
 */
export const LANGUAGES = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
  ru: 'Русский',
  fr: 'Français',
  nl: 'Nederlands',
} as const;

export type Language = keyof typeof LANGUAGES;

export const LANGUAGE_IDS = Object.keys(LANGUAGES) as Language[];

export const isLanguage = (s: unknown): s is Language =>
  typeof s === 'string' && Object.hasOwn(LANGUAGES, s);

const base = (tag: string) => tag.toLowerCase().split('-')[0];

/** The first of `wanted` (BCP 47 tags, preferred first) that the client speaks; else English. */
export function pickLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const exact = LANGUAGE_IDS.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const near = LANGUAGE_IDS.find((l) => base(l) === base(tag));
    if (near) return near;
  }
  return 'en';
}
