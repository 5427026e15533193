import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Color } from '../../rules/index.js';
import type { Match } from './match.entity.js';

/** One piece of a match: 24 rows for 8x8, 40 for 10x10; captured pieces are deleted. */
@Entity({ name: 'pieces' })
export class Piece {
  @PrimaryColumn({ name: 'match_id', type: 'uuid' })
  matchId!: string;

  /** Stable within the match (1..24 or 1..40), so clients can animate a piece by id. */
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'varchar', length: 5 })
  color!: Color;

  @Column({ type: 'boolean' })
  king!: boolean;

  @Column({ type: 'smallint' })
  square!: number;

  @ManyToOne('Match', 'pieces', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'match_id' })
  match?: Relation<Match>;
}
