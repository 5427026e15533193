import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PlayerSettings } from '../../common/protocol.js';

/**
 * A player: a guest, or an account once it signed up. Its key (the bearer secret a browser holds;
 * `token` on the wire, as in v1.0) is stored only as its SHA-256.
 */
@Entity({ name: 'players' })
export class Player {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  name!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  keyHash!: string;

  /** Set on the computer's rows (one per level): they never authenticate. */
  @Column({ name: 'computer_level', type: 'smallint', nullable: true, unique: true })
  computerLevel!: number | null;

  /** Set when the player signed up (an account); null for guests. Unique ignoring case. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  username!: string | null;

  /** scrypt, with its parameters and salt (src/accounts/passwords.ts). */
  @Column({ name: 'password_hash', type: 'varchar', length: 200, nullable: true, select: false })
  passwordHash!: string | null;

  /** A bot account (Bot API): set once, never unset; plays by challenge only. */
  @Column({ type: 'boolean', default: false })
  bot!: boolean;

  /** The player's settings as set (missing keys: the defaults, DEFAULT_SETTINGS). */
  @Column({ type: 'jsonb', default: {} })
  settings!: Partial<PlayerSettings>;

  @Column({ name: 'signed_up_at', type: 'timestamptz', nullable: true })
  signedUpAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** v1.19: the account was closed (src/accounts/account-closure.ts); the row stays for its games. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  /** The moderator who closed it; null when its owner did. */
  @Column({ name: 'closed_by', type: 'uuid', nullable: true })
  closedBy!: string | null;
}
