/**
 * POST /api/analytics (CONTRACT.md "POST /api/analytics"): one `view`/`click` event, or
 * `{"events": [...]}` with up to 50 → 202 `{"accepted": n}`; the rules live in
 * services/analytics/record-analytics-events.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  AnalyticsBatchSchema,
  type AnalyticsEventInput,
  AnalyticsEventSchema,
} from '../../../core/contract/public.schema.ts';
import { invalidFromZod } from '../../problem-documents.ts';
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
  app.post(
    '/api/analytics',
    {
      bodyLimit: 64 * 1024,
      onRequest: app.rateLimitHook([ANALYTICS_IP]),
      preHandler: app.rateLimitHook([ANALYTICS_ID]),
    },
    async (request, reply) => {
      const { events, prefix } = parseEvents(request.body);
      const accepted = await recordAnalyticsEvents(ctx, events, prefix);
      return reply.code(202).send({ accepted });
    },
  );
}
