/** The chooser shown when several capture paths lead to the square picked (game and analysis board). */
import type { Move } from '../../../src/rules/index.js';
import { $ } from './dom.js';

export function choosePath(moves: Move[], choose: (m: Move) => void): void {
  const box = $('paths');
  box.replaceChildren(document.createTextNode('Several captures lead there. Choose: '));
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.path.join('x');
    b.addEventListener('click', () => choose(m));
    box.append(b);
  }
  box.hidden = false;
  box.querySelector('button')?.focus();
}

export function hidePaths(): void {
  $('paths').hidden = true;
}
