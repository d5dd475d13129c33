/**
 * POST /api/analytics (docs/api.md#public-engagement-no-key-cors-): one `view`/`click` event, or
 * `{"events": [...]}` with up to 50 → 202 `{"accepted": n}`; the rules live in
 * services/analytics/record-analytics-events.ts. With a reader token (`X-Shiplog-Reader`) the events
 * count for the identified reader, whatever device sent them (docs/api.md#readers-and-audiences-segments-summary-announcements).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AnalyticsBatchSchema,
  type AnalyticsEventInput,
  AnalyticsEventSchema,
  AnalyticsIngestSchema,
} from '../../../core/contract/public.schema.ts';
import { documentOnlyBody } from '../../openapi/document-only-body.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { problemResponses } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { invalidFromZod } from '../../errors/problem-documents.ts';
import { readerTokenOf } from '../../plugins/reader-identity.ts';
import { recordAnalyticsEvents } from '../../services/analytics/record-analytics-events.ts';
import type { ServiceContext } from '../../services/context.ts';
import { ANALYTICS_ID, ANALYTICS_IP } from './rate-limits.ts';

function parseEvents(body: unknown): { events: AnalyticsEventInput[]; prefix: (i: number) => string } {
  if (body !== null && typeof body === 'object' && 'events' in body) {
    const result = AnalyticsBatchSchema.safeParse(body);
    if (!result.success) throw invalidFromZod(result.error);
    return { events: result.data.events, prefix: (i) => `/events/${i}` };
  }
  const result = AnalyticsEventSchema.safeParse(body);
  if (!result.success) throw invalidFromZod(result.error);
  return { events: [result.data], prefix: () => '' };
}

export async function analyticsIngestRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Analytics'));
  app.post(
    '/api/analytics',
    {
      bodyLimit: 64 * 1024,
      // Parsed by parseEvents, whose errors point into the body as sent (a batch's `/events/3/type`).
      config: documentOnlyBody(AnalyticsIngestSchema),
      schema: {
        summary: 'Record views and clicks',
        description: 'One event, or `{"events": […]}` with up to 50 (a batch counts as one request).',
        operationId: 'recordAnalytics',
        response: {
          202: z.object({ accepted: z.number().int().describe('Events stored') }),
          ...problemResponses(401, 404, 429),
        },
      },
      onRequest: app.rateLimitHook([ANALYTICS_IP]),
      preHandler: app.rateLimitHook([ANALYTICS_ID]),
    },
    async (request, reply) => {
      const { events, prefix } = parseEvents(request.body);
      const accepted = await recordAnalyticsEvents(ctx, events, prefix, readerTokenOf(request));
      return reply.code(202).send({ accepted });
    },
  );
}
