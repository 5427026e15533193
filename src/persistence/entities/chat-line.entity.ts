import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ChatRoom } from '../../common/protocol.js';

/** One chat line of a game's room, kept with the game (and deleted with it). */
@Entity({ name: 'chat_lines' })
@Index('chat_lines_match_room', ['matchId', 'room', 'id'])
export class ChatLineRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'match_id', type: 'uuid' })
  matchId!: string;

  @Column({ type: 'varchar', length: 10 })
  room!: ChatRoom;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId!: string;

  @Column({ type: 'text' })
  text!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
