/** Challenges and the lobby's seeks (v1.5). */
import type { Color, VariantId } from '../../rules/index.js';
import type { MatchPlayer, PlayerTitle, TimeControl } from './match.js';
import type { Speed } from './speed.js';

/** Days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 10, 14] as const;

/** Why a challenge was declined (the challenger sees it). */
export const DECLINE_REASONS = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'variant',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** What the challenger asks for (POST /api/challenges, `challenge:create`). */
export interface ChallengeTerms {
  variant?: VariantId;
  /** A live game's clock; none (and no `days`): untimed. */
  clock?: TimeControl | null;
  /** Correspondence: days per move (one of CORRESPONDENCE_DAYS); not with `clock`. */
  days?: number | null;
  /** The challenger's colour (default random). */
  color?: Color | 'random';
  /** Both sides must be accounts. */
  rated?: boolean;
  /** A start position (casual games only). */
  fen?: string;
  /** A direct challenge to this username; without it, whoever opens the link may accept. */
  to?: string;
  /** An open challenge listed in the lobby (a seek). */
  public?: boolean;
}

export interface Challenge {
  id: string;
  /** The page to send: `/challenge/<id>`. */
  url: string;
  status: ChallengeStatus;
  challenger: MatchPlayer;
  /** A direct challenge's player. */
  dest: { id: string; name: string; title?: PlayerTitle } | null;
  variant: VariantId;
  clock: TimeControl | null;
  days: number | null;
  speed: Speed;
  color: Color | 'random';
  rated: boolean;
  fen: string | null;
  public: boolean;
  declineReason: DeclineReason | null;
  /** Once accepted: the game. */
  matchId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/challenges: my open challenges, those sent to me and those I sent. */
export interface ChallengeLists {
  in: Challenge[];
  out: Challenge[];
}
