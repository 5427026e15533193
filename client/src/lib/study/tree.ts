/**
 * The analysis board's game: a move tree (rules/pdn-tree.ts) and the node shown, as a path of
 * child indices from the start. A move played from an earlier position starts a side line; the
 * same move again follows the line already there. No DOM: the page draws it.
 */
import {
  addMove,
  mainLine,
  newTree,
  type Move,
  type MoveNode,
  type PdnTree,
  type Position,
  type TreeLine,
} from '../../../../src/rules/index.js';

export class AnalysisTree {
  /** The node shown: child indices from the start ([] the start itself). */
  path: number[] = [];

  constructor(public tree: PdnTree) {}

  static from(position: Position): AnalysisTree {
    return new AnalysisTree(newTree(position));
  }

  /** The nodes from the start to the one shown, the start first. */
  get nodes(): TreeLine[] {
    const out: TreeLine[] = [this.tree];
    for (const i of this.path) out.push(out[out.length - 1].children[i]);
    return out;
  }

  get node(): TreeLine {
    const nodes = this.nodes;
    return nodes[nodes.length - 1];
  }

  get position(): Position {
    return this.node.position;
  }

  /** The last move played to reach the node shown (null at the start). */
  get lastMove(): MoveNode | null {
    return this.path.length ? (this.node as MoveNode) : null;
  }

  /** Plays `move` (legal here): the next node of the line, or a new side line. */
  play(move: Move): void {
    const node = this.node;
    // In the notation the game was read in (c3-d4 for a game imported so).
    const child = addMove(node, move, this.tree.notation);
    this.path = [...this.path, node.children.indexOf(child)];
  }

  /** A node by its path; false (and nothing changes) when no node is there. */
  goTo(path: readonly number[]): boolean {
    let line: TreeLine = this.tree;
    for (const i of path) {
      const next = line.children[i];
      if (!next) return false;
      line = next;
    }
    this.path = [...path];
    return true;
  }

  /** A node of the tree (a move clicked in the list): its path, found from the start. */
  goToNode(target: TreeLine): boolean {
    // Breadth-first over (node, parent, index): the path is built once, for the target only.
    const from = new Map<TreeLine, { parent: TreeLine; index: number }>();
    const queue: TreeLine[] = [this.tree];
    for (let k = 0; k < queue.length && !from.has(target) && target !== this.tree; k++)
      queue[k].children.forEach((c, index) => {
        from.set(c, { parent: queue[k], index });
        queue.push(c);
      });
    if (target !== this.tree && !from.has(target)) return false;
    const path: number[] = [];
    for (let n = target; n !== this.tree; n = from.get(n)!.parent) path.push(from.get(n)!.index);
    this.path = path.reverse();
    return true;
  }

  back(): void {
    this.path = this.path.slice(0, -1);
  }

  forward(): void {
    if (this.node.children.length) this.path = [...this.path, 0];
  }

  first(): void {
    this.path = [];
  }

  /** The end of the line shown (its first children onward). */
  last(): void {
    this.path = [...this.path, ...mainLine(this.node).map(() => 0)];
  }

  /** Removes the node shown and what follows it; the position before it is shown. */
  remove(): void {
    if (!this.path.length) return;
    const parent = this.nodes[this.nodes.length - 2];
    parent.children.splice(this.path[this.path.length - 1], 1);
    this.back();
  }

  /** The line of the node shown becomes the main line at every branch on its way. */
  promote(): void {
    const nodes = this.nodes;
    this.path.forEach((i, k) => {
      const children = nodes[k].children;
      children.unshift(...children.splice(i, 1));
    });
    this.path = this.path.map(() => 0);
  }

  /** The positions before the one shown, oldest first (the engine's repetitions). */
  history(): string[] {
    return this.nodes.slice(0, -1).map((n) => n.position.fen);
  }
}
