/**
 * The settings dialog and what the settings change on every page: the board's theme and piece
 * style (on <body data-board / data-pieces>, for the stylesheet), and the dialog's fields.
 */
import type { PlayerSettings } from '../../../src/common/protocol.js';
import { storedIdentity } from '../lib/api.js';
import { LANGUAGES, t } from '../lib/i18n/index.js';
import { bindIdentity, onSettings, syncSettings } from '../lib/settings.js';
import { el, pieceEl } from '../lib/board/board.js';
import { $ } from '../lib/dom.js';
import { followLanguageSetting } from '../lib/language.js';

/**
 * The settings on a page without the game (the analysis board, a profile): the looks and the
 * language follow them, a change from the header's switch is kept, an account's are read.
 */
export function followSettings(redraw: () => void = () => undefined): void {
  bindIdentity(storedIdentity);
  followLanguageSetting();
  let first = true; // the page draws itself when it is ready: only later changes redraw it
  onSettings((s) => {
    applyLooks(s);
    if (!first) redraw(); // the board's coordinates, say
    first = false;
  });
  void syncSettings();
}

/** The looks: every board on the page follows them (CSS on body[data-board], [data-pieces]). */
export function applyLooks(s: PlayerSettings): void {
  document.body.dataset.board = s.boardTheme;
  document.body.dataset.pieces = s.pieceStyle;
}

/** The dialog's fields as the settings stand (and where they are kept). */
export function fillSettings(s: PlayerSettings, account: boolean): void {
  $<HTMLSelectElement>('set-boardTheme').value = s.boardTheme;
  $<HTMLSelectElement>('set-pieceStyle').value = s.pieceStyle;
  for (const k of ['coordinates', 'squareNumbers', 'premoves', 'takebacks', 'sounds'] as const)
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
  drawPreview();
}

/** Four squares with a man and a king, in the looks chosen (drawn while the dialog is open). */
function drawPreview(): void {
  const squares = [0, 1, 2, 3].map((x) =>
    el('rect', { x, y: 0, width: 1, height: 1, class: `sq ${x % 2 ? 'dark' : 'light'}` }),
  );
  $('settings-preview').replaceChildren(
    ...squares,
    pieceEl(0, 'white', false, 1, 0),
    pieceEl(0, 'black', true, 3, 0),
  );
}

/** The dialog closed: no pieces left outside the board (pages count the board's). */
export function clearPreview(): void {
  $('settings-preview').replaceChildren();
}
