/**
 * The settings dialog (the header's "Settings"): the colours (light, dark or the system's), the
 * board's theme and piece style with a preview, the switches, the language. Each field changes its setting at once (settings.ts),
 * which every page follows.
 */
import type { PlayerSettings } from '../../../../src/common/protocol.js';
import { el as svgEl, pieceEl } from '../board/board.js';
import type { El } from '../dom.js';
import { LANGUAGES, t, type Language } from '../i18n/index.js';
import type { Session } from '../session.js';
import { changeSetting, settings } from '../settings.js';
import { askPermission, permission } from '../notify-alerts.js';
import type { HEADER_IDS } from './ids.js';

const SWITCHES = [
  'coordinates',
  'squareNumbers',
  'premoves',
  'takebacks',
  'sounds',
  'notifyYourTurn',
  'notifyChallenges',
  'notifyTournaments',
  'notifyFollowed',
  'titleFlash',
] as const;

export class SettingsDialog {
  constructor(
    private readonly el: El<typeof HEADER_IDS>,
    private readonly session: Session,
  ) {
    const dialog = el('settings');
    // Closed: no pieces left outside the board (pages count the board's).
    dialog.addEventListener('close', () => el('settings-preview').replaceChildren());
    el('settings-open').addEventListener('click', () => {
      this.fill(settings());
      dialog.showModal();
    });
    for (const k of ['colorScheme', 'boardTheme', 'pieceStyle'] as const) {
      const select = el(`set-${k}`);
      select.addEventListener('change', () => changeSetting(k, select.value as never));
    }
    for (const k of SWITCHES) {
      const box = el(`set-${k}`);
      box.addEventListener('change', () => changeSetting(k, box.checked));
    }
    // The browser's notifications: switched on, the browser asks the player (on this click).
    const browser = el('set-browserNotify');
    browser.addEventListener('change', () => {
      if (!browser.checked) return changeSetting('browserNotify', false);
      void askPermission().then((p) => {
        changeSetting('browserNotify', p === 'granted');
        this.redraw();
      });
    });
    const language = el('set-language');
    language.addEventListener('change', () =>
      changeSetting('language', language.value === '' ? null : (language.value as Language)),
    );
  }

  /** The fields as the settings stand, while the dialog is open. */
  redraw(): void {
    if (this.el('settings').open) this.fill(settings());
  }

  private fill(s: PlayerSettings): void {
    const { el } = this;
    el('set-colorScheme').value = s.colorScheme;
    el('set-boardTheme').value = s.boardTheme;
    el('set-pieceStyle').value = s.pieceStyle;
    for (const k of SWITCHES) el(`set-${k}`).checked = s[k];
    el('set-browserNotify').checked = s.browserNotify && permission() === 'granted';
    el('notify-denied').hidden = permission() !== 'denied';
    const language = el('set-language');
    language.replaceChildren(
      new Option(t('settings.browserLanguage'), ''),
      ...Object.entries(LANGUAGES).map(([id, name]) => {
        const o = new Option(name, id);
        o.lang = id;
        return o;
      }),
    );
    language.value = s.language ?? '';
    el('settings-kept').textContent = this.session.account
      ? t('settings.keptAccount')
      : t('settings.keptBrowser');
    this.drawPreview();
  }

  /** Four squares with a man and a king, in the looks chosen (drawn while the dialog is open). */
  private drawPreview(): void {
    const squares = [0, 1, 2, 3].map((x) =>
      svgEl('rect', { x, y: 0, width: 1, height: 1, class: `sq ${x % 2 ? 'dark' : 'light'}` }),
    );
    this.el('settings-preview').replaceChildren(
      ...squares,
      pieceEl(0, 'white', false, 1, 0),
      pieceEl(0, 'black', true, 3, 0),
    );
  }
}
