import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A guest identity. The bearer token is stored only as its SHA-256. */
@Entity({ name: 'players' })
export class Player {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  name!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  /** Set on the computer's rows (one per level): they never authenticate. */
  @Column({ name: 'computer_level', type: 'smallint', nullable: true, unique: true })
  computerLevel!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
