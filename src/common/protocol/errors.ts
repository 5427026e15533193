/** Error codes and the error shape every refusal takes (PROTOCOL.md, Errors). */

/** Every code a client can meet (PROTOCOL.md, Errors); the HTTP status of each is in errors.ts. */
export type ErrorCode =
  | 'INVALID_PAYLOAD'
  | 'UNAUTHENTICATED'
  | 'NOT_A_PLAYER'
  | 'NOT_FOUND'
  | 'NOT_YOUR_TURN'
  | 'NO_PIECE'
  | 'ILLEGAL_MOVE'
  /** v1.13: an action the game's state refuses now (which one: the subcode); not a move. */
  | 'REFUSED'
  | 'AMBIGUOUS_MOVE'
  | 'MATCH_OVER'
  | 'ALREADY_QUEUED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'ENGINE_BUSY'
  | 'USERNAME_TAKEN'
  | 'BAD_CREDENTIALS'
  | 'BAD_ORIGIN'
  | 'ACCOUNT_REQUIRED'
  | 'CHALLENGE_CLOSED'
  | 'TOO_MANY_CHALLENGES'
  | 'FORBIDDEN'
  /** v1.19: one of the two players blocks the other (a challenge, a pairing). */
  | 'BLOCKED'
  /** v1.19: the queue does not pair this player until `until` (a playban; why: `reason`). */
  | 'PLAYBANNED'
  /** v1.19: the player may not chat until `until` (repeated insults). */
  | 'MUTED'
  | 'INTERNAL';

/**
 * Extension (v1.12): which refusal an error is, where one code covers several (mostly REFUSED,
 * v1.13; v1.12 said ILLEGAL_MOVE). A client words it by this; `message` stays English.
 */
export type ErrorSubcode =
  | 'TAKEBACKS_OFF'
  | 'TAKEBACK_DECLINED'
  | 'NOTHING_TO_TAKE_BACK'
  | 'COMPUTER_THINKING'
  | 'NO_OFFER'
  | 'OFFER_STANDS'
  | 'GAME_GOING_ON'
  | 'REMATCH_PLAYED'
  | 'BOTH_MOVED'
  | 'GRACE_NOT_OVER'
  | 'NOT_YOUR_ROOM'
  | 'NO_CHAT_WITH_COMPUTER'
  | 'NOT_WATCHING'
  | 'SEEK_NOT_DECLINABLE'
  | 'USERNAME_INVALID'
  | 'TOO_MANY_TOKENS'
  | 'TOKEN_GONE'
  | 'SELF_CHALLENGE'
  | 'HAS_ACCOUNT'
  | 'ACCOUNT_NAME'
  /** v1.15, tournaments: the event is over / the round's late join has closed. */
  | 'TOURNAMENT_OVER'
  | 'LATE_JOIN_CLOSED'
  /** A private event's password was wrong or missing. */
  | 'WRONG_PASSWORD'
  /** The event's entry conditions (rated games, rating) are not met. */
  | 'CONDITIONS_NOT_MET'
  /** Berserk: only in an arena game, before the side's first move, once. */
  | 'BERSERK_LATE'
  | 'NOT_BERSERKABLE'
  /** Not a player of the event (withdraw, pause). */
  | 'NOT_JOINED'
  /** Not in a tournament game: calling it off (the event scores a no-show), a rematch. */
  | 'TOURNAMENT_GAME'
  /** v1.18, puzzle storm: a score that could not have been reached in the time the run lasted. */
  | 'STORM_IMPOSSIBLE'
  /** v1.19, follows: following yourself; following MAX_FOLLOWS players already. */
  | 'SELF_FOLLOW'
  | 'TOO_MANY_FOLLOWS'
  /** v1.19, chat: the line holds a slur or a threat and was not shown (it counts as an offence). */
  | 'CHAT_HIDDEN';

/**
 * The newest version of the contract (PROTOCOL.md). A client says the version it speaks in the
 * socket's handshake (`auth.protocol`) or an HTTP header (`Damas-Protocol`): where an answer
 * changed, a client that says nothing gets the older one for one version (REFUSED, v1.13).
 */
export const PROTOCOL_VERSION = '1.20';

/** The header a client names the version it speaks in (`Damas-Protocol: 1.20`). */
export const PROTOCOL_HEADER = 'damas-protocol';

export interface ErrorBody {
  ok: false;
  error: {
    code: ErrorCode;
    message: string;
    subcode?: ErrorSubcode;
    /** v1.19: when a refusal ends (PLAYBANNED, MUTED), epoch ms. */
    until?: number;
    /** v1.19: why (PLAYBANNED: a PlaybanReason). */
    reason?: string;
  };
}

/** Every acknowledgement: `{ ok: true, ...T }` or the error shape. */
export type Ack<T extends object = object> = ({ ok: true } & T) | ErrorBody;
