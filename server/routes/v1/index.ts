/**
 * The API under /api/v1, by API key or by the dashboard's session (its cookie is read in this scope and
 * the dashboard's only, plugins/session.ts): authentication, the per-key (or
 * per-user) rate limit, the caller's role, Idempotency-Key on POST, then the routes: auth → rate limit
 * (onRequest) → validation → role → idempotency (preHandler) → handler. The plugins declare what they
 * need (idempotency needs auth), so a wrong order fails at start.
 */
import type { FastifyInstance } from 'fastify';
import { auditScope } from '../../plugins/audit-scope.ts';
import { apiKeyAuth, authOf } from '../../plugins/auth.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import { sessions } from '../../plugins/session.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { V1_DOCS } from '../../openapi/scope-docs.ts';
import type { ServiceContext } from '../../services/context.ts';
import { entriesRoutes } from './entries.ts';
import { entryStatusRoutes } from './entry-status.ts';
import { analyticsRoutes } from './analytics.ts';
import { analyticsChartRoutes } from './analytics-charts.ts';
import { draftingProfileRoutes } from './drafting-profile.ts';
import { generateRoutes } from './generate.ts';
import { translationDraftRoutes } from './translation-draft.ts';
import { importRoutes } from './import.ts';
import { subscribersRoutes } from './subscribers.ts';
import { channelsRoutes } from './channels.ts';
import { channelActionRoutes } from './channel-actions.ts';
import { projectRoutes } from './project.ts';
import { requireRole } from './require-role.ts';

export async function v1Routes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, V1_DOCS);
  await app.register(sessions);
  await app.register(apiKeyAuth, { ctx });
  app.addHook(
    'onRequest',
    app.rateLimitHook([
      {
        name: 'api',
        max: ctx.config.apiRateLimitPerMinute,
        windowSeconds: 60,
        key: (request) => authOf(request).keyId ?? `user:${authOf(request).userId}`,
      },
    ]),
  );
  app.addHook('preHandler', auditScope);
  // Before idempotency's preHandler: a refused call claims no key.
  app.addHook('preHandler', requireRole());
  await app.register(idempotency, { sql: ctx.sql });
  await app.register((scope) => entriesRoutes(scope, ctx));
  await app.register((scope) => entryStatusRoutes(scope, ctx));
  await app.register((scope) => generateRoutes(scope, ctx));
  await app.register((scope) => translationDraftRoutes(scope, ctx));
  await app.register((scope) => draftingProfileRoutes(scope, ctx));
  await app.register((scope) => importRoutes(scope, ctx));
  await app.register((scope) => analyticsRoutes(scope, ctx));
  await app.register((scope) => analyticsChartRoutes(scope, ctx));
  await app.register((scope) => subscribersRoutes(scope, ctx));
  await app.register((scope) => channelsRoutes(scope, ctx));
  await app.register((scope) => channelActionRoutes(scope, ctx));
  await app.register((scope) => projectRoutes(scope, ctx));
}
