/** The chooser shown when several capture paths lead to the square picked (game and analysis board). */
import type { Move } from '../../../../src/rules/index.js';
import { onLanguageChange, t } from '../i18n/index.js';
import { $ } from '../dom.js';

/** `preview` shows a path on the board while its button is under the pointer or focused. */
export function choosePath(
  moves: Move[],
  choose: (m: Move) => void,
  preview: (path: readonly number[] | null) => void = () => undefined,
): void {
  const box = $('paths');
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
    for (const off of ['mouseleave', 'blur'] as const) b.addEventListener(off, () => preview(null));
    box.append(b);
  }
  box.hidden = false;
  box.querySelector('button')?.focus();
}

// The chooser's question in another language (its buttons are square numbers).
onLanguageChange(() => {
  const question = $('paths').firstChild;
  if (question?.nodeType === Node.TEXT_NODE) question.textContent = t('move.severalPaths');
});

export function hidePaths(): void {
  $('paths').hidden = true;
}
