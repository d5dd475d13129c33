/**
 * GET /api/v1/subscribers?status=&limit=&cursor=: the project's subscribers (newest first, keyset
 * pagination) and the count in each status. Consent details stay in the database.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInt } from '../../../core/contract/entries.schema.ts';
import { countSubscribers, listSubscribers } from '../../db/subscribers.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { decodeCursor, keysetPage } from '../../services/keyset-cursor.ts';

const QuerySchema = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).optional(),
  limit: queryInt(1, 100, 50),
  cursor: z.string().min(1).max(500).optional(),
});

export async function subscribersRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/subscribers', { schema: { querystring: QuerySchema } }, async (request, reply) => {
    const { project } = authOf(request);
    const { status, limit, cursor } = request.query;
    const scope = {
      list: 'subscribers',
      projectId: project.id,
      filters: { status },
      secret: ctx.cursorSecret,
    } as const;
    const after = cursor ? decodeCursor(cursor, scope) : undefined;
    const rows = await listSubscribers(
      ctx.sql,
      project.id,
      status,
      after && { createdAt: after.sortAt, id: after.id },
      limit,
    );
    const { page, nextCursor, nextLink } = keysetPage(
      rows,
      limit,
      (s) => ({ sortAt: s.createdAt, id: s.id }),
      scope,
      `${ctx.config.publicUrl}/api/v1/subscribers`,
    );
    if (nextLink) reply.header('link', nextLink);
    const counts = await countSubscribers(ctx.sql, project.id);
    return {
      subscribers: page.map((s) => ({
        id: s.id,
        email: s.email,
        status: s.status,
        createdAt: s.createdAt.toISOString(),
        confirmedAt: s.confirmedAt?.toISOString() ?? null,
        unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
      })),
      counts: { ...counts, total: counts.pending + counts.confirmed + counts.unsubscribed },
      nextCursor,
    };
  });
}
