/**
 * `GET /api/dashboard/projects/{slug}/subscribers.csv?status=&q=` (publisher and up; docs/api.md#subscribers-and-analytics-key-authenticated): the same streamed CSV as `GET /api/v1/subscribers/export`, authorised by the
 * session cookie alone, so the page's Export link is a plain download that the browser writes to disk as
 * it arrives (a fetch would need the `Shiplog-Project` header and hold the whole file in the page).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../services/context.ts';
import { replyWithSubscribersCsv, SubscriberFilterSchema } from '../v1/subscriber-csv-reply.ts';
import { signedInAccess } from './project-access.ts';
import { SlugParams } from './schemas.ts';

export async function subscriberExportRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/projects/:slug/subscribers.csv',
    { schema: { params: SlugParams, querystring: SubscriberFilterSchema } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'subscribers.read');
      return replyWithSubscribersCsv(reply, ctx, project, request.query);
    },
  );
}
