/**
 * The analysis board's move tree as text, as a book prints it: the main line, and each side line
 * in parentheses after the move it replaces, nested. Every move is a button carrying its index
 * in the list drawTree returns (data-node), so a long game costs no path per move; the one
 * shown is marked current.
 */
import type { MoveNode, PdnTree, TreeLine } from '../../../../src/rules/index.js';

/** Draws the tree; returns its moves in the order of their buttons' data-node. */
export function drawTree(box: HTMLElement, tree: PdnTree, current: TreeLine): MoveNode[] {
  const drawing: Drawing = {
    offset: tree.position.turn === tree.variant.firstToMove ? 0 : 1,
    current,
    nodes: [],
  };
  const root = document.createElement('div');
  root.className = 'tree-line';
  if (tree.comment) root.append(comment(tree.comment));
  line(root, tree, true, drawing);
  box.replaceChildren(root);
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  return drawing.nodes;
}

interface Drawing {
  offset: number;
  current: TreeLine;
  nodes: MoveNode[];
}

/** A line: a loop along its moves; side lines recurse (their depth is bounded by the reader). */
function line(into: HTMLElement, from: TreeLine, numbered: boolean, d: Drawing): void {
  let node = from;
  let force = numbered;
  while (node.children.length > 0) {
    const [main, ...alts] = node.children;
    into.append(...move(main, force, d));
    force = main.comment !== undefined;
    if (alts.length) {
      const box = document.createElement('div');
      box.className = 'tree-variations';
      for (const alt of alts) {
        const v = document.createElement('div');
        v.className = 'tree-line variation';
        v.append(...move(alt, true, d));
        line(v, alt, alt.comment !== undefined, d);
        box.append(v);
      }
      into.append(box);
      force = true;
    }
    node = main;
  }
}

function move(node: MoveNode, numbered: boolean, d: Drawing): Node[] {
  const { offset } = d;
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
  b.dataset.node = String(d.nodes.push(node) - 1);
  b.textContent = node.text + (node.nags ?? []).map(glyph).join('');
  if (node === d.current) {
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
