/** SQL for the audit log (docs/api.md#audit-log: every change, who, what, when; kept one year). */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type AuditActor = { type: 'user' | 'key'; id: string };

export type AuditRow = {
  id: string;
  projectId: string;
  actorType: AuditActor['type'];
  actorId: string;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

/**
 * One audit record, in the caller's transaction. The actor's label is read here, as it is now: the
 * user's email, or the key's name (or "API key") and its last 4 characters.
 */
export async function insertAudit(
  sql: Db,
  row: {
    id: string;
    projectId: string;
    actor: AuditActor;
    action: string;
    targetType: string;
    targetId: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const label =
    row.actor.type === 'user'
      ? sql`(select email from users where id = ${row.actor.id})`
      : sql`(select coalesce(name, 'API key') || ' ····' || last4 from api_keys where id = ${row.actor.id})`;
  await sql`
    insert into audit_log (id, project_id, actor_type, actor_id, actor_label, action, target_type, target_id, details)
    values (${row.id}, ${row.projectId}, ${row.actor.type}, ${row.actor.id}, coalesce(${label}, ${row.actor.id}),
            ${row.action}, ${row.targetType}, ${row.targetId}, ${sql.json(row.details as never)})`;
}

/** A project's records, newest first, after the keyset position `after`; `limit + 1` rows. */
export async function listAudit(
  sql: Db,
  projectId: string,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<AuditRow[]> {
  return sql<AuditRow[]>`
    select id, project_id, actor_type, actor_id, actor_label, action, target_type, target_id, details, created_at
    from audit_log
    where project_id = ${projectId}
      ${after ? sql`and (created_at, id) < (${after.createdAt}, ${after.id})` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`;
}

/** Delete records older than `days`. @returns how many. */
export async function purgeAudit(sql: Db, days = 365): Promise<number> {
  const rows = await sql`
    delete from audit_log where created_at < now() - make_interval(days => ${days}) returning 1`;
  return rows.length;
}
