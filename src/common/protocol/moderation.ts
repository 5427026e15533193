/** v1.19: blocks, reports and moderation. */
import type { ChatRoom } from './chat.js';
import type { PlayerMark } from './marks.js';
import type { GameListItem } from './profiles.js';

/** An account's role: a moderator, or nothing. */
export type PlayerRole = 'mod';

/** Why a player is reported. */
export const REPORT_REASONS = ['cheating', 'insults', 'sandbagging', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest report text, and the longest reason a moderator gives. */
export const REPORT_TEXT_MAX = 1000;
export const MOD_WHY_MAX = 500;

/** POST /api/report: { username, reason, matchId?, text } -> { id }. */
export interface ReportRequest {
  username: string;
  reason: ReportReason;
  matchId?: string;
  text: string;
}

/** A report as the moderators' queue shows it. */
export interface ReportView {
  id: string;
  reporter: { id: string; name: string };
  target: { id: string; name: string };
  reason: ReportReason;
  matchId: string | null;
  text: string;
  status: 'open' | 'closed';
  createdAt: string;
  closedBy: string | null;
  closedAt: string | null;
}

/** What a moderator did (the log): who, what, to whom, why, when. */
export type ModActionKind =
  'mark' | 'unmark' | 'close-account' | 'close-report' | 'reopen-report' | 'grant' | 'revoke';

export interface ModActionView {
  id: string;
  /** The moderator (null: the command line, `npm run admin`). */
  mod: string | null;
  action: ModActionKind;
  target: string | null;
  /** The mark, or the report's id. */
  details: string | null;
  why: string;
  at: string;
}

/** A chat line as a moderator reads it (any game, either room, `shadow`: a troll's line). */
export interface ModChatLine {
  id: string;
  matchId: string;
  room: ChatRoom;
  text: string;
  shadow: boolean;
  at: number;
}

/** GET /api/mod/players/:username: one player as a moderator sees it. */
export interface ModPlayerView {
  id: string;
  username: string;
  role: PlayerRole | null;
  marks: PlayerMark[];
  /** Closed (by its owner or a moderator): its games show "deleted player". */
  closed: boolean;
  reports: ReportView[];
  games: GameListItem[];
  chat: ModChatLine[];
  log: ModActionView[];
}
