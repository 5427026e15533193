import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PuzzleSource } from '../../common/protocol.js';
import type { VariantId } from '../../rules/index.js';

/**
 * A puzzle (issue 32): a position, the opponent's last move and the solution line, with its
 * Glicko-2 rating as puzzlers' rounds move it. Loaded from the starter set or the generator,
 * never edited but for its rating, plays and votes.
 */
@Entity({ name: 'puzzles' })
export class PuzzleRow {
  @PrimaryColumn({ type: 'varchar', length: 8 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: VariantId;

  @Column({ type: 'text' })
  fen!: string;

  @Column({ type: 'text', array: true })
  moves!: string[];

  @Column({ type: 'jsonb', default: [] })
  accepted!: [number, string][];

  @Column({ type: 'text', array: true, default: [] })
  themes!: string[];

  @Column({ type: 'double precision', default: 1500 })
  rating!: number;

  @Column({ type: 'double precision', default: 500 })
  rd!: number;

  @Column({ type: 'double precision', default: 0.09 })
  vol!: number;

  @Column({ type: 'int', default: 0 })
  plays!: number;

  @Column({ name: 'votes_up', type: 'int', default: 0 })
  votesUp!: number;

  @Column({ name: 'votes_down', type: 'int', default: 0 })
  votesDown!: number;

  /** Voted down hard: no longer served (its page still opens by id). */
  @Column({ type: 'boolean', default: false })
  retired!: boolean;

  /** The search depth the solution was found at (a difficulty hint). */
  @Column({ type: 'smallint', default: 0 })
  depth!: number;

  @Column({ type: 'varchar', length: 12 })
  source!: PuzzleSource;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
