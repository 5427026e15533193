/** The chooser shown when several capture paths lead to the square picked (game and analysis board). */
import type { Move } from '../../../src/rules/index.js';
import { $ } from './dom.js';

/** `preview` shows a path on the board while its button is under the pointer or focused. */
export function choosePath(
  moves: Move[],
  choose: (m: Move) => void,
  preview: (path: readonly number[] | null) => void = () => undefined,
): void {
  const box = $('paths');
  box.replaceChildren(document.createTextNode('Several captures lead there. Choose: '));
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

export function hidePaths(): void {
  $('paths').hidden = true;
}
