/**
 * What the analysis board and the board editor share in a tab: the variant, the move tree, the
 * set-up being edited, which way the board faces and whether it shows square numbers; and the
 * address and history they keep. Each page of the two shows its part and writes the address as
 * it draws (remember); Back and Forward come to a step whole, either page's (restore). No DOM.
 */
import {
  DEFAULT_VARIANT,
  isVariantId,
  makePdnTree,
  parsePdnTree,
  Position,
  type RulesError,
  type VariantId,
} from '../../../../src/rules/index.js';
import { t } from '../i18n/index.js';
import { rulesReason } from '../rules-text.js';
import { Editor, editorFromFen } from './setup.js';
import { AnalysisTree } from './tree.js';

export type Mode = 'analysis' | 'editor';

/** A step of the history (a history entry's state): what it showed. */
interface Step {
  mode: Mode;
  variant: VariantId;
  pdn: string;
  path: number[];
  editorFen: string;
}

/** This tab's tree at an address: a reload comes back to it. */
const STORE = 'damas.analysis';

export class Study {
  tree: AnalysisTree;
  editor: Editor;
  flipped = false;
  numbers = false;
  /** The next change of address is a step of its own (Back returns before it). */
  private newStep = false;
  private readonly replaced: (() => void)[] = [];

  private constructor(public variant: VariantId) {
    this.tree = AnalysisTree.from(Position.initial(variant));
    this.editor = Editor.initial(variant);
  }

  /**
   * The study an address opens (/analysis|editor/<variant>?fen=): this tab's tree at that
   * address if it has one, else the FEN's position (the start if none). `?game=` is the analysis
   * page's to open. A FEN that cannot be read is said.
   */
  static open(mode: Mode, url: URL, say: (text: string) => void): Study {
    const bad = (e: RulesError) => say(t('analysis.badFen', { reason: rulesReason(e) }));
    const v = /^\/(?:analysis|editor)\/([a-z]+)\/?$/.exec(url.pathname)?.[1] ?? '';
    const study = new Study(isVariantId(v) ? v : DEFAULT_VARIANT);
    if (url.searchParams.has('game')) return study;
    const fen = url.searchParams.get('fen');
    const restored = study.recalled(url);
    if (mode === 'editor') {
      const e = fen ? editorFromFen(study.variant, fen) : null;
      if (e && !e.ok) bad(e.error);
      study.editor = e?.ok ? e.value : Editor.from(study.tree.position);
    } else if (!restored && fen) {
      const p = Position.fromFen(study.variant, fen);
      if (p.ok) study.tree = AnalysisTree.from(p.value);
      else bad(p.error);
    }
    return study;
  }

  /** Called when the tree is replaced (another variant, game or position; a step of history). */
  onReplaced(fn: () => void): void {
    this.replaced.push(fn);
  }

  /** The next address is a step of its own: Back returns to the one before it. */
  step(): void {
    this.newStep = true;
  }

  /** Another variant: its start, on both pages. */
  newVariant(v: VariantId): void {
    this.step();
    this.variant = v;
    this.setTree(AnalysisTree.from(Position.initial(v)));
    this.editor = Editor.initial(v);
  }

  /** A tree to analyse (a game, a position): a step of its own. */
  loadTree(t: AnalysisTree): void {
    this.step();
    this.variant = t.tree.variant.id;
    this.setTree(t);
  }

  /** The editor set up as the position analysed now. */
  editShown(): void {
    this.step();
    this.editor = Editor.from(this.tree.position);
  }

  private setTree(t: AnalysisTree): void {
    this.tree = t;
    for (const fn of this.replaced) fn();
  }

  /** The address and this tab's storage say what `mode` shows: a reload comes back to it. */
  remember(mode: Mode): void {
    const fen = mode === 'editor' ? this.editor.fen : this.tree.position.fen;
    const start = Position.initial(this.variant).fen;
    const url = `/${mode}/${this.variant}${fen === start ? '' : `?fen=${encodeURIComponent(fen)}`}`;
    // Moves along the tree replace the address; a new mode, variant or game adds a step to Back.
    // Each step keeps its tree in its history entry: Back and Forward come back to it whole.
    const pdn = makePdnTree(this.tree.tree);
    const path = this.tree.path;
    const step: Step = { mode, variant: this.variant, pdn, path, editorFen: this.editor.fen };
    if (this.newStep && location.pathname + location.search !== url)
      history.pushState(step, '', url);
    else history.replaceState(step, '', url);
    this.newStep = false;
    try {
      sessionStorage.setItem(STORE, JSON.stringify({ url, pdn, path }));
    } catch {
      /* storage full or refused: only a reload loses the tree */
    }
  }

  /** Back or Forward to a step: the mode to show (null: a step this page cannot read). */
  restore(state: unknown): Mode | null {
    const step = state as Step | null;
    const t = step && parsePdnTree(step.pdn, step.variant);
    if (!step || !t?.ok) return null;
    this.variant = step.variant;
    const tree = new AnalysisTree(t.value);
    tree.goTo(step.path);
    this.setTree(tree);
    const e = editorFromFen(this.variant, step.editorFen);
    this.editor = e.ok ? e.value : Editor.from(tree.position);
    return step.mode;
  }

  /** The tree this tab had at this address before a reload, if any. */
  private recalled(url: URL): boolean {
    try {
      const raw = sessionStorage.getItem(STORE);
      if (!raw) return false;
      const saved = JSON.parse(raw) as { url: string; pdn: string; path: number[] };
      if (saved.url !== url.pathname + url.search) return false;
      const t = parsePdnTree(saved.pdn, this.variant);
      if (!t.ok || t.value.variant.id !== this.variant) return false;
      this.tree = new AnalysisTree(t.value);
      this.tree.goTo(saved.path);
      return true;
    } catch {
      return false;
    }
  }
}
