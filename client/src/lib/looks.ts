/**
 * The looks: every board on the page follows them (CSS on body[data-board], [data-pieces]), and
 * the page's colours follow the colour scheme (html[data-theme]; none: the system's, through
 * prefers-color-scheme and style.css's light-dark()).
 */
import type { PlayerSettings } from '../../../src/common/protocol.js';

export function applyLooks(s: PlayerSettings): void {
  document.body.dataset.board = s.boardTheme;
  document.body.dataset.pieces = s.pieceStyle;
  const root = document.documentElement;
  if (s.colorScheme === 'system') delete root.dataset.theme;
  else root.dataset.theme = s.colorScheme;
}
