/**
 * GET /api/v1/subscribers?status=&limit=&cursor=: the project's subscribers (newest first, keyset
 * pagination) and the count in each status. Consent details stay in the database.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInt } from '../../../core/contract/entries.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { listSubscribersPage } from '../../services/engagement/list-subscribers.ts';

const QuerySchema = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).optional(),
  limit: queryInt(1, 100, 50),
  cursor: z.string().min(1).max(500).optional(),
});

export async function subscribersRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/subscribers', { schema: { querystring: QuerySchema } }, async (request, reply) => {
    const { project } = authOf(request);
    const { nextLink, ...page } = await listSubscribersPage(ctx, project.id, request.query);
    if (nextLink) reply.header('link', nextLink);
    return page;
  });
}
