/**
 * A rules error (a FEN typed, a set-up position, a PDN file) said in the page's language by its
 * reason (src/rules/errors.ts); the rules' own message is English, shown only on an English page
 * when an error carries no reason.
 */
import type { RulesError, RulesErrorCode } from '../../../src/rules/index.js';
import { language, t, variantName } from './i18n/index.js';

const MOVE_WORDS: Partial<Record<RulesErrorCode, 'illegal' | 'ambiguous' | 'noPiece'>> = {
  ILLEGAL_MOVE: 'illegal',
  AMBIGUOUS_MOVE: 'ambiguous',
  NO_PIECE: 'noPiece',
};

export function rulesReason(e: RulesError): string {
  const r = e.reason;
  if (!r) return language() === 'en' ? e.message : t('rules.unknown');
  switch (r.key) {
    case 'crowned':
      return t(`rules.crowned.${r.color}`, { square: r.square });
    case 'noPieces':
      return t(`rules.noPieces.${r.color}`);
    case 'pdnLine':
      return t('rules.pdnLine', { line: r.line });
    case 'pdnMove':
      return t(`rules.pdnMove.${MOVE_WORDS[r.code] ?? 'unreadable'}`, {
        line: r.line,
        move: r.move,
        text: r.text,
      });
    default:
      return t(`rules.${r.key}`);
  }
}

/**
 * What a PDN error adds to help (issue 29): the legal move(s) a move written in part may mean,
 * and the variant the game's moves fit. Each a sentence, after a space; empty when none.
 */
export function pdnHints(e: RulesError): string {
  const r = e.reason;
  if (r?.key !== 'pdnMove') return '';
  const out: string[] = [];
  if (r.legal?.length === 1) out.push(t('pdnImport.meantOne', { move: r.legal[0] }));
  else if (r.legal?.length) out.push(t('pdnImport.meantSome', { moves: r.legal.join(', ') }));
  if (r.fits) out.push(t('pdnImport.fits', { variant: variantName(r.fits) }));
  return out.map((s) => ` ${s}`).join('');
}
