/**
 * The moderators' log (`mod_actions`'s writes and reads): every action with who, what, to whom
 * and why, written in the transaction that does it (an action that rolls back is not logged).
 */
import type { EntityManager } from 'typeorm';
import type { ModActionKind, ModActionView } from '../common/protocol.js';

export interface ModAction {
  /** null: the command line. */
  modId: string | null;
  action: ModActionKind;
  targetId: string | null;
  details?: string | null;
  why: string;
}

export async function logAction(em: EntityManager, a: ModAction): Promise<void> {
  await em.query(
    `INSERT INTO mod_actions (mod_id, action, target_id, details, why) VALUES ($1, $2, $3, $4, $5)`,
    [a.modId, a.action, a.targetId, a.details ?? null, a.why],
  );
}

/** The newest actions (about one player, if given), names in place of ids. */
export async function readLog(
  em: EntityManager,
  targetId: string | null,
  limit: number,
): Promise<ModActionView[]> {
  const rows = (await em.query(
    `SELECT a.id, m.username AS mod, a.action, t.username AS target, a.details, a.why, a.at
       FROM mod_actions a
       LEFT JOIN players m ON m.id = a.mod_id
       LEFT JOIN players t ON t.id = a.target_id
      WHERE $1::uuid IS NULL OR a.target_id = $1
      ORDER BY a.id DESC LIMIT $2`,
    [targetId, limit],
  )) as {
    id: string;
    mod: string | null;
    action: ModActionKind;
    target: string | null;
    details: string | null;
    why: string;
    at: Date;
  }[];
  return rows.map((r) => ({
    id: String(r.id),
    mod: r.mod,
    action: r.action,
    target: r.target,
    details: r.details,
    why: r.why,
    at: new Date(r.at).toISOString(),
  }));
}
