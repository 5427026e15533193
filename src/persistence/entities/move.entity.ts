import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Color } from '../../rules/index.js';

/** One played move; (match, ply) is unique, so a ply can never be written twice. */
@Entity({ name: 'moves' })
@Index('moves_match_ply', ['matchId', 'ply'], { unique: true })
export class MoveRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'match_id', type: 'uuid' })
  matchId!: string;

  @Column({ type: 'int' })
  ply!: number;

  @Column({ type: 'varchar', length: 5 })
  by!: Color;

  @Column({ type: 'jsonb' })
  path!: number[];

  @Column({ type: 'jsonb' })
  captures!: number[];

  @Column({ type: 'boolean' })
  promoted!: boolean;

  /** Position after the move. */
  @Column({ type: 'text' })
  fen!: string;

  /** Clocks after the move (ms), null when untimed. */
  @Column({ name: 'white_ms', type: 'int', nullable: true })
  whiteMs!: number | null;

  @Column({ name: 'black_ms', type: 'int', nullable: true })
  blackMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
