/**
 * The analysis board's move tree as text, as a book prints it: the main line, and each side line
 * in parentheses after the move it replaces, nested. Every move is a button carrying its path
 * (data-path="0.2.0"); the one shown is marked current.
 */
import type { MoveNode, PdnTree, TreeLine } from '../../../src/rules/index.js';

export function drawTree(box: HTMLElement, tree: PdnTree, current: readonly number[]): void {
  const offset = tree.position.turn === tree.variant.firstToMove ? 0 : 1;
  const shown = current.join('.');
  const root = document.createElement('div');
  root.className = 'tree-line';
  if (tree.comment) root.append(comment(tree.comment));
  line(root, tree, [], true, offset, shown);
  box.replaceChildren(root);
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function line(
  into: HTMLElement,
  from: TreeLine,
  path: number[],
  numbered: boolean,
  offset: number,
  shown: string,
): void {
  let node = from;
  let at = path;
  let force = numbered;
  while (node.children.length > 0) {
    const [main, ...alts] = node.children;
    into.append(...move(main, [...at, 0], force, offset, shown));
    force = main.comment !== undefined;
    if (alts.length) {
      const box = document.createElement('div');
      box.className = 'tree-variations';
      alts.forEach((alt, i) => {
        const v = document.createElement('div');
        v.className = 'tree-line variation';
        const altPath = [...at, i + 1];
        v.append(...move(alt, altPath, true, offset, shown));
        line(v, alt, altPath, alt.comment !== undefined, offset, shown);
        box.append(v);
      });
      into.append(box);
      force = true;
    }
    node = main;
    at = [...at, 0];
  }
}

function move(
  node: MoveNode,
  path: number[],
  numbered: boolean,
  offset: number,
  shown: string,
): Node[] {
  const out: Node[] = [];
  if (node.intro) out.push(comment(node.intro));
  const index = node.ply - 1 + offset;
  const number = Math.floor(index / 2) + 1;
  if (index % 2 === 0 || numbered || node.intro) {
    const n = document.createElement('span');
    n.className = 'tree-number';
    n.textContent = index % 2 === 0 ? `${number}.` : `${number}…`;
    out.push(n);
  }
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'tree-move';
  b.dataset.path = path.join('.');
  b.textContent = node.text + (node.nags ?? []).map(glyph).join('');
  if (b.dataset.path === shown) {
    b.classList.add('current');
    b.setAttribute('aria-current', 'true');
  }
  out.push(b);
  if (node.comment) out.push(comment(node.comment));
  return out;
}

const GLYPHS: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
const glyph = (n: number) => GLYPHS[n] ?? ` $${n}`;

function comment(text: string): HTMLElement {
  const c = document.createElement('span');
  c.className = 'tree-comment';
  c.textContent = text;
  return c;
}
