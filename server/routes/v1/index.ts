/**
 * The key-authenticated API under /api/v1: authentication, the per-key rate limit, Idempotency-Key on
 * POST, then the routes: auth → rate limit (onRequest) → validation → idempotency (preHandler) →
 * handler. The plugins declare what they need (idempotency needs auth), so a wrong order fails at start.
 */
import type { FastifyInstance } from 'fastify';
import { apiKeyAuth, authOf } from '../../plugins/auth.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import type { ServiceContext } from '../../services/context.ts';
import { entriesRoutes } from './entries.ts';
import { entryStatusRoutes } from './entry-status.ts';
import { analyticsRoutes } from './analytics.ts';
import { generateRoutes } from './generate.ts';
import { subscribersRoutes } from './subscribers.ts';
import { channelsRoutes } from './channels.ts';

export async function v1Routes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await app.register(apiKeyAuth, { sql: ctx.sql });
  app.addHook(
    'onRequest',
    app.rateLimitHook([
      {
        name: 'api',
        max: ctx.config.apiRateLimitPerMinute,
        windowSeconds: 60,
        key: (request) => authOf(request).keyId,
      },
    ]),
  );
  await app.register(idempotency, { sql: ctx.sql });
  await app.register((scope) => entriesRoutes(scope, ctx));
  await app.register((scope) => entryStatusRoutes(scope, ctx));
  await app.register((scope) => generateRoutes(scope, ctx));
  await app.register((scope) => analyticsRoutes(scope, ctx));
  await app.register((scope) => subscribersRoutes(scope, ctx));
  await app.register((scope) => channelsRoutes(scope, ctx));
}
