/**
 * One page of a project's audit log (owners only; docs/api.md#audit-log), newest first, keyset paged
 * with a signed cursor like the other lists (services/keyset-cursor.ts).
 */
import { listAudit } from '../../db/audit-log.ts';
import type { ServiceContext } from '../context.ts';
import { decodeCursor, keysetPage } from '../paging/keyset-cursor.ts';

/** @throws InvalidError for a tampered or foreign cursor. */
export async function listAuditLogPage(
  ctx: ServiceContext,
  project: { id: string; slug: string },
  query: { limit: number; cursor?: string | undefined },
) {
  const scope = { list: 'audit', projectId: project.id, filters: {}, secret: ctx.cursorSecret } as const;
  const after = query.cursor ? decodeCursor(query.cursor, scope) : undefined;
  const rows = await listAudit(
    ctx.sql,
    project.id,
    after && { createdAt: after.sortAt, id: after.id },
    query.limit,
  );
  const { page, nextCursor, nextLink } = keysetPage(
    rows,
    query.limit,
    (r) => ({ sortAt: r.createdAt, id: r.id }),
    scope,
    `${ctx.config.publicUrl}/api/dashboard/projects/${project.slug}/audit`,
  );
  return {
    events: page.map((r) => ({
      id: r.id,
      actor: { type: r.actorType, id: r.actorId, label: r.actorLabel },
      action: r.action,
      target: { type: r.targetType, id: r.targetId },
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor,
    nextLink,
  };
}
