/**
 * The player search (issue 34, lichess's /api/player/autocomplete): accounts whose name starts
 * with the term, any case, in name order. One walk of players_username_prefix (the social
 * migration): `USING ~<~` is that index's order, so the first AUTOCOMPLETE_MAX rows are read
 * and nothing is sorted, however many names share a short prefix.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AUTOCOMPLETE_MAX, type PlayerLight } from '../common/protocol.js';
import { Connections } from '../realtime/connections.js';
import { light } from './follows.service.js';
import { likePrefix, searchPrefix } from './social-rules.js';

export const AUTOCOMPLETE_SQL = `SELECT id, username, bot FROM players
  WHERE lower(username) LIKE $1 AND username IS NOT NULL AND closed_at IS NULL
  ORDER BY lower(username) USING ~<~ LIMIT ${AUTOCOMPLETE_MAX}`;

@Injectable()
export class PlayerSearch {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: Connections,
  ) {}

  private async rows(term: string): Promise<{ id: string; username: string; bot: boolean }[]> {
    const prefix = searchPrefix(term);
    if (prefix === null) return [];
    return (await this.db.query(AUTOCOMPLETE_SQL, [likePrefix(prefix)])) as {
      id: string;
      username: string;
      bot: boolean;
    }[];
  }

  /** The names, as lichess answers without `object`. */
  async names(term: string): Promise<string[]> {
    return (await this.rows(term)).map((r) => r.username);
  }

  /** With `object=1`: each with its id, title and whether it is online. */
  async objects(term: string): Promise<PlayerLight[]> {
    const rows = await this.rows(term);
    const online = await this.connections.onlineAmong(rows.map((r) => r.id));
    return rows.map((r) => light(r, online.has(r.id)));
  }
}
