/**
 * The controls the analysis board and the board editor both have, bound on either page: the
 * variant (its start, on both pages), the two tabs, the board's side and square numbers, and
 * the FEN field (the position shown; another typed in and loaded with Enter).
 */
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import type { El } from '../dom.js';
import { variantName } from '../i18n/index.js';
import type { STUDY_IDS } from './ids.js';
import type { Mode, Study } from './study.js';

export interface StudyActions {
  redraw(): void;
  /** A tab clicked. */
  tab(mode: Mode): void;
  /** A FEN typed in and loaded. */
  loadFen(fen: string): void;
}

export class StudyControls {
  constructor(
    private readonly el: El<typeof STUDY_IDS>,
    private readonly study: Study,
    private readonly mode: Mode,
    actions: StudyActions,
  ) {
    const variants = el('variant');
    for (const id of VARIANT_IDS) variants.add(new Option(variantName(id), id));
    variants.addEventListener('change', () => {
      study.newVariant(variants.value as VariantId);
      actions.redraw();
    });
    el('mode-analysis').addEventListener('click', () => actions.tab('analysis'));
    el('mode-editor').addEventListener('click', () => actions.tab('editor'));
    el('flip').addEventListener('click', () => {
      study.flipped = !study.flipped;
      actions.redraw();
    });
    el('numbers').addEventListener('change', () => {
      study.numbers = el('numbers').checked;
      actions.redraw();
    });
    el('fen-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = el('fen');
      input.blur();
      actions.loadFen(input.value.trim());
    });
  }

  /** The controls as the study stands; `fen`: the position shown. */
  draw(fen: string): void {
    const { el, study } = this;
    const variants = el('variant');
    for (const o of variants.options) o.text = variantName(o.value as VariantId);
    variants.value = study.variant;
    el('mode-analysis').setAttribute('aria-selected', String(this.mode === 'analysis'));
    el('mode-editor').setAttribute('aria-selected', String(this.mode === 'editor'));
    el('numbers').checked = study.numbers;
    // Not while it is being typed in.
    const input = el('fen');
    if (document.activeElement !== input) input.value = fen;
  }
}
