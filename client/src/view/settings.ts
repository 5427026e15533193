/**
 * The settings dialog and what the settings change on every page: the board's theme and piece
 * style (on <body data-board / data-pieces>, for the stylesheet), and the dialog's fields.
 */
import type { PlayerSettings } from '../../../src/common/protocol.js';
import { LANGUAGES, t } from '../i18n/index.js';
import { $ } from './dom.js';

/** The looks: every board on the page follows them (CSS on body[data-board], [data-pieces]). */
export function applyLooks(s: PlayerSettings): void {
  document.body.dataset.board = s.boardTheme;
  document.body.dataset.pieces = s.pieceStyle;
}

/** The dialog's fields as the settings stand (and where they are kept). */
export function fillSettings(s: PlayerSettings, account: boolean): void {
  $<HTMLSelectElement>('set-boardTheme').value = s.boardTheme;
  $<HTMLSelectElement>('set-pieceStyle').value = s.pieceStyle;
  for (const k of ['coordinates', 'premoves', 'takebacks', 'sounds'] as const)
    $<HTMLInputElement>(`set-${k}`).checked = s[k];
  const language = $<HTMLSelectElement>('set-language');
  language.replaceChildren(
    new Option(t('settings.browserLanguage'), ''),
    ...Object.entries(LANGUAGES).map(([id, name]) => {
      const o = new Option(name, id);
      o.lang = id;
      return o;
    }),
  );
  language.value = s.language ?? '';
  $('settings-kept').textContent = account ? t('settings.keptAccount') : t('settings.keptBrowser');
}
