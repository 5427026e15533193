import { createHash, randomBytes } from 'node:crypto';

/**
 * The random credentials this server hands out (a guest's key, a session id, a personal access
 * token): 256 random bits, so guessing is hopeless and a fast hash (not bcrypt) is enough to
 * store them; only the hash is kept.
 */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
