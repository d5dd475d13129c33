/** SQL for API keys. Only SHA-256 hashes and the last 4 characters of a key are ever stored. */
import type { Sql, TransactionSql } from './connect.ts';
import type { ProjectRow } from './projects.ts';

type Db = Sql | TransactionSql;

export type ApiKeyRow = {
  id: string;
  projectId: string;
  /** What the key is for (keys made in the dashboard); null for the CLI's. */
  name: string | null;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export async function insertApiKey(
  sql: Db,
  key: { id: string; projectId: string; hash: Buffer; last4: string; name?: string | null },
): Promise<ApiKeyRow> {
  const [row] = await sql<ApiKeyRow[]>`
    insert into api_keys (id, project_id, hash, last4, name)
    values (${key.id}, ${key.projectId}, ${key.hash}, ${key.last4}, ${key.name ?? null})
    returning id, project_id, name, last4, created_at, last_used_at, revoked_at`;
  return row!;
}

/** The live (not revoked) key with this hash, with its project. */
export async function findLiveKeyByHash(
  sql: Db,
  hash: Buffer,
): Promise<{ keyId: string; lastUsedAt: Date | null; project: ProjectRow } | undefined> {
  const [row] = await sql<({ keyId: string; keyLastUsedAt: Date | null } & ProjectRow)[]>`
    select k.id as key_id, k.last_used_at as key_last_used_at, p.*
    from api_keys k join projects p on p.id = k.project_id
    where k.hash = ${hash} and k.revoked_at is null`;
  if (!row) return undefined;
  const { keyId, keyLastUsedAt, ...project } = row;
  return { keyId, lastUsedAt: keyLastUsedAt, project };
}

/** Records use. Written at most once a minute per key, so busy keys do not cost a write per request. */
export async function touchApiKey(sql: Db, keyId: string): Promise<void> {
  await sql`
    update api_keys set last_used_at = date_trunc('milliseconds', now())
    where id = ${keyId} and (last_used_at is null or last_used_at < now() - interval '1 minute')`;
}

export async function listApiKeys(sql: Db, projectId: string): Promise<ApiKeyRow[]> {
  return sql<ApiKeyRow[]>`
    select id, project_id, name, last4, created_at, last_used_at, revoked_at
    from api_keys where project_id = ${projectId} order by created_at, id`;
}

/**
 * @param projectId when given, only a key of that project is revoked.
 * @returns the key after revocation, or undefined for an unknown id. Revoking twice keeps the first time.
 */
export async function revokeApiKey(
  sql: Db,
  keyId: string,
  projectId?: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await sql<ApiKeyRow[]>`
    update api_keys set revoked_at = coalesce(revoked_at, date_trunc('milliseconds', now()))
    where id = ${keyId} ${projectId === undefined ? sql`` : sql`and project_id = ${projectId}`}
    returning id, project_id, name, last4, created_at, last_used_at, revoked_at`;
  return row;
}
