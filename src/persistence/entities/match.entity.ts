import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import type { Color, DrawCounters, ResultReason, VariantId } from '../../rules/index.js';
import type { Piece } from './piece.entity.js';

export type MatchStatus = 'active' | 'finished';

/** One game. `fen` and `counters` are the rules state; pieces are mirrored row by row. */
@Entity({ name: 'matches' })
export class Match {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: VariantId;

  @Column({ name: 'white_id', type: 'uuid' })
  whiteId!: string;

  @Column({ name: 'black_id', type: 'uuid' })
  blackId!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: MatchStatus;

  @Column({ type: 'varchar', length: 5, nullable: true })
  turn!: Color | null;

  @Column({ type: 'int' })
  ply!: number;

  @Column({ type: 'text' })
  fen!: string;

  @Column({ name: 'initial_fen', type: 'text' })
  initialFen!: string;

  /** The draw rules' memory (the rules library's DrawCounters). */
  @Column({ type: 'jsonb' })
  counters!: DrawCounters;

  @Column({ name: 'result_winner', type: 'varchar', length: 5, nullable: true })
  resultWinner!: Color | null;

  @Column({ name: 'result_reason', type: 'varchar', length: 16, nullable: true })
  resultReason!: ResultReason | null;

  @Column({ name: 'result_rule', type: 'varchar', length: 32, nullable: true })
  resultRule!: string | null;

  @Column({ name: 'clock_initial', type: 'int', nullable: true })
  clockInitial!: number | null;

  @Column({ name: 'clock_increment', type: 'int', nullable: true })
  clockIncrement!: number | null;

  @Column({ name: 'white_ms', type: 'int', nullable: true })
  whiteMs!: number | null;

  @Column({ name: 'black_ms', type: 'int', nullable: true })
  blackMs!: number | null;

  /** Correspondence: days per move (each move gives the mover's opponent this long); no clock. */
  @Column({ type: 'smallint', nullable: true })
  days!: number | null;

  /** When the side to move's clock started running (the previous move's commit). */
  @Column({ name: 'turn_started_at', type: 'timestamptz', nullable: true })
  turnStartedAt!: Date | null;

  @Column({ name: 'draw_offer_by', type: 'varchar', length: 5, nullable: true })
  drawOfferBy!: Color | null;

  /** Whether takebacks may be asked (neither player had switched them off when it started). */
  @Column({ type: 'boolean', default: true })
  takebacks!: boolean;

  /** The side whose takeback request stands (a move by either side lapses it). */
  @Column({ name: 'takeback_offer_by', type: 'varchar', length: 5, nullable: true })
  takebackOfferBy!: Color | null;

  /**
   * The side whose takeback request was declined, and the ply it was asked at: that side does not
   * ask again in the same position (any move or takeback makes another).
   */
  @Column({ name: 'takeback_declined_by', type: 'varchar', length: 5, nullable: true })
  takebackDeclinedBy!: Color | null;

  @Column({ name: 'takeback_declined_ply', type: 'int', nullable: true })
  takebackDeclinedPly!: number | null;

  /** When the side to move loses on time (timed, active matches only). */
  @Column({ name: 'deadline_at', type: 'timestamptz', nullable: true })
  deadlineAt!: Date | null;

  /** Since when each player has had no socket connected (the disconnect grace). */
  @Column({ name: 'white_absent_since', type: 'timestamptz', nullable: true })
  whiteAbsentSince!: Date | null;

  @Column({ name: 'black_absent_since', type: 'timestamptz', nullable: true })
  blackAbsentSince!: Date | null;

  @Column({ name: 'rematch_offer_by', type: 'varchar', length: 5, nullable: true })
  rematchOfferBy!: Color | null;

  /** The match a rematch created (so it is created once). */
  @Column({ name: 'rematch_id', type: 'uuid', nullable: true })
  rematchId!: string | null;

  /** The side the computer plays, and at which level (null: two people). */
  @Column({ name: 'computer_color', type: 'varchar', length: 5, nullable: true })
  computerColor!: Color | null;

  @Column({ name: 'computer_level', type: 'smallint', nullable: true })
  computerLevel!: number | null;

  /**
   * Which ply a process is thinking on for the computer, and until when the claim holds (a
   * process that dies mid-thought loses it then). Not a state change: no version bump.
   */
  @Column({ name: 'computer_claim_ply', type: 'int', nullable: true })
  computerClaimPly!: number | null;

  @Column({ name: 'computer_claim_until', type: 'timestamptz', nullable: true })
  computerClaimUntil!: Date | null;

  /** Rated games change both players' ratings when they end (never against the computer). */
  @Column({ type: 'boolean', default: false })
  rated!: boolean;

  /** Each side's rating when the game started (rated games), and the change its end made. */
  @Column({ name: 'white_rating', type: 'int', nullable: true })
  whiteRating!: number | null;

  @Column({ name: 'white_provisional', type: 'boolean', nullable: true })
  whiteProvisional!: boolean | null;

  @Column({ name: 'white_rating_diff', type: 'int', nullable: true })
  whiteRatingDiff!: number | null;

  @Column({ name: 'black_rating', type: 'int', nullable: true })
  blackRating!: number | null;

  @Column({ name: 'black_provisional', type: 'boolean', nullable: true })
  blackProvisional!: boolean | null;

  @Column({ name: 'black_rating_diff', type: 'int', nullable: true })
  blackRatingDiff!: number | null;

  /**
   * Each side's rating right after the game (rounded): the rating history's point. Not always
   * rating + diff: a game played meanwhile may have moved the rating since this one started.
   */
  @Column({ name: 'white_rating_after', type: 'int', nullable: true })
  whiteRatingAfter!: number | null;

  @Column({ name: 'black_rating_after', type: 'int', nullable: true })
  blackRatingAfter!: number | null;

  /** The arena or Swiss event this game belongs to (its end scores there, in its transaction). */
  @Column({ name: 'tournament_id', type: 'uuid', nullable: true })
  tournamentId!: string | null;

  /** Arena berserk: the side halved its clock and plays without increment (before its first move). */
  @Column({ name: 'white_berserk', type: 'boolean', default: false })
  whiteBerserk!: boolean;

  @Column({ name: 'black_berserk', type: 'boolean', default: false })
  blackBerserk!: boolean;

  /** Bumped by every state change: an optimistic check for writers that do not lock. */
  @Column({ type: 'int' })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /**
   * v1.20: the opening explorer has counted (or skipped) this finished game. Its queue's mark:
   * written only by MatchStore.claimUnexplored, in the indexing transaction.
   */
  @Column({ type: 'boolean', default: false })
  explored!: boolean;

  @OneToMany('Piece', 'match')
  pieces?: Relation<Piece>[];
}
