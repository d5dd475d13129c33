/**
 * Cross-process change notices over PostgreSQL LISTEN/NOTIFY. A notice sent inside a transaction is
 * delivered only when it commits, so no instance ever sees a change that was rolled back.
 */
import type { Sql, TransactionSql } from './connect.ts';

const CHANNEL = 'shiplog_project_changed';

/** Tell every instance that what the public sees of `projectId` changed (entries, settings, plan). */
export async function notifyProjectChanged(sql: Sql | TransactionSql, projectId: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${projectId})`;
}

/**
 * Call `onChange(projectId)` for every notice. `onListen` runs on each (re)connection of the listening
 * connection: notices sent while it was down are lost, so callers drop their caches there.
 */
export async function listenProjectChanges(
  sql: Sql,
  onChange: (projectId: string) => void,
  onListen: () => void,
): Promise<{ unlisten: () => Promise<void> }> {
  return sql.listen(CHANNEL, onChange, onListen);
}
