/**
 * The chooser shown when several capture paths lead to the square picked (the game and the
 * analysis board): one button per path; a path is previewed on the board while its button is
 * under the pointer or focused.
 */
import type { Move } from '../../../../src/rules/index.js';
import { t } from '../i18n/index.js';

export class PathChooser {
  constructor(
    private readonly box: HTMLElement,
    private readonly preview: (path: readonly number[] | null) => void = () => undefined,
  ) {}

  show(moves: Move[], choose: (m: Move) => void): void {
    const { box, preview } = this;
    box.replaceChildren(document.createTextNode(t('move.severalPaths')));
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m.path.join('x');
      b.addEventListener('click', () => {
        preview(null);
        choose(m);
      });
      for (const on of ['mouseenter', 'focus'] as const)
        b.addEventListener(on, () => preview(m.path));
      for (const off of ['mouseleave', 'blur'] as const)
        b.addEventListener(off, () => preview(null));
      box.append(b);
    }
    box.hidden = false;
    box.querySelector('button')?.focus();
  }

  hide(): void {
    this.box.hidden = true;
  }

  /** The question in the language now (its buttons are square numbers). */
  redraw(): void {
    const question = this.box.firstChild;
    if (question?.nodeType === Node.TEXT_NODE) question.textContent = t('move.severalPaths');
  }
}
