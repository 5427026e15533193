/**
 * The analysis board drawn from its state, and its controls bound: the board (a click picks),
 * the steps along the tree (buttons, the arrow keys, Home, End, f to flip, a move clicked), the
 * tree's edits, the engine's lines (a move clicked plays the line up to it), PDN in and out.
 */
import type { AnalysisLine } from '../../../../src/common/protocol.js';
import type { MoveNode } from '../../../../src/rules/index.js';
import { BoardView } from '../../lib/board/board.js';
import { PathChooser } from '../../lib/board/paths.js';
import { byId, displayed, type El } from '../../lib/dom.js';
import { language, t } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { settings } from '../../lib/settings.js';
import { StudyControls, type StudyActions } from '../../lib/study/controls.js';
import type { AnalysisTree } from '../../lib/study/tree.js';
import frame from '../../lib/study/frame.html?raw';
import { fillSlots } from '../../lib/study/frame.js';
import slots from './analysis.html?raw';
import type { AnalysisCtrl } from './ctrl.js';
import { scoreText, type EngineView } from './engine.js';
import { ExplorerView } from './explorer-view.js';
import { ANALYSIS_IDS } from './ids.js';
import { drawTree } from './tree-view.js';

type TreeButton = `tree-${'first' | 'prev' | 'next' | 'last' | 'promote' | 'delete'}`;

export class AnalysisView {
  readonly root = pageRoot(fillSlots(frame, slots));
  readonly el: El<typeof ANALYSIS_IDS> = byId(this.root, ANALYSIS_IDS);
  readonly board = new BoardView(this.el('board'));
  readonly paths = new PathChooser(this.el('paths'), (path) => this.board.preview(path));
  private readonly controls: StudyControls;
  private readonly explorer: ExplorerView;
  /** The moves of the tree as drawn, by their buttons' data-node. */
  private drawn: MoveNode[] = [];
  /** The exported PDN's download (an object URL, let go when another is made). */
  private download: string | null = null;
  /** The games listed in the file's choice: listed again for other games or another language. */
  private listed: { games: unknown; language: string } | null = null;

  constructor(
    private readonly ctrl: AnalysisCtrl,
    actions: Omit<StudyActions, 'loadFen'>,
  ) {
    const { el } = this;
    this.controls = new StudyControls(el, ctrl.study, 'analysis', {
      ...actions,
      loadFen: (fen) => ctrl.loadFen(fen),
    });
    this.explorer = new ExplorerView(el, ctrl);
    el('to-editor').addEventListener('click', () => actions.tab('editor'));
    this.board.onPick((sq) => ctrl.pick(sq));
    const steps: [TreeButton, (tree: AnalysisTree) => void][] = [
      ['tree-first', (tree) => tree.first()],
      ['tree-prev', (tree) => tree.back()],
      ['tree-next', (tree) => tree.forward()],
      ['tree-last', (tree) => tree.last()],
      ['tree-promote', (tree) => tree.promote()],
      ['tree-delete', (tree) => tree.remove()],
    ];
    for (const [id, step] of steps) el(id).addEventListener('click', () => ctrl.go(step));
    el('tree').addEventListener('click', (e) => {
      const i = (e.target as Element).closest<HTMLElement>('[data-node]')?.dataset.node;
      const node = i === undefined ? undefined : this.drawn[Number(i)];
      if (node) ctrl.go((tree) => tree.goToNode(node));
    });
    el('engine-on').addEventListener('change', () =>
      ctrl.setEngine(el('engine-on').checked, ctrl.engine.count),
    );
    el('engine-stop').addEventListener('click', () =>
      ctrl.engine.running ? ctrl.stopEngine() : ctrl.resumeEngine(),
    );
    el('engine-count').addEventListener('change', () =>
      ctrl.setEngine(ctrl.engine.on, Number(el('engine-count').value)),
    );
    el('pdn-import').addEventListener('click', () => ctrl.importPdn(el('pdn-text').value));
    el('pdn-file').addEventListener('change', () => {
      const file = el('pdn-file').files?.[0];
      if (!file) return;
      if (file.size > 1_000_000)
        return ctrl.note({ error: true, text: () => t('analysis.fileTooLarge') });
      void file.text().then((text) => {
        el('pdn-text').value = text;
        ctrl.importPdn(text);
      });
    });
    el('pdn-games').addEventListener('change', () => ctrl.openGame(Number(el('pdn-games').value)));
    el('pdn-export').addEventListener('click', () => this.exportPdn());
    el('pdn-variant').addEventListener('click', () => ctrl.pdnNote?.action?.run());
    document.addEventListener('keydown', (e) => {
      if (!displayed(this.root) || e.altKey || e.ctrlKey || e.metaKey) return;
      if ((e.target as Element).closest('input, select, textarea')) return;
      const study = ctrl.study;
      const step = {
        ArrowLeft: () => ctrl.go((tree) => tree.back()),
        ArrowRight: () => ctrl.go((tree) => tree.forward()),
        Home: () => ctrl.go((tree) => tree.first()),
        End: () => ctrl.go((tree) => tree.last()),
        f: () => ctrl.go(() => (study.flipped = !study.flipped)),
      }[e.key];
      if (!step) return;
      e.preventDefault();
      step();
    });
  }

  draw(): void {
    const { el, ctrl } = this;
    const { study, tree } = ctrl;
    const pos = tree.position;
    this.board.render({
      position: pos,
      flipped: study.flipped,
      numbers: study.numbers,
      coordinates: settings().coordinates,
      selected: ctrl.selected,
      targets: ctrl.targets.map((m) => m.to),
      lastMove: tree.lastMove?.move.path,
    });
    this.paths.redraw();
    this.controls.draw(pos.fen);
    this.drawn = drawTree(el('tree'), tree.tree, tree.node);
    el('tree-empty').hidden = tree.tree.children.length > 0;
    const atStart = tree.path.length === 0;
    const atEnd = tree.node.children.length === 0;
    for (const [id, off] of [
      ['tree-first', atStart],
      ['tree-prev', atStart],
      ['tree-next', atEnd],
      ['tree-last', atEnd],
      ['tree-promote', atStart || tree.path.every((i) => i === 0)],
      ['tree-delete', atStart],
    ] as const)
      el(id).disabled = off;
    this.drawEngine();
    this.explorer.draw();
    this.drawPdn();
  }

  private drawEngine(): void {
    const { el, ctrl } = this;
    el('engine-on').checked = ctrl.engine.on;
    const count = el('engine-count');
    count.disabled = !ctrl.engine.on;
    count.value = String(ctrl.engine.count);
    for (const o of count.options) o.text = t('analysis.lineCount', { count: Number(o.value) });
    const status = el('engine-status');
    const list = el('engine-lines');
    const stop = el('engine-stop');
    const news = ctrl.engineNews;
    // Stop while it deepens; after a stop, deeper again from the start.
    stop.hidden = !ctrl.engine.on || !news || news.status === 'off' || news.status === 'error';
    stop.textContent = t(ctrl.engine.running ? 'analysisEngine.stop' : 'analysisEngine.resume');
    stop.dataset.state = ctrl.engine.running ? 'running' : 'stopped';
    if (!news) return;
    if (news.status === 'off') {
      status.textContent = t('analysis.engineOff');
      delete status.dataset.depth;
      return list.replaceChildren();
    }
    stop.disabled =
      news.status === 'done' && news.state === 'finished' && news.key === ctrl.shownKey;
    const done = ctrl.engineLines;
    const fresh = news.status === 'done' && news.key === ctrl.shownKey;
    if (news.status === 'error')
      status.textContent = t('analysisEngine.failed', { reason: news.message });
    else if (!fresh) status.textContent = t('analysis.thinking');
    else status.textContent = this.depthText(news);
    // For the tests (and tools): the depth reached and whether it deepens still.
    if (fresh) {
      status.dataset.depth = String(news.depth);
      status.dataset.state = news.state;
    } else {
      delete status.dataset.depth;
      delete status.dataset.state;
    }
    // Lines of another position: seen dimmed, never played into this one.
    list.classList.toggle('stale', !fresh);
    list.replaceChildren(...(done ? done.lines.map((l) => this.lineItem(l, done)) : []));
    if (!fresh) for (const b of list.querySelectorAll('button')) b.disabled = true;
  }

  /** "Depth 14 · 1.2M nodes/s", and "stopped" once stopped. */
  private depthText(news: Extract<EngineView, { status: 'done' }>): string {
    if (news.depth === 0) return t('analysisEngine.stopped');
    if (news.lines.length === 0) return t('analysis.noMove');
    const nps = new Intl.NumberFormat(language(), {
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(news.nps);
    const parts = [t('analysis.depth', { depth: news.depth }), t('analysisEngine.speed', { nps })];
    if (news.state === 'stopped') parts.push(t('analysisEngine.stopped'));
    if (news.state === 'finished') parts.push(t('analysisEngine.finished'));
    return parts.join(' · ');
  }

  /** One line: its score, then its moves; a click on a move plays the line up to it. */
  private lineItem(line: AnalysisLine, { turn, key }: { turn: 'white' | 'black'; key: string }) {
    const li = document.createElement('li');
    const score = document.createElement('span');
    score.className = 'engine-score';
    score.textContent = scoreText(line.score, turn);
    score.title = t(
      score.textContent.startsWith('#') ? 'analysis.scoreMate' : 'analysis.scoreEval',
    );
    li.append(score);
    line.pv.forEach((text, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tree-move';
      b.textContent = text;
      b.addEventListener('click', () => this.ctrl.playLine(key, line.pv.slice(0, i + 1)));
      li.append(' ', b);
    });
    return li;
  }

  private drawPdn(): void {
    const { el, ctrl } = this;
    const select = el('pdn-games');
    // Not rebuilt at every drawing: an open choice stays open while the engine's lines come.
    if (this.listed?.games !== ctrl.games || this.listed.language !== language()) {
      this.listed = { games: ctrl.games, language: language() };
      select.replaceChildren(
        ...ctrl.games.map((g, i) => {
          const label = g.ok
            ? `${i + 1}. ${g.value.tags.White ?? '?'} – ${g.value.tags.Black ?? '?'} ${g.value.result}` +
              (g.value.tags.Event && g.value.tags.Event !== '?' ? ` (${g.value.tags.Event})` : '')
            : t('analysis.unreadable', { n: i + 1 });
          return new Option(label, String(i));
        }),
      );
    }
    select.value = String(ctrl.gameIndex);
    el('pdn-games-label').hidden = ctrl.games.length < 2;
    const note = ctrl.pdnNote;
    for (const [id, on] of [
      ['pdn-error', note?.error === true],
      ['pdn-status', note?.error === false],
    ] as const) {
      el(id).textContent = on ? note!.text() : '';
      el(id).hidden = !on;
    }
    // The game read again in the variant its moves fit.
    const fix = el('pdn-variant');
    fix.hidden = !note?.action;
    fix.textContent = note?.action?.label() ?? '';
  }

  /** The whole tree as PDN, in the field and as a file to download. */
  private exportPdn(): void {
    const text = this.ctrl.exportPdn();
    this.el('pdn-text').value = text;
    if (this.download) URL.revokeObjectURL(this.download);
    this.download = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn' }));
    const a = this.el('pdn-download');
    a.href = this.download;
    a.hidden = false;
  }
}
