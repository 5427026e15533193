/** The looks: every board on the page follows them (CSS on body[data-board], [data-pieces]). */
import type { PlayerSettings } from '../../../src/common/protocol.js';

export function applyLooks(s: PlayerSettings): void {
  document.body.dataset.board = s.boardTheme;
  document.body.dataset.pieces = s.pieceStyle;
}
