/**
 * A project's subscribers (docs/api.md#subscribers-and-analytics-key-authenticated), by key or by session:
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
import {
  SubscriberCountsResponseSchema,
  SubscriberPageSchema,
} from '../../../core/contract/subscribers.schema.ts';
import { NO_CONTENT, textResponse } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { listSubscribersPage, subscriberCounts } from '../../services/engagement/list-subscribers.ts';
import { removeSubscriber } from '../../services/engagement/remove-subscriber.ts';
import { replyWithSubscribersCsv, SubscriberFilterSchema } from './subscriber-csv-reply.ts';

const ListQuerySchema = SubscriberFilterSchema.extend({
  limit: queryInt(1, 100, 50),
  cursor: z.string().min(1).max(500).optional(),
});
const SubscriberParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function subscribersRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/subscribers',
    {
      schema: {
        summary: 'List subscribers',
        description:
          'Newest first, keyset pagination (`nextCursor`, `Link: rel="next"`), with the count in each status.',
        operationId: 'listSubscribers',
        querystring: ListQuerySchema,
        response: { 200: SubscriberPageSchema },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      const { nextLink, ...page } = await listSubscribersPage(ctx, project.id, request.query);
      if (nextLink) reply.header('link', nextLink);
      return page;
    },
  );

  app.get(
    '/subscribers/counts',
    {
      schema: {
        summary: 'Subscriber counts by status',
        operationId: 'countSubscribers',
        response: { 200: SubscriberCountsResponseSchema },
      },
    },
    async (request) => ({
      counts: await subscriberCounts(ctx, authOf(request).project.id),
    }),
  );

  app.get(
    '/subscribers/export',
    {
      schema: {
        summary: 'Export subscribers as CSV',
        operationId: 'exportSubscribers',
        querystring: SubscriberFilterSchema,
        response: { 200: textResponse('CSV with a header row', 'text/csv') },
      },
    },
    async (request, reply) => replyWithSubscribersCsv(reply, ctx, authOf(request).project, request.query),
  );

  app.delete(
    '/subscribers/:id',
    {
      schema: {
        summary: 'Remove a subscriber',
        operationId: 'removeSubscriber',
        params: SubscriberParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await removeSubscriber(ctx, authOf(request).project.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
