/**
 * A rules error (a FEN typed, a set-up position, a PDN file) said in the page's language by its
 * reason (src/rules/errors.ts); the rules' own message is English, shown only on an English page
 * when an error carries no reason.
 */
import type { RulesError, RulesErrorCode } from '../../../src/rules/index.js';
import { language, t } from './i18n/index.js';

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
