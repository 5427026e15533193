import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A player waiting to be paired; one per player. Lives in the database, shared by processes. */
@Entity({ name: 'queue_tickets' })
@Index('queue_tickets_pool', ['variant', 'clockInitial', 'clockIncrement', 'createdAt'])
export class QueueTicket {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'player_id', type: 'uuid', unique: true })
  playerId!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: string;

  /** -1 = untimed, so untimed tickets compare equal in SQL (NULL never equals NULL). */
  @Column({ name: 'clock_initial', type: 'int' })
  clockInitial!: number;

  @Column({ name: 'clock_increment', type: 'int' })
  clockIncrement!: number;

  /** The socket that queued; its disconnect removes the ticket. */
  @Column({ name: 'socket_id', type: 'varchar', length: 64 })
  socketId!: string;

  /** The rated pool (accounts only) or the casual one: they never meet. */
  @Column({ type: 'boolean', default: false })
  rated!: boolean;

  /** The player's rating in the pool's variant and speed (rated tickets): the window's centre. */
  @Column({ type: 'int', nullable: true })
  rating!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
