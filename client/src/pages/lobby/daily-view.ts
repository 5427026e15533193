/**
 * The lobby's daily puzzle card: its position after the opponent's last move, from the solver's
 * side, who is to play, and the way to solve it (/training/daily). Hidden while there is none.
 */
import type { DailyPuzzleView } from '../../../../src/common/protocol.js';
import { drawMiniBoard } from '../../lib/board/mini.js';
import type { El } from '../../lib/dom.js';
import { language, t, variantName } from '../../lib/i18n/index.js';
import { PuzzleLine } from '../training/puzzle-line.js';
import type { LOBBY_IDS } from './ids.js';

/** The puzzle and language last drawn: the board is drawn again only when either changes. */
let drawn: { view: DailyPuzzleView | null; language: string } | null = null;

export function drawDaily(el: El<typeof LOBBY_IDS>, view: DailyPuzzleView | null): void {
  if (drawn?.view === view && drawn.language === language()) return;
  drawn = { view, language: language() };
  const line = view && PuzzleLine.read(view.puzzle);
  el('daily').hidden = !line;
  if (!view || !line) return;
  drawMiniBoard(el('daily-board'), line.positions[1], line.solver, line.moves[0].path);
  el('daily-caption').textContent = t(`puzzle.dailyToPlay.${line.solver}`, {
    variant: variantName(view.puzzle.variant),
  });
}
