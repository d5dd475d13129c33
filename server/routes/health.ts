/**
 * /healthz: the process is up. /readyz: the database answers (for load balancers and orchestrators);
 * with Redis configured but unreachable, `200 {"status":"degraded",…,"redis":"unavailable"}`: the
 * service still answers, with per-process rate limits (CONTRACT.md "Rate limits").
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../services/context.ts';

const READY_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ctx.sql`select 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      const store = app.rateLimitStoreHealth();
      if (!store) return { status: 'ok', database: 'ok' };
      return { status: store.redis === 'ok' ? 'ok' : 'degraded', database: 'ok', redis: store.redis };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
