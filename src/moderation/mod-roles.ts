/**
 * The moderator role, granted and revoked from the command line (scripts/admin.ts, `npm run -s
 * admin -- mod grant NAME`): no route grants it, so no web request can make a moderator. The
 * change and its log line are one transaction.
 */
import type { DataSource } from 'typeorm';
import { logAction } from './mod-log.js';

export type RoleChange = 'granted' | 'revoked' | 'unchanged' | 'no such account';

export async function setModRole(
  db: DataSource,
  username: string,
  grant: boolean,
  why = 'command line',
): Promise<RoleChange> {
  return db.transaction(async (em) => {
    const [row] = (await em.query(
      `SELECT id, role FROM players WHERE lower(username) = lower($1) FOR UPDATE`,
      [username],
    )) as { id: string; role: string | null }[];
    if (!row) return 'no such account';
    const role = grant ? 'mod' : null;
    if (row.role === role) return 'unchanged';
    await em.query(`UPDATE players SET role = $2 WHERE id = $1`, [row.id, role]);
    await logAction(em, {
      modId: null,
      action: grant ? 'grant' : 'revoke',
      targetId: row.id,
      why,
    });
    return grant ? 'granted' : 'revoked';
  });
}
