/**
 * The rules drawn from their state: the list of variants (name linked to its page, board, one
 * line), or one variant's page: its diagrams (the start, then a rule at work), then its rules
 * section by section. A variant the rules library does not know yet is described without
 * diagrams.
 */
import { isVariantId, Position } from '../../../../src/rules/index.js';
import { byId, type El } from '../../lib/dom.js';
import { variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { perSide, RULES, RULES_VARIANTS, rulesPath, type RulesVariantId } from './catalog.js';
import type { RulesCtrl } from './ctrl.js';
import { diagramFigure } from './diagram.js';
import { RULES_IDS } from './ids.js';
import markup from './rules.html?raw';
import './rules.css';
import { SECTIONS, type RulesText } from './text/types.js';

export class RulesView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof RULES_IDS> = byId(this.root, RULES_IDS);
  /** What the diagrams were drawn for (drawn again only when that changes). */
  private drawn: { id: RulesVariantId | null; text: RulesText } | null = null;

  constructor(
    private readonly ctrl: RulesCtrl,
    /** A link to another rules page followed (the list or a variant). */
    go: (variant: RulesVariantId | null) => void,
  ) {
    this.root.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element).closest<HTMLAnchorElement>('a[data-rules]');
      if (!a) return;
      e.preventDefault();
      go(RULES_VARIANTS.find((v) => v === a.dataset.rules) ?? null);
    });
  }

  redraw(): void {
    const { el, ctrl } = this;
    const text = ctrl.text;
    if (!text) return;
    const variant = ctrl.variant;
    const one = variant !== null && variant !== 'unknown' ? variant : null;
    el('rules-back').hidden = variant === null;
    el('rules-all').textContent = text.allVariants;
    el('rules-all').dataset.rules = '';
    el('rules-list').hidden = one !== null;
    el('rules-legend').hidden = true;
    if (!one) {
      document.title = text.pageTitle;
      el('rules-title').textContent = text.title;
      el('rules-intro').textContent = variant === 'unknown' ? text.unknown : text.intro;
      this.list(text);
      this.diagrams(null, text);
      el('rules-sections').replaceChildren();
      return;
    }
    const name = nameOf(one, text);
    document.title = text.variantPageTitle(name);
    el('rules-title').textContent = text.variantTitle(name);
    el('rules-intro').textContent = text.variants[one].line;
    this.diagrams(one, text);
    el('rules-sections').replaceChildren(
      ...SECTIONS.flatMap((s) => {
        const h = document.createElement('h3');
        h.textContent = text.sections[s];
        const p = document.createElement('p');
        p.textContent = text.variants[one][s];
        p.dataset.section = s;
        return [h, p];
      }),
    );
  }

  private list(text: RulesText): void {
    const { el } = this;
    el('rules-col-variant').textContent = text.columns.variant;
    el('rules-col-board').textContent = text.columns.board;
    el('rules-col-summary').textContent = text.columns.summary;
    el('rules-rows').replaceChildren(
      ...RULES_VARIANTS.map((id) => {
        const tr = document.createElement('tr');
        tr.dataset.variant = id;
        const a = document.createElement('a');
        a.href = rulesPath(id);
        a.dataset.rules = id;
        a.textContent = nameOf(id, text);
        const { size, start } = RULES[id];
        const cells = [a, text.boardOf(size, perSide(start)), text.variants[id].line];
        tr.append(
          ...cells.map((c) => {
            const td = document.createElement('td');
            td.append(c);
            return td;
          }),
        );
        return tr;
      }),
    );
  }

  /** The variant's diagrams, drawn once per variant and language. */
  private diagrams(id: RulesVariantId | null, text: RulesText): void {
    if (this.drawn?.id === id && this.drawn.text === text) return;
    this.drawn = { id, text };
    const box = this.el('rules-diagrams');
    box.replaceChildren();
    if (!id) return;
    if (!isVariantId(id)) {
      const p = document.createElement('p');
      p.className = 'hint';
      p.textContent = text.notYet;
      box.append(p);
      return;
    }
    const entry = RULES[id];
    const captions = text.variants[id].captions;
    [{ fen: entry.start }, ...entry.diagrams].forEach((d, i) => {
      const position = Position.fromFen(id, d.fen);
      if (position.ok) box.append(diagramFigure(position.value, d, captions[i] ?? ''));
    });
    this.el('rules-legend').hidden = entry.diagrams.length === 0;
    this.el('rules-legend').textContent = text.legend;
  }
}

/** The client's name for a variant it plays; the rules' own for one it does not yet. */
const nameOf = (id: RulesVariantId, text: RulesText): string =>
  isVariantId(id) ? variantName(id) : text.variants[id as RulesVariantId].name;
