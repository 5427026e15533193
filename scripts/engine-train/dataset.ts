/**
 * Training positions as features (src/engine/patterns.ts), packed in growing typed arrays: a
 * few hundred thousand positions of ~100 features each would be millions of small objects.
 */
import { FeatureList, phaseOf, type Features } from '../../src/engine/patterns.js';

export class Dataset {
  /** Position i's features are at[i]..at[i + 1] of index/value. */
  at = new Int32Array(1024);
  index = new Int32Array(1 << 16);
  value = new Int16Array(1 << 16);
  /** Middle-game share of the weights (phaseOf), and its label for White. */
  phase = new Float32Array(1024);
  label = new Float32Array(1024);
  /** The game each position comes from (the hold-out splits by game). */
  game = new Int32Array(1024);
  size = 0;
  private readonly list = new FeatureList();

  constructor(readonly features: Features) {}

  get entries(): number {
    return this.at[this.size];
  }

  add(board: Int8Array, label: number, game: number): void {
    const list = this.list;
    this.features.extract(board, list);
    const i = this.size;
    if (i + 2 > this.phase.length) {
      const n = this.phase.length * 2;
      this.at = grow(this.at, new Int32Array(n));
      this.phase = grow(this.phase, new Float32Array(n));
      this.label = grow(this.label, new Float32Array(n));
      this.game = grow(this.game, new Int32Array(n));
    }
    const from = this.at[i];
    if (from + list.count > this.index.length) {
      const n = (from + list.count) * 2;
      this.index = grow(this.index, new Int32Array(n));
      this.value = grow(this.value, new Int16Array(n));
    }
    this.index.set(list.index.subarray(0, list.count), from);
    this.value.set(list.value.subarray(0, list.count), from);
    this.at[i + 1] = from + list.count;
    const p = list.pieces;
    this.phase[i] = phaseOf(this.features.layout, p[0] + p[1] + p[2] + p[3]);
    this.label[i] = label;
    this.game[i] = game;
    this.size++;
  }
}

function grow<T extends Int32Array | Int16Array | Float32Array>(a: T, bigger: T): T {
  bigger.set(a);
  return bigger;
}
