/**
 * The analysis board (/analysis/:variant) and the board editor (/editor/:variant), one page:
 * moves played freely by the rules into a move tree with side lines, the engine's best lines
 * live, the FEN shown and editable, PDN import (a file of games: pick one) and export, and a
 * set-up position analysed, or played against the computer or a friend (the lobby's forms, with
 * the position). `?fen=` opens a position, `?game=<id>#<ply>` a game at a ply.
 */
import type { AnalysisLine } from '../../../../src/common/protocol.js';
import { settings } from '../../lib/settings.js';
import { startSite } from '../../lib/site.js';
import {
  DEFAULT_VARIANT,
  isVariantId,
  mainLine,
  makePdnTree,
  parseMoveText,
  parsePdnTree,
  parsePdnTrees,
  Position,
  VARIANT_IDS,
  type Move,
  type MoveNode,
  type PdnTree,
  type RulesResult,
  type VariantId,
} from '../../../../src/rules/index.js';
import { matchPdn } from '../../lib/api.js';
import { rulesReason } from '../../lib/rules-text.js';
import { explain } from '../../lib/errors.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { BoardView } from '../../lib/board/board.js';
import { $, fromMarkup } from '../../lib/dom.js';
import markup from './analysis.html?raw';
import { clearMessage, say } from '../../lib/messages.js';
import { choosePath, hidePaths } from '../../lib/board/paths.js';
import { drawTree } from '../../view/tree.js';
import { Editor, editorFromFen, type Tool } from '../../analysis/editor.js';
import { engineKey, EngineLines, scoreText, type EngineView } from '../../analysis/engine.js';
import { AnalysisTree } from '../../analysis/tree.js';

document.getElementById('page')!.replaceChildren(fromMarkup(markup));

const route = /^\/(analysis|editor)(?:\/([a-z]+))?\/?$/.exec(location.pathname);
const params = new URLSearchParams(location.search);
const hashPly = Number(location.hash.slice(1));
const STORE = 'damas.analysis';

let variant: VariantId = isVariantId(route?.[2] ?? '') ? (route![2] as VariantId) : DEFAULT_VARIANT;
let mode: 'analysis' | 'editor' = route?.[1] === 'editor' ? 'editor' : 'analysis';
let tree = AnalysisTree.from(Position.initial(variant));
let editor = Editor.initial(variant);
let flipped = false;
let selected: number | null = null;
let targets: Move[] = [];
/** The games of the PDN file imported last. */
let games: RulesResult<PdnTree>[] = [];
/** The position (engineKey) whose lines were asked for last. */
let asked = '';
/** The moves of the tree as drawn, by their buttons' data-node. */
let drawn: MoveNode[] = [];

const site = startSite({ live: false, openGame: (id) => location.assign(`/game/${id}`) });
const board = new BoardView($('board') as unknown as SVGSVGElement);
const engine = new EngineLines(drawEngine);

function redraw(): void {
  $('analysis-panel').hidden = mode !== 'analysis';
  $('editor-panel').hidden = mode !== 'editor';
  $('analysis').classList.toggle('editing', mode === 'editor');
  $('mode-analysis').setAttribute('aria-selected', String(mode === 'analysis'));
  $('mode-editor').setAttribute('aria-selected', String(mode === 'editor'));
  $<HTMLSelectElement>('variant').value = variant;
  site.header.setTitle(() => t(mode === 'editor' ? 'header.boardEditor' : 'header.analysisBoard'));
  document.title = t(mode === 'editor' ? 'title.editor' : 'title.analysis');
  $<HTMLSelectElement>('engine-count').disabled = !engine.on;
  if (mode === 'editor') drawEditor();
  else drawAnalysis();
  remember();
}

function drawAnalysis(): void {
  const pos = tree.position;
  board.render({
    position: pos,
    flipped,
    numbers: $<HTMLInputElement>('numbers').checked,
    coordinates: settings().coordinates,
    selected,
    targets: targets.map((m) => m.to),
    lastMove: tree.lastMove?.move.path,
  });
  drawn = drawTree($('tree'), tree.tree, tree.node);
  $('tree-empty').hidden = tree.tree.children.length > 0;
  setFen(pos.fen);
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
    $<HTMLButtonElement>(id).disabled = off;
  const ask = { variant, fen: pos.fen, turn: pos.turn, history: tree.history() };
  if (engineKey(ask) !== asked) {
    asked = engineKey(ask);
    engine.ask(ask);
  }
}

function drawEditor(): void {
  board.render({
    position: editor,
    flipped,
    numbers: $<HTMLInputElement>('numbers').checked,
    coordinates: settings().coordinates,
    selected: null,
    targets: [],
  });
  setFen(editor.fen);
  $<HTMLSelectElement>('editor-turn').value = editor.turn;
  const check = editor.check();
  $('editor-check').textContent = check.ok
    ? t(`editor.legal.${check.value.turn}`)
    : t('editor.notPlayable', { reason: rulesReason(check.error) });
  $('editor-check').classList.toggle('error', !check.ok);
  $<HTMLButtonElement>('editor-analyse').disabled = !check.ok;
  for (const [id, anchor] of [
    ['editor-computer', 'computer'],
    ['editor-friend', 'friend'],
  ] as const) {
    const a = $<HTMLAnchorElement>(id);
    // The lobby's forms take the position: a level and a clock are chosen there.
    if (check.ok) a.href = `/?variant=${variant}&fen=${encodeURIComponent(editor.fen)}#${anchor}`;
    else a.removeAttribute('href');
    a.setAttribute('aria-disabled', String(!check.ok));
  }
}

function setFen(fen: string): void {
  const input = $<HTMLInputElement>('fen');
  if (document.activeElement !== input) input.value = fen;
}

/** The next change of address is a step of its own (Back returns before it). */
let newStep = false;

/** The address and this tab's storage say what is shown: a reload comes back to it. */
function remember(): void {
  const fen = mode === 'editor' ? editor.fen : tree.position.fen;
  const start = Position.initial(variant).fen;
  const url = `/${mode}/${variant}${fen === start ? '' : `?fen=${encodeURIComponent(fen)}`}`;
  // Moves along the tree replace the address; a new mode, variant or game adds a step to Back.
  // Each step keeps its tree in its history entry: Back and Forward come back to it whole.
  const pdn = makePdnTree(tree.tree);
  const step: Step = { mode, variant, pdn, path: tree.path, editorFen: editor.fen };
  if (newStep && location.pathname + location.search !== url) history.pushState(step, '', url);
  else history.replaceState(step, '', url);
  newStep = false;
  try {
    sessionStorage.setItem(STORE, JSON.stringify({ url, pdn, path: tree.path }));
  } catch {
    /* storage full or refused: only a reload loses the tree */
  }
}

/** A step of this page's history: what it showed. */
interface Step {
  mode: 'analysis' | 'editor';
  variant: VariantId;
  pdn: string;
  path: number[];
  editorFen: string;
}

/** Back or Forward to a step: shown again as it was (or read from its address if unknown). */
function restore(step: Step | null): void {
  const t = step && parsePdnTree(step.pdn, step.variant);
  if (!step || !t?.ok) return location.reload();
  deselect();
  variant = step.variant;
  mode = step.mode;
  tree = new AnalysisTree(t.value);
  tree.goTo(step.path);
  const e = editorFromFen(variant, step.editorFen);
  editor = e.ok ? e.value : Editor.from(tree.position);
  redraw();
}

/** The tree this tab had at this address before a reload, if any. */
function recalled(): boolean {
  try {
    const raw = sessionStorage.getItem(STORE);
    if (!raw) return false;
    const saved = JSON.parse(raw) as { url: string; pdn: string; path: number[] };
    if (saved.url !== location.pathname + location.search) return false;
    const t = parsePdnTree(saved.pdn, variant);
    if (!t.ok || t.value.variant.id !== variant) return false;
    tree = new AnalysisTree(t.value);
    tree.goTo(saved.path);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------ moving

function deselect(): void {
  selected = null;
  targets = [];
  hidePaths();
}

function pick(sq: number): void {
  if (mode === 'editor') {
    editor.apply(sq, tool());
    return redraw();
  }
  const pos = tree.position;
  const to = targets.filter((m) => m.to === sq);
  if (to.length === 1) return play(to[0]);
  if (to.length > 1) return choosePath(to, play, (path) => board.preview(path));
  const piece = pos.pieceAt(sq);
  deselect();
  if (piece && piece.color === pos.turn) {
    const moves = pos.legalMoves().filter((m) => m.from === sq);
    if (moves.length === 0) say(t(pos.hasCapture ? 'move.captureElsewhere' : 'move.noLegal'));
    selected = moves.length ? sq : null;
    targets = moves;
  } else if (piece) say(t(`move.sideToMove.${pos.turn}`));
  redraw();
}

function play(move: Move): void {
  deselect();
  tree.play(move);
  redraw();
}

/** Goes along the tree (a button, a key, a move clicked). */
function go(fn: () => void): void {
  deselect();
  fn();
  redraw();
}

const tool = () =>
  (document.querySelector<HTMLInputElement>('input[name="tool"]:checked')?.value ??
    'white-man') as Tool;

// ------------------------------------------------------------------------------ engine

/** The engine's last news: drawn again in another language. */
let engineView: EngineView | null = null;

function drawEngine(view: EngineView): void {
  engineView = view;
  const status = $('engine-status');
  const list = $('engine-lines');
  if (view.status === 'off') {
    status.textContent = t('analysis.engineOff');
    return list.replaceChildren();
  }
  if (view.status !== 'done' || view.key !== shownKey()) {
    status.textContent = view.status === 'error' ? view.message : t('analysis.thinking');
    // The lines shown are another position's: seen dimmed, never played into this one.
    list.classList.add('stale');
    for (const b of list.querySelectorAll('button')) b.disabled = true;
    return;
  }
  list.classList.remove('stale');
  status.textContent = view.lines.length
    ? t('analysis.depth', { depth: view.depth })
    : t('analysis.noMove');
  list.replaceChildren(...view.lines.map((l) => lineItem(l, view.turn, view.key)));
}

const shownKey = () => engineKey({ variant, fen: tree.position.fen });

/** One line: its score, then its moves; a click on a move plays the line up to it. */
function lineItem(line: AnalysisLine, turn: 'white' | 'black', key: string): HTMLLIElement {
  const li = document.createElement('li');
  const score = document.createElement('span');
  score.className = 'engine-score';
  score.textContent = scoreText(line.score, turn);
  score.title = t(score.textContent.startsWith('#') ? 'analysis.scoreMate' : 'analysis.scoreEval');
  li.append(score);
  line.pv.forEach((text, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tree-move';
    b.textContent = text;
    b.addEventListener('click', () => {
      if (key === shownKey()) playLine(line.pv.slice(0, i + 1));
    });
    li.append(' ', b);
  });
  return li;
}

function playLine(moves: string[]): void {
  deselect();
  for (const text of moves) {
    const m = parseMoveText(tree.position, text);
    if (!m.ok) break;
    tree.play(m.value);
  }
  redraw();
}

// ------------------------------------------------------------------------------ PDN

/** What the PDN card says (an error or what was imported), its words made on each drawing. */
let pdnNote: { error: boolean; text: () => string } | null = null;

function showPdn(note: typeof pdnNote): void {
  pdnNote = note;
  for (const [id, on] of [
    ['pdn-error', note?.error === true],
    ['pdn-status', note?.error === false],
  ] as const) {
    $(id).textContent = on ? note!.text() : '';
    $(id).hidden = !on;
  }
}

function importPdn(text: string): void {
  showPdn(null);
  games = parsePdnTrees(text, variant);
  const select = $<HTMLSelectElement>('pdn-games');
  select.replaceChildren(
    ...games.map((g, i) => {
      const label = g.ok
        ? `${i + 1}. ${g.value.tags.White ?? '?'} – ${g.value.tags.Black ?? '?'} ${g.value.result}` +
          (g.value.tags.Event && g.value.tags.Event !== '?' ? ` (${g.value.tags.Event})` : '')
        : t('analysis.unreadable', { n: i + 1 });
      return new Option(label, String(i));
    }),
  );
  $('pdn-games-label').hidden = games.length < 2;
  if (games.length === 0) return showPdn({ error: true, text: () => t('analysis.noGame') });
  const first = games.findIndex((g) => g.ok);
  select.value = String(first < 0 ? 0 : first);
  openGame(first < 0 ? 0 : first);
}

function openGame(i: number): void {
  const g = games[i];
  if (!g) return;
  if (!g.ok) {
    const reason = rulesReason(g.error).replace(/^./, (c) => c.toUpperCase());
    const several = games.length > 1;
    return showPdn({
      error: true,
      text: () =>
        several
          ? t('analysis.gameError', { n: i + 1, reason })
          : t('analysis.pdnError', { reason }),
    });
  }
  loadTree(new AnalysisTree(g.value));
  clearMessage();
  const imported = { variant: g.value.variant.id, count: mainLine(g.value).length };
  showPdn({
    error: false,
    text: () =>
      t('analysis.imported', { variant: variantName(imported.variant), count: imported.count }),
  });
}

function loadTree(t: AnalysisTree): void {
  deselect();
  newStep = true;
  tree = t;
  variant = t.tree.variant.id;
  mode = 'analysis';
  redraw();
}

function exportPdn(): void {
  const text = makePdnTree(tree.tree);
  $<HTMLTextAreaElement>('pdn-text').value = text;
  const a = $<HTMLAnchorElement>('pdn-download');
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn' }));
  a.hidden = false;
}

// ------------------------------------------------------------------------------ wiring

function newVariant(v: VariantId): void {
  newStep = true;
  variant = v;
  deselect();
  tree = AnalysisTree.from(Position.initial(v));
  editor = Editor.initial(v);
  redraw();
}

function loadFen(fen: string): void {
  if (mode === 'editor') {
    const e = editorFromFen(variant, fen);
    if (!e.ok) return say(t('analysis.badFen', { reason: rulesReason(e.error) }));
    editor = e.value;
    newStep = true;
    clearMessage();
    return redraw();
  }
  const p = Position.fromFen(variant, fen);
  if (!p.ok) return say(t('analysis.badFen', { reason: rulesReason(p.error) }));
  clearMessage();
  loadTree(AnalysisTree.from(p.value));
}

function wire(): void {
  const variants = $<HTMLSelectElement>('variant');
  for (const id of VARIANT_IDS) variants.add(new Option(variantName(id), id));
  relabel();
  site.follow(() => {
    relabel();
    redraw();
    if (engineView) drawEngine(engineView);
    showPdn(pdnNote);
  });
  variants.addEventListener('change', () => newVariant(variants.value as VariantId));
  board.onPick(pick);
  $('tree-first').addEventListener('click', () => go(() => tree.first()));
  $('tree-prev').addEventListener('click', () => go(() => tree.back()));
  $('tree-next').addEventListener('click', () => go(() => tree.forward()));
  $('tree-last').addEventListener('click', () => go(() => tree.last()));
  $('tree-promote').addEventListener('click', () => go(() => tree.promote()));
  $('tree-delete').addEventListener('click', () => go(() => tree.remove()));
  $('tree').addEventListener('click', (e) => {
    const i = (e.target as Element).closest<HTMLElement>('[data-node]')?.dataset.node;
    const node = i === undefined ? undefined : drawn[Number(i)];
    if (node) go(() => tree.goToNode(node));
  });
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    redraw();
  });
  $('numbers').addEventListener('change', redraw);
  $('fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $<HTMLInputElement>('fen');
    input.blur();
    loadFen(input.value.trim());
  });
  $('mode-analysis').addEventListener('click', () =>
    go(() => {
      newStep = mode !== 'analysis';
      mode = 'analysis';
    }),
  );
  // Back (or Forward) to another step of this page.
  window.addEventListener('popstate', (e) => restore(e.state as Step | null));
  $('mode-editor').addEventListener('click', () => toEditor());
  $('to-editor').addEventListener('click', () => toEditor());
  $('editor-turn').addEventListener('change', () => {
    editor.turn = $<HTMLSelectElement>('editor-turn').value as 'white' | 'black';
    redraw();
  });
  $('editor-start').addEventListener('click', () => {
    editor = Editor.initial(variant);
    redraw();
  });
  $('editor-clear').addEventListener('click', () => {
    editor.clear();
    redraw();
  });
  $('editor-analyse').addEventListener('click', () => {
    const check = editor.check();
    if (check.ok) loadTree(AnalysisTree.from(check.value));
  });
  $<HTMLInputElement>('engine-on').addEventListener('change', (e) => {
    engine.on = (e.target as HTMLInputElement).checked;
    asked = '';
    redraw();
  });
  $<HTMLSelectElement>('engine-count').addEventListener('change', (e) => {
    engine.count = Number((e.target as HTMLSelectElement).value);
    asked = '';
    redraw();
  });
  $('pdn-import').addEventListener('click', () =>
    importPdn($<HTMLTextAreaElement>('pdn-text').value),
  );
  $<HTMLInputElement>('pdn-file').addEventListener('change', (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    if (file.size > 1_000_000)
      return showPdn({ error: true, text: () => t('analysis.fileTooLarge') });
    void file.text().then((text) => {
      $<HTMLTextAreaElement>('pdn-text').value = text;
      importPdn(text);
    });
  });
  $<HTMLSelectElement>('pdn-games').addEventListener('change', (e) =>
    openGame(Number((e.target as HTMLSelectElement).value)),
  );
  $('pdn-export').addEventListener('click', exportPdn);
  document.addEventListener('keydown', (e) => {
    if (mode !== 'analysis' || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target as Element).closest('input, select, textarea')) return;
    const step = {
      ArrowLeft: () => tree.back(),
      ArrowRight: () => tree.forward(),
      Home: () => tree.first(),
      End: () => tree.last(),
      f: () => (flipped = !flipped),
    }[e.key];
    if (!step) return;
    e.preventDefault();
    go(step);
  });
}

/** The choices built here, in the language now: variants, and the engine's number of lines. */
function relabel(): void {
  for (const o of $<HTMLSelectElement>('variant').options)
    o.text = variantName(o.value as VariantId);
  for (const o of $<HTMLSelectElement>('engine-count').options)
    o.text = t('analysis.lineCount', { count: Number(o.value) });
}

function toEditor(): void {
  deselect();
  newStep = true;
  editor = Editor.from(tree.position);
  mode = 'editor';
  redraw();
}

/** A game of the server at a ply: its PDN, read into the tree. */
async function openMatch(id: string): Promise<void> {
  try {
    const t = parsePdnTree(await matchPdn(id), variant);
    if (!t.ok) return say(rulesReason(t.error));
    loadTree(new AnalysisTree(t.value));
    if (Number.isInteger(hashPly) && hashPly > 0)
      go(() => tree.goTo(Array<number>(Math.min(hashPly, 2000)).fill(0)));
  } catch (e) {
    say(explain(e));
  }
}

function boot(): void {
  wire();
  const fen = params.get('fen');
  const game = params.get('game');
  if (game) {
    redraw();
    return void openMatch(game);
  }
  const restored = recalled();
  if (mode === 'editor') {
    const e = fen ? editorFromFen(variant, fen) : null;
    if (e && !e.ok) say(t('analysis.badFen', { reason: rulesReason(e.error) }));
    editor = e?.ok ? e.value : Editor.from(tree.position);
  } else if (!restored && fen) {
    const p = Position.fromFen(variant, fen);
    if (p.ok) tree = AnalysisTree.from(p.value);
    else say(t('analysis.badFen', { reason: rulesReason(p.error) }));
  }
  redraw();
}

boot();
