import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { VariantId } from '../../rules/index.js';

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';
export type ChallengeColor = 'white' | 'black' | 'random';

/**
 * An offer of a game: to one player (direct), to whoever opens its link (open), or also listed
 * in the lobby (a seek: open and public). It is answered once: the row's status leaves `open`
 * in the transaction that creates the game (or cancels, declines, expires it).
 */
@Entity({ name: 'challenges' })
export class Challenge {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'challenger_id', type: 'uuid' })
  challengerId!: string;

  /** A direct challenge's player; null: open to whoever accepts. */
  @Column({ name: 'dest_id', type: 'uuid', nullable: true })
  destId!: string | null;

  /** Listed in the lobby (a seek). */
  @Column({ type: 'boolean', default: false })
  public!: boolean;

  @Column({ type: 'varchar', length: 16 })
  variant!: VariantId;

  @Column({ name: 'clock_initial', type: 'int', nullable: true })
  clockInitial!: number | null;

  @Column({ name: 'clock_increment', type: 'int', nullable: true })
  clockIncrement!: number | null;

  /** Correspondence: days per move. */
  @Column({ type: 'smallint', nullable: true })
  days!: number | null;

  /** The challenger's colour. */
  @Column({ type: 'varchar', length: 6 })
  color!: ChallengeColor;

  @Column({ type: 'boolean', default: false })
  rated!: boolean;

  /** A start position (casual only). */
  @Column({ type: 'text', nullable: true })
  fen!: string | null;

  /** The challenger's rating in the challenge's pool when it was made (shown in the lobby). */
  @Column({ name: 'challenger_rating', type: 'int', nullable: true })
  challengerRating!: number | null;

  @Column({ name: 'challenger_provisional', type: 'boolean', nullable: true })
  challengerProvisional!: boolean | null;

  @Column({ type: 'varchar', length: 10 })
  status!: ChallengeStatus;

  @Column({ name: 'decline_reason', type: 'varchar', length: 16, nullable: true })
  declineReason!: string | null;

  /** The game it became. */
  @Column({ name: 'match_id', type: 'uuid', nullable: true })
  matchId!: string | null;

  /** The socket that made a live seek: the seek goes when that socket does. */
  @Column({ name: 'socket_id', type: 'varchar', length: 64, nullable: true })
  socketId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
