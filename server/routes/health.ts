/**
 * /healthz: the process is up. /readyz: the database answers (for load balancers and orchestrators);
 * with Redis configured but unreachable, `200 {"status":"degraded",…,"redis":"unavailable"}`: the
 * service still answers, with per-process rate limits (docs/api.md#health).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentRoutes } from '../openapi/document-routes.ts';
import { PUBLIC_DOCS } from '../openapi/scope-docs.ts';
import type { ServiceContext } from '../services/context.ts';
import { checkDatabase } from '../services/health/check-database.ts';

const READY_TIMEOUT_MS = 2_000;

const ReadySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  /** Present when Redis is configured: `unavailable` while per-process limits stand in. */
  redis: z.enum(['ok', 'unavailable']).optional(),
});
const UnreadySchema = z
  .object({ status: z.literal('unavailable'), database: z.literal('unreachable') })
  .describe('Not ready: the database cannot be reached');

export async function healthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  // The liveness check reads nothing; readiness declares its own 503 (the database unreachable).
  documentRoutes(
    app,
    PUBLIC_DOCS('Health', () => false),
  );
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'The process is up',
        operationId: 'getHealth',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'The database (and Redis, when configured) answer',
        operationId: 'getReadiness',
        response: { 200: ReadySchema, 503: UnreadySchema },
      },
    },
    async (request, reply) => {
      try {
        await checkDatabase(ctx.sql, READY_TIMEOUT_MS);
        const store = app.rateLimitStoreHealth();
        if (!store) return { status: 'ok', database: 'ok' };
        return { status: store.redis === 'ok' ? 'ok' : 'degraded', database: 'ok', redis: store.redis };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}
