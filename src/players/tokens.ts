import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: guessing is hopeless, so a fast hash (not bcrypt) is enough to store it. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
