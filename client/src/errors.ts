/**
 * Errors as the client meets them: WireError carries a code of the wire contract
 * (src/common/protocol.ts), and explain() says each code to a person. TEXT is exhaustive, so a
 * code added to the contract without a message here fails `npm run typecheck`.
 */
import type { ErrorCode } from '../../src/common/protocol.js';

export class WireError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const TEXT: Record<ErrorCode, string> = {
  INVALID_PAYLOAD: 'The server did not understand that request.',
  UNAUTHENTICATED: 'Your guest identity is no longer known: a new one has been made.',
  NOT_A_PLAYER: 'You are watching this game: only its players can act.',
  NOT_FOUND: 'Not found.',
  NOT_YOUR_TURN: "It is your opponent's turn.",
  NO_PIECE: 'There is no piece of yours on that square.',
  ILLEGAL_MOVE: 'That is not allowed here.',
  AMBIGUOUS_MOVE: 'Several captures lead there: pick the path.',
  MATCH_OVER: 'The game is over.',
  ALREADY_QUEUED: 'You are already waiting for an opponent.',
  RATE_LIMITED: 'Too many actions at once: slow down a little.',
  PAYLOAD_TOO_LARGE: 'That request was too large for the server.',
  ENGINE_BUSY: 'The computer is busy with other games: please try again in a moment.',
  USERNAME_TAKEN: 'That username is taken: please choose another.',
  BAD_CREDENTIALS: 'Wrong username or password.',
  BAD_ORIGIN: 'That request came from another site and was refused.',
  ACCOUNT_REQUIRED: 'Rated games are for accounts: sign up or log in first.',
  CHALLENGE_CLOSED: 'That challenge is no longer open: it was answered, cancelled or has expired.',
  TOO_MANY_CHALLENGES: 'You have too many open challenges: cancel one first.',
  FORBIDDEN: 'That key may not do this.',
  INTERNAL: 'Something went wrong on the server: please try again.',
};

/** A code read off the wire; a missing one, or one this client does not know, is INTERNAL. */
export function toErrorCode(code: unknown): ErrorCode {
  return typeof code === 'string' && Object.hasOwn(TEXT, code) ? (code as ErrorCode) : 'INTERNAL';
}

const DETAILED = new Set<ErrorCode>(['ILLEGAL_MOVE', 'NOT_FOUND', 'INVALID_PAYLOAD']);

/** What to tell a person about a failed action. */
export function explain(e: unknown): string {
  if (!(e instanceof WireError)) return 'The server could not be reached. Retrying…';
  // These say what exactly was wrong or missing: the server's words follow.
  return DETAILED.has(e.code) ? `${TEXT[e.code]} (${e.message})` : TEXT[e.code];
}
