/** Username rules: 2-20 of [A-Za-z0-9_-], not all digits, not a reserved word (any case). */
import { DomainError } from '../common/errors.js';

/** Names that would pose as the site, its staff, its pages or its computer players. */
const RESERVED = new Set([
  'admin',
  // POST /api/challenge/ai is the computer's (the Bot API), not a player's.
  'ai',
  'administrator',
  'anonymous',
  'api',
  'bot',
  'computer',
  'damas',
  'docs',
  'engine',
  'guest',
  'help',
  'lobby',
  'login',
  'logout',
  'me',
  'mod',
  'moderator',
  'null',
  'root',
  'signup',
  'staff',
  'support',
  'system',
  'undefined',
]);

const SHAPE = /^[A-Za-z0-9_-]{2,20}$/;

/** The username as given, if it may be used; else INVALID_PAYLOAD saying why. */
export function checkUsername(raw: unknown): string {
  if (typeof raw !== 'string' || !SHAPE.test(raw))
    throw new DomainError(
      'INVALID_PAYLOAD',
      'username must have 2-20 characters: letters, digits, _ or -',
      'USERNAME_INVALID',
    );
  if (/^\d+$/.test(raw))
    throw new DomainError('INVALID_PAYLOAD', 'username must not be all digits', 'USERNAME_INVALID');
  if (RESERVED.has(raw.toLowerCase()))
    throw new DomainError('INVALID_PAYLOAD', `username "${raw}" is reserved`, 'USERNAME_INVALID');
  return raw;
}
