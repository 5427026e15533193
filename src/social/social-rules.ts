/**
 * Find and follow's rules, pure (issue 34): what a search term asks for, and whether a follow
 * may be made. Table tests: test/unit/social-rules.test.ts.
 */
import type { ErrorCode, ErrorSubcode } from '../common/protocol.js';
import { AUTOCOMPLETE_MIN, MAX_FOLLOWS } from '../common/protocol.js';

/** Characters an account's name is made of (accounts/usernames.ts), at most 20 of them. */
const NAME_PREFIX = /^[a-z0-9_-]{1,20}$/;

/**
 * The prefix a search term asks for, lower case; null when no name can be answered: shorter than
 * AUTOCOMPLETE_MIN, or with a character no account name has (the answer is then [] without a
 * query).
 */
export function searchPrefix(term: string): string | null {
  const t = term.trim().toLowerCase();
  if (t.length < AUTOCOMPLETE_MIN || !NAME_PREFIX.test(t)) return null;
  return t;
}

/** `prefix` as a LIKE pattern: its own `_` (and `%`, `\`) literal, then anything. */
export const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

export interface FollowRefusal {
  code: ErrorCode;
  subcode?: ErrorSubcode;
  message: string;
}

/**
 * Why `follower` may not follow `followed`, or null. `already`: the follow exists (following
 * again changes nothing, so the limit does not stand in its way); `count`: how many the follower
 * follows now.
 */
export function followRefusal(f: {
  followerIsAccount: boolean;
  followerId: string;
  followedId: string;
  already: boolean;
  count: number;
}): FollowRefusal | null {
  if (!f.followerIsAccount)
    return { code: 'ACCOUNT_REQUIRED', message: 'only an account can follow players' };
  if (f.followerId === f.followedId)
    return { code: 'REFUSED', subcode: 'SELF_FOLLOW', message: 'you cannot follow yourself' };
  if (!f.already && f.count >= MAX_FOLLOWS)
    return {
      code: 'REFUSED',
      subcode: 'TOO_MANY_FOLLOWS',
      message: `you follow ${MAX_FOLLOWS} players already: unfollow one first`,
    };
  return null;
}
