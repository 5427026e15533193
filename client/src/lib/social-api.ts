/**
 * Find and follow's REST side (docs/PROTOCOL.md, v1.19): the player search, follow / unfollow,
 * a profile's social line and lists, the lobby's "following". An account speaks by its session
 * cookie (following is for accounts).
 */
import type {
  AutocompleteObjects,
  FollowChange,
  FollowedNow,
  PlayerLight,
  RelStatus,
} from '../../../src/common/protocol.js';
import { sendAs as send } from './send-as.js';

const name = (username: string) => encodeURIComponent(username);

export const searchPlayers = (term: string) =>
  send<AutocompleteObjects>(
    'GET',
    `/api/player/autocomplete?term=${encodeURIComponent(term)}&object=1`,
    null,
  );

export const setFollow = (username: string, follow: boolean) =>
  send<FollowChange>('POST', `/api/rel/${follow ? 'follow' : 'unfollow'}/${name(username)}`, null);

export const relStatus = (username: string) =>
  send<RelStatus>('GET', `/api/rel/status/${name(username)}`, null);

export const followList = (username: string, side: 'followers' | 'following') =>
  send<PlayerLight[]>('GET', `/api/rel/${side}/${name(username)}`, null);

export const followingNow = () => send<FollowedNow[]>('GET', '/api/rel/following-now', null);
