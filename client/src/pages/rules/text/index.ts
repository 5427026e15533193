/** The rules' words, one module per language, fetched with the page (never in the lobby's load). */
import type { Language } from '../../../lib/i18n/languages.js';
import type { RulesText } from './types.js';

const LOADERS: Record<Language, () => Promise<{ text: RulesText }>> = {
  en: () => import('./en.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  nl: () => import('./nl.js'),
  'pt-BR': () => import('./pt-BR.js'),
  ru: () => import('./ru.js'),
};

export const loadRulesText = async (lang: Language): Promise<RulesText> =>
  (await LOADERS[lang]()).text;
