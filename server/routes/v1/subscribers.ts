/**
 * A project's subscribers (CONTRACT.md "Dashboard", Subscribers), by key or by session:
 * - `GET /api/v1/subscribers?status=&q=&limit=&cursor=` (publisher): newest first, keyset paged (`limit`
 *   1–100, default 50; `cursor` a page's `nextCursor`, bound to `status` and `q`) →
 *   `{"subscribers": [{id, email, status, createdAt, confirmedAt, unsubscribedAt}], "counts": {pending,
 *   confirmed, unsubscribed, total}, "nextCursor"}` + `Link: <…>; rel="next"`. `q` (1–254 characters)
 *   keeps addresses containing it (case-insensitive, literal). Consent details stay in the database.
 * - `GET /api/v1/subscribers/counts` (contributor) → `{"counts": {pending, confirmed, unsubscribed, total}}`.
 * - `GET /api/v1/subscribers/export?status=&q=` (publisher) → `200 text/csv` streamed, as a download
 *   (`<slug>-subscribers.csv`): header `email,status,createdAt,confirmedAt,unsubscribedAt`, by address;
 *   cells starting with `=`, `+`, `-` or `@` are prefixed with `'` (formula injection defused).
 * - `DELETE /api/v1/subscribers/{id}` (publisher) → `204`: no further email reaches the address, which
 *   may subscribe again; `404` for none of that id in the project.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInt } from '../../../core/contract/entries.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { exportSubscribersCsv } from '../../services/engagement/export-subscribers.ts';
import { listSubscribersPage, subscriberCounts } from '../../services/engagement/list-subscribers.ts';
import { removeSubscriber } from '../../services/engagement/remove-subscriber.ts';

const FilterSchema = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).optional(),
  q: z.string().trim().min(1).max(254).optional(),
});
const ListQuerySchema = FilterSchema.extend({
  limit: queryInt(1, 100, 50),
  cursor: z.string().min(1).max(500).optional(),
});
const SubscriberParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function subscribersRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/subscribers', { schema: { querystring: ListQuerySchema } }, async (request, reply) => {
    const { project } = authOf(request);
    const { nextLink, ...page } = await listSubscribersPage(ctx, project.id, request.query);
    if (nextLink) reply.header('link', nextLink);
    return page;
  });

  app.get('/subscribers/counts', async (request) => ({
    counts: await subscriberCounts(ctx, authOf(request).project.id),
  }));

  app.get('/subscribers/export', { schema: { querystring: FilterSchema } }, async (request, reply) => {
    const { project } = authOf(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${project.slug}-subscribers.csv"`)
      .send(exportSubscribersCsv(ctx, project.id, request.query));
  });

  app.delete('/subscribers/:id', { schema: { params: SubscriberParamsSchema } }, async (request, reply) => {
    await removeSubscriber(ctx, authOf(request).project.id, request.params.id);
    return reply.code(204).send();
  });
}
