import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { EntryConditions, TournamentKind, TournamentStatus } from '../../common/protocol.js';
import type { VariantId } from '../../rules/index.js';

/**
 * An arena or a Swiss event. Its status moves created -> started -> finished once, by the
 * statement that checks the one before (several processes run the same schedule).
 */
@Entity({ name: 'tournaments' })
export class TournamentRow {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: TournamentKind;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: VariantId;

  @Column({ name: 'clock_initial', type: 'int', nullable: true })
  clockInitial!: number | null;

  @Column({ name: 'clock_increment', type: 'int', nullable: true })
  clockIncrement!: number | null;

  @Column({ type: 'smallint', nullable: true })
  days!: number | null;

  @Column({ type: 'boolean' })
  rated!: boolean;

  /** scrypt hash of a private event's password (null: open). */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'jsonb', default: {} })
  conditions!: EntryConditions;

  @Column({ name: 'allow_bots', type: 'boolean', default: false })
  allowBots!: boolean;

  /** Arena: players may halve their clock for a point more; win streaks count double. */
  @Column({ type: 'boolean', default: true })
  berserkable!: boolean;

  @Column({ type: 'boolean', default: true })
  streaks!: boolean;

  @Column({ type: 'varchar', length: 10 })
  status!: TournamentStatus;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  @Column({ type: 'int', nullable: true })
  minutes!: number | null;

  @Column({ type: 'smallint', nullable: true })
  rounds!: number | null;

  @Column({ type: 'smallint', default: 0 })
  round!: number;

  /** Swiss: seconds between rounds; null: the next round once all games are over. */
  @Column({ name: 'round_interval_s', type: 'int', nullable: true })
  roundInterval!: number | null;

  @Column({ name: 'next_round_at', type: 'timestamptz', nullable: true })
  nextRoundAt!: Date | null;

  @Column({ name: 'late_join_round', type: 'smallint', nullable: true })
  lateJoinRound!: number | null;

  /** Comma-separated Tiebreak names, in order. */
  @Column({ type: 'varchar', length: 100, default: '' })
  tiebreaks!: string;

  /** The schedule's key for an event it made (unique: made once across processes). */
  @Column({ name: 'schedule_key', type: 'varchar', length: 100, nullable: true })
  scheduleKey!: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'winner_id', type: 'uuid', nullable: true })
  winnerId!: string | null;

  @Column({ type: 'int', default: 0 })
  players!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
