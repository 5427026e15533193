/** A game's chat (v1.11). */
import type { Color } from '../../rules/index.js';
import type { PlayerTitle } from './match.js';

/** Extension (v1.11): a game's two chat rooms: its players', and its spectators'. */
export const CHAT_ROOMS = ['players', 'spectators'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];

/** The longest chat line (characters). */
export const CHAT_MAX = 140;

/** One chat line (`chat:line`, GET /api/matches/:id/chat). Plain text: never HTML. */
export interface ChatLine {
  id: string;
  matchId: string;
  room: ChatRoom;
  /** Who said it, and the side they play (null: a spectator). */
  by: { id: string; name: string; title?: PlayerTitle };
  color: Color | null;
  text: string;
  /** ms since epoch. */
  at: number;
}
