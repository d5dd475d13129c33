/**
 * SQL for projects' reader secrets (migration 0017): the current secret and, for 24 hours after a
 * rotation, the previous one. The database's clock decides whether the previous one has retired.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/** How long a rotated-out secret still verifies (CONTRACT.md: 24 hours). */
export const PREVIOUS_SECRET_HOURS = 24;

export type ReaderSecretRow = {
  secret: string;
  createdAt: Date;
  /** The secret before the last rotation while it still verifies; null once retired or if none. */
  previousSecret: string | null;
  previousRetiresAt: Date | null;
};

/** The project's live secrets (a retired previous secret reads as null), or undefined when it has none. */
export async function findReaderSecrets(sql: Db, projectId: string): Promise<ReaderSecretRow | undefined> {
  const [row] = await sql<ReaderSecretRow[]>`
    select secret, created_at,
      case when previous_retires_at > now() then previous_secret end as previous_secret,
      case when previous_retires_at > now() then previous_retires_at end as previous_retires_at
    from reader_secrets where project_id = ${projectId}`;
  return row;
}

/**
 * Make `secret` the project's current secret; the one it replaces (if any) keeps verifying for
 * {@link PREVIOUS_SECRET_HOURS}. One statement: two concurrent rotations serialize on the row.
 */
export async function rotateReaderSecret(
  sql: Db,
  projectId: string,
  secret: string,
): Promise<ReaderSecretRow> {
  const [row] = await sql<ReaderSecretRow[]>`
    insert into reader_secrets as s (project_id, secret)
    values (${projectId}, ${secret})
    on conflict (project_id) do update set
      secret = excluded.secret,
      created_at = date_trunc('milliseconds', now()),
      previous_secret = s.secret,
      previous_retires_at = date_trunc('milliseconds', now()) + make_interval(hours => ${PREVIOUS_SECRET_HOURS})
    returning secret, created_at, previous_secret, previous_retires_at`;
  return row!;
}
