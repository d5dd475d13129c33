/**
 * A project's API keys from the dashboard (owners only; docs/api.md#dashboard-api), through the same
 * key services as the CLI. A key is shown once, at creation. Keys of a free project may be made, but
 * the key-authenticated API needs Pro: every answer says whether the API is available.
 */
import type { ApiKeyRow } from '../../db/api-keys.ts';
import type { ProjectRow } from '../../db/projects.ts';
import type { ServiceContext } from '../context.ts';
import { createApiKey, listProjectKeys, revokeKey } from './manage-projects.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorize, type Role } from './authorize.ts';

const keyChange = (action: string, key: ApiKeyRow) => ({
  action,
  target: { type: 'api_key', id: key.id },
  details: { name: key.name, last4: key.last4 },
});

type Access = { project: ProjectRow; role: Role };

/** Whether the project's keys work on /api/v1 (docs/api.md#authentication-plans-rate-limit: the API is for the pro and business plans). */
export function apiAvailable(project: ProjectRow): boolean {
  return project.plan !== 'free';
}

export async function listKeys(ctx: Pick<ServiceContext, 'sql'>, access: Access): Promise<ApiKeyRow[]> {
  authorize(access.role, 'keys.manage');
  return listProjectKeys(ctx.sql, access.project.slug);
}

/** @returns the key (its only showing) and its row. */
export async function createKey(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
  name: string | null,
): Promise<{ apiKey: string; row: ApiKeyRow }> {
  authorize(access.role, 'keys.manage');
  return ctx.sql.begin(async (tx) => {
    const created = await createApiKey(tx, access.project.slug, name);
    await recordAudit(tx, access.project.id, keyChange('key.created', created.row));
    return created;
  });
}

/** @throws NotFoundError for a key of another project, or none. */
export async function revokeProjectKey(
  ctx: Pick<ServiceContext, 'sql'>,
  access: Access,
  keyId: string,
): Promise<ApiKeyRow> {
  authorize(access.role, 'keys.manage');
  return ctx.sql.begin(async (tx) => {
    const revoked = await revokeKey(tx, keyId, access.project.id);
    await recordAudit(tx, access.project.id, keyChange('key.revoked', revoked));
    return revoked;
  });
}
