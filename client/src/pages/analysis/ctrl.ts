/**
 * The analysis board's state and actions: the piece selected and its moves, moving along the
 * tree and editing it, the engine's lines for the position shown, and PDN imported (a file of
 * games: pick one). Moves are played by the rules library in the browser. The tree itself is the
 * study's (shared with the board editor). No DOM: the page is reached through `AnalysisUi`.
 */
import {
  mainLine,
  makePdnTree,
  parseMoveText,
  parsePdnTree,
  Position,
  readPdnTrees,
  type Move,
  type PdnRead,
  type VariantId,
} from '../../../../src/rules/index.js';
import { matchPdn } from '../../lib/api.js';
import { explain } from '../../lib/errors.js';
import { mastersPdn } from '../../lib/explorer-api.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { pdnHints, rulesReason } from '../../lib/rules-text.js';
import type { Study } from '../../lib/study/study.js';
import { AnalysisTree } from '../../lib/study/tree.js';
import { engineKey, EngineLines, type EngineView } from './engine.js';
import { ExplorerCtrl, movesFromStart } from './explorer.js';

/** The engine's lines while it deepens: drawn 5 times a second at most (a person reads no faster). */
const ENGINE_DRAW_MS = 200;

export interface AnalysisUi {
  redraw(): void;
  say(text: string): void;
  clearMessage(): void;
  /** Several capture paths lead to the square picked: the player picks one. */
  choosePath(moves: Move[], choose: (m: Move) => void): void;
  hidePaths(): void;
}

/**
 * What the PDN card says: an error or what was imported (or both: a game read in part), its words
 * made at each drawing; and what may be done about it (the game read in the variant it fits).
 */
export interface PdnNote {
  error: boolean;
  text: () => string;
  action?: { label: () => string; run: () => void };
}

export class AnalysisCtrl {
  selected: number | null = null;
  targets: Move[] = [];
  readonly engine: EngineLines;
  /** The opening explorer's answer for the position shown, and its filters. */
  readonly explorer: ExplorerCtrl;
  /** The engine's last news, and the last lines it found (shown dimmed while it thinks again). */
  engineNews: EngineView | null = null;
  engineLines: Extract<EngineView, { status: 'done' }> | null = null;
  /** The games of the PDN file imported last (each read as far as it could be), and the one opened. */
  games: PdnRead[] = [];
  /** The text imported last: read again in another variant when asked. */
  private pdnText = '';
  gameIndex = 0;
  pdnNote: PdnNote | null = null;
  /** The position (engineKey) whose lines were asked for last. */
  private asked = '';
  private asking = false;

  constructor(
    readonly study: Study,
    private readonly ui: AnalysisUi,
  ) {
    this.engine = new EngineLines((news) => {
      this.engineNews = news;
      if (news.status === 'done') this.engineLines = news;
      if (news.status === 'off') this.engineLines = null;
      if (this.asking) return;
      // A search's depths come several a frame at first (a whole page drawn for each was most
      // of Lighthouse's blocking time on a phone): those drawn at most every ENGINE_DRAW_MS,
      // the rest (thinking, stopped, finished, an error) at once.
      if (news.status === 'done' && news.state === 'running') this.redrawSoon();
      else this.redrawNow();
    });
    this.explorer = new ExplorerCtrl(() => this.ui.redraw());
    // Another tree (a variant, a game, Back): what was selected is another position's.
    study.onReplaced(() => this.deselect());
  }

  private soon: ReturnType<typeof setTimeout> | null = null;

  private redrawSoon(): void {
    this.soon ??= setTimeout(() => {
      this.soon = null;
      this.ui.redraw();
    }, ENGINE_DRAW_MS);
  }

  private redrawNow(): void {
    if (this.soon !== null) clearTimeout(this.soon);
    this.soon = null;
    this.ui.redraw();
  }

  get tree(): AnalysisTree {
    return this.study.tree;
  }

  /** The position shown, as the engine's lines are keyed. */
  get shownKey(): string {
    return engineKey({ variant: this.study.variant, fen: this.tree.position.fen });
  }

  /** The engine asked about the position shown, if it has not been already. */
  askEngine(): void {
    const pos = this.tree.position;
    const ask = {
      variant: this.study.variant,
      fen: pos.fen,
      turn: pos.turn,
      history: this.tree.history(),
    };
    if (engineKey(ask) === this.asked) return;
    this.asked = engineKey(ask);
    // Its first news (thinking, or off) comes at once: drawn by the redraw that asks.
    this.asking = true;
    try {
      this.engine.ask(ask);
    } finally {
      this.asking = false;
    }
  }

  /** The explorer asked about the position shown (once it holds still), if not already. */
  askExplorer(): void {
    const variant = this.study.variant;
    const fen = this.tree.position.fen;
    this.explorer.want(variant, fen, movesFromStart(this.tree, Position.initial(variant).fen));
  }

  /** The search stopped where it stands (the stop button). */
  stopEngine(): void {
    this.engine.stop();
  }

  /** The position shown searched again, deepening (the button that follows a stop). */
  resumeEngine(): void {
    this.asked = '';
    this.ui.redraw();
  }

  /** The page left: its search ends, and starts again when the page is back. */
  leave(): void {
    this.deselect();
    this.engine.stop();
    this.asked = '';
    this.explorer.leave();
  }

  /** The engine switched on or off, or to another number of lines: asked again. */
  setEngine(on: boolean, count: number): void {
    this.engine.on = on;
    this.engine.count = count;
    this.asked = '';
    this.ui.redraw();
  }

  deselect(): void {
    this.selected = null;
    this.targets = [];
    this.ui.hidePaths();
  }

  /** A square clicked: a move to it, a choice among paths to it, or its piece selected. */
  pick(sq: number): void {
    const pos = this.tree.position;
    const to = this.targets.filter((m) => m.to === sq);
    if (to.length === 1) return this.play(to[0]);
    if (to.length > 1) return this.ui.choosePath(to, (m) => this.play(m));
    const piece = pos.pieceAt(sq);
    this.deselect();
    if (piece && piece.color === pos.turn) {
      const moves = pos.movesFrom(sq);
      if (moves.length === 0)
        this.ui.say(t(pos.hasCapture ? 'move.captureElsewhere' : 'move.noLegal'));
      this.selected = moves.length ? sq : null;
      this.targets = moves;
    } else if (piece) this.ui.say(t(`move.sideToMove.${pos.turn}`));
    this.ui.redraw();
  }

  play(move: Move): void {
    this.deselect();
    this.tree.play(move);
    this.ui.redraw();
  }

  /** A move by its landing squares (the explorer's), if it is legal in the position shown. */
  playPath(path: readonly number[]): void {
    const move = this.tree.position
      .legalMoves()
      .find((m) => m.path.length === path.length && m.path.every((sq, i) => sq === path[i]));
    if (move) this.play(move);
  }

  /**
   * A master game of the explorer's lists: its PDN read into the tree as an import is, shown at
   * the position it was listed for (its start if that is not on its main line).
   */
  async openMastersGame(id: string): Promise<void> {
    const fen = this.tree.position.fen;
    try {
      this.importPdn(await mastersPdn(id));
    } catch (e) {
      return this.ui.say(explain(e));
    }
    if (!this.games[this.gameIndex]?.ok) return;
    this.go((tree) => {
      tree.first();
      while (tree.position.fen !== fen && tree.node.children.length) tree.forward();
      if (tree.position.fen !== fen) tree.first();
    });
  }

  /** Goes along the tree (a button, a key, a move clicked). */
  go(fn: (tree: AnalysisTree) => void): void {
    this.deselect();
    fn(this.tree);
    this.ui.redraw();
  }

  /** An engine line's moves played up to the one clicked (if still for the position shown). */
  playLine(key: string, moves: string[]): void {
    if (key !== this.shownKey) return;
    this.deselect();
    for (const text of moves) {
      const m = parseMoveText(this.tree.position, text);
      if (!m.ok) break;
      this.tree.play(m.value);
    }
    this.ui.redraw();
  }

  private loadTree(tree: AnalysisTree): void {
    this.study.loadTree(tree);
    this.ui.redraw();
  }

  /** A FEN typed in: its position, a new tree. */
  loadFen(fen: string): void {
    const p = Position.fromFen(this.study.variant, fen);
    if (!p.ok) return this.ui.say(t('analysis.badFen', { reason: rulesReason(p.error) }));
    this.ui.clearMessage();
    this.loadTree(AnalysisTree.from(p.value));
  }

  /**
   * PDN pasted or read from a file: its games listed, the first readable one opened (a game with
   * an error up to it).
   */
  importPdn(text: string): void {
    this.pdnNote = null;
    this.pdnText = text;
    this.games = readPdnTrees(text, this.study.variant);
    if (this.games.length === 0) {
      this.pdnNote = { error: true, text: () => t('analysis.noGame') };
      return this.ui.redraw();
    }
    const first = this.games.findIndex((g) => g.ok);
    this.openGame(first < 0 ? 0 : first);
  }

  /** Game `i` of the file read again in `variant`, whatever its GameType says; the others stay. */
  private openAs(i: number, variant: VariantId): void {
    this.games[i] = readPdnTrees(this.pdnText, this.study.variant, variant)[i];
    this.openGame(i);
  }

  /** The PDN note alone (a file too large). */
  note(note: PdnNote | null): void {
    this.pdnNote = note;
    this.ui.redraw();
  }

  /** A game of the file imported: opened, or where it cannot be read. */
  openGame(i: number): void {
    const g = this.games[i];
    if (!g) return;
    this.gameIndex = i;
    const error = g.ok ? g.stopped : g.error;
    const fits = error?.reason?.key === 'pdnMove' ? error.reason.fits : undefined;
    const action = fits && {
      label: () => t('pdnImport.openAs', { variant: variantName(fits) }),
      run: () => this.openAs(i, fits),
    };
    if (!g.ok) {
      // Said in the page's language when it is drawn (a change of language redraws it); the
      // hints are sentences of their own, after the error's.
      const reason = () => rulesReason(g.error).replace(/^./, (c) => c.toUpperCase());
      const several = this.games.length > 1;
      this.pdnNote = {
        error: true,
        text: () =>
          (several
            ? t('analysis.gameError', { n: i + 1, reason: reason() })
            : t('analysis.pdnError', { reason: reason() })) + pdnHints(g.error),
        ...(action ? { action } : {}),
      };
      return this.ui.redraw();
    }
    this.ui.clearMessage();
    const imported = { variant: g.value.variant.id, count: mainLine(g.value).length };
    const done = () =>
      t('analysis.imported', { variant: variantName(imported.variant), count: imported.count });
    // Read in part: the moves before the error, and where and why it stopped.
    const stopped = g.stopped;
    this.pdnNote = stopped
      ? {
          error: true,
          text: () =>
            `${done()} ${t('pdnImport.stopped', { reason: rulesReason(stopped) })}${pdnHints(stopped)}`,
          ...(action ? { action } : {}),
        }
      : { error: false, text: done };
    this.loadTree(new AnalysisTree(g.value));
  }

  /** The whole tree (side lines and comments too) as PDN. */
  exportPdn(): string {
    return makePdnTree(this.tree.tree);
  }

  /** A game of the server (?game=<id>#<ply>): its PDN read into the tree, at that ply. */
  async openMatch(id: string, ply: number): Promise<void> {
    try {
      const t = parsePdnTree(await matchPdn(id), this.study.variant);
      if (!t.ok) return this.ui.say(rulesReason(t.error));
      this.loadTree(new AnalysisTree(t.value));
      if (Number.isInteger(ply) && ply > 0)
        this.go((tree) => tree.goTo(Array<number>(Math.min(ply, 2000)).fill(0)));
    } catch (e) {
      this.ui.say(explain(e));
    }
  }
}
