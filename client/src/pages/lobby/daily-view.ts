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
let drawn: { view: DailyPuzzleView | null; language: string; asked: boolean } | null = null;

/**
 * Until the puzzle has been asked for, the card keeps its place in the lobby's grid unseen
 * (.waiting), so its arrival moves nothing (Lighthouse's layout shift was 0.226 when it took a
 * column from the tournaments' card); with none, it goes.
 */
export function drawDaily(
  el: El<typeof LOBBY_IDS>,
  view: DailyPuzzleView | null,
  asked: boolean,
): void {
  if (drawn?.view === view && drawn.language === language() && drawn.asked === asked) return;
  drawn = { view, language: language(), asked };
  const line = view && PuzzleLine.read(view.puzzle);
  el('daily').classList.toggle('waiting', !asked);
  el('daily').hidden = asked && !line;
  if (!view || !line) return;
  drawMiniBoard(el('daily-board'), line.positions[1], line.solver, line.moves[0].path);
  el('daily-caption').textContent = t(`puzzle.dailyToPlay.${line.solver}`, {
    variant: variantName(view.puzzle.variant),
  });
}
