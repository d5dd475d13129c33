/**
 * SQL for projects' reader secrets (migrations 0017 and 0021): the current secret and those rotated
 * out in the last 24 hours, each of which keeps verifying until its own 24 hours end. The database's
 * clock decides whether one has retired.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/** How long a rotated-out secret still verifies (docs/readers.md "Rotation": 24 hours). */
export const PREVIOUS_SECRET_HOURS = 24;

export type ReaderSecretRow = {
  secret: string;
  createdAt: Date;
  /** The secrets rotated out that still verify, the last one rotated out first. */
  previousSecrets: string[];
  /** When the last secret rotated out stops verifying (the earlier ones stop before); null if none. */
  previousRetiresAt: Date | null;
};

/** The project's live secrets, or undefined when it has none. */
export async function findReaderSecrets(sql: Db, projectId: string): Promise<ReaderSecretRow | undefined> {
  const [row] = await sql<ReaderSecretRow[]>`
    select s.secret, s.created_at,
      array(select r.secret from retired_reader_secrets r
        where r.project_id = s.project_id and r.retires_at > now()
        order by r.retires_at desc) as previous_secrets,
      (select max(r.retires_at) from retired_reader_secrets r
        where r.project_id = s.project_id and r.retires_at > now()) as previous_retires_at
    from reader_secrets s where s.project_id = ${projectId}`;
  return row;
}

/**
 * Make `secret` the project's current secret; the one it replaces (if any) keeps verifying for
 * {@link PREVIOUS_SECRET_HOURS}, as do those replaced before it until their own hours end. In the
 * caller's transaction: a concurrent rotation waits on the project's row (a first secret made twice
 * at once: the second rotates the first out, never drops it).
 */
export async function rotateReaderSecret(
  tx: TransactionSql,
  projectId: string,
  secret: string,
): Promise<{ secret: string; createdAt: Date; previousRetiresAt: Date | null }> {
  const [created] = await tx<{ secret: string; createdAt: Date }[]>`
    insert into reader_secrets (project_id, secret) values (${projectId}, ${secret})
    on conflict (project_id) do nothing
    returning secret, created_at`;
  if (created) return { ...created, previousRetiresAt: null };
  const [current] = await tx<{ secret: string }[]>`
    select secret from reader_secrets where project_id = ${projectId} for update`;
  await tx`delete from retired_reader_secrets where project_id = ${projectId} and retires_at <= now()`;
  const [retired] = await tx<{ retiresAt: Date }[]>`
    insert into retired_reader_secrets (project_id, secret, retires_at)
    values (${projectId}, ${current!.secret},
      date_trunc('milliseconds', now()) + make_interval(hours => ${PREVIOUS_SECRET_HOURS}))
    on conflict (project_id, secret) do update set retires_at = excluded.retires_at
    returning retires_at`;
  const [row] = await tx<{ secret: string; createdAt: Date }[]>`
    update reader_secrets set secret = ${secret}, created_at = date_trunc('milliseconds', now())
    where project_id = ${projectId}
    returning secret, created_at`;
  return { ...row!, previousRetiresAt: retired!.retiresAt };
}

/** Delete the retired secrets whose 24 hours have ended (housekeeping); how many. */
export async function purgeRetiredReaderSecrets(sql: Db): Promise<number> {
  const rows = await sql`delete from retired_reader_secrets where retires_at <= now() returning 1`;
  return rows.length;
}
