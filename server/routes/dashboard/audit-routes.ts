/**
 * `GET /api/dashboard/projects/{slug}/audit?limit=&cursor=` (owners only; docs/api.md#audit-log): the
 * project's audit log, newest first → `{"events": [{id, actor: {type: "user"|"key", id, label}, action,
 * target: {type, id}, details, createdAt}], "nextCursor"}` (+ `Link: <…>; rel="next"`). `limit` 1–100
 * (default 50); `cursor` is a page's `nextCursor`. `action` is `noun.verb` (`entry.published`,
 * `channel.created`, `subscriber.removed`, …); `label` is the user's email or the key's name and last 4
 * characters, as they were. Records are kept one year.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditPageSchema } from '../../../core/contract/audit.schema.ts';
import { queryInt } from '../../../core/contract/entries.schema.ts';
import { listAuditLogPage } from '../../services/audit/list-audit-log.ts';
import type { ServiceContext } from '../../services/context.ts';
import { signedInAccess } from './project-access.ts';
import { SlugParams } from './schemas.ts';

const AuditQuery = z.strictObject({
  limit: queryInt(1, 100, 50),
  cursor: z.string().min(1).max(500).optional(),
});

export async function auditRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/projects/:slug/audit',
    { schema: { params: SlugParams, querystring: AuditQuery, response: { 200: AuditPageSchema } } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'audit.read');
      const { nextLink, ...page } = await listAuditLogPage(ctx, project, request.query);
      if (nextLink) reply.header('link', nextLink);
      return page;
    },
  );
}
