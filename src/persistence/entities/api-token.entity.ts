import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A personal access token of an account, for programs (bots, boards, scripts): its scopes say
 * what it may do. Only its SHA-256 is stored; revoking deletes the row.
 */
@Entity({ name: 'api_tokens' })
export class ApiToken {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId!: string;

  @Column({ type: 'varchar', length: 100 })
  description!: string;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
