/**
 * Blocks, reports and the moderators' routes (PROTOCOL.md v1.19), by the account's session
 * cookie. An error answer becomes a WireError with its code.
 */
import type {
  ErrorBody,
  ModActionView,
  ModPlayerView,
  PlayerMark,
  ReportReason,
  ReportView,
} from '../../../src/common/protocol.js';
import { wireError } from './errors.js';

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as T & Partial<ErrorBody>;
  if (!res.ok) throw wireError(parsed.error);
  return parsed;
}

const name = (username: string) => encodeURIComponent(username);

export const blocking = () => send<string[]>('GET', '/api/rel/blocking');
export const block = (username: string) => send('POST', `/api/rel/block/${name(username)}`);
export const unblock = (username: string) => send('POST', `/api/rel/unblock/${name(username)}`);

export const report = (r: {
  username: string;
  reason: ReportReason;
  matchId?: string;
  text: string;
}) => send<{ id: string }>('POST', '/api/report', r);

export const modReports = (status: 'open' | 'closed') =>
  send<ReportView[]>('GET', `/api/mod/reports?status=${status}`);
export const closeReport = (id: string, why: string) =>
  send('POST', `/api/mod/reports/${encodeURIComponent(id)}/close`, { why });
export const modPlayer = (username: string) =>
  send<ModPlayerView>('GET', `/api/mod/players/${name(username)}`);
export const markPlayer = (username: string, mark: PlayerMark, on: boolean, why: string) =>
  send<{ marks: PlayerMark[] }>(
    'POST',
    `/api/mod/players/${name(username)}/${on ? 'mark' : 'unmark'}`,
    { mark, why },
  );
export const modLog = () => send<ModActionView[]>('GET', '/api/mod/log');
export const closeAccount = (username: string, why: string) =>
  send('POST', `/api/mod/players/${name(username)}/close`, { why });
