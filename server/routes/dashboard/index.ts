/**
 * The dashboard's JSON routes under /api/dashboard (docs/api.md#accounts-and-sessions): accounts, projects,
 * members, keys, uploads, the editor's preview and segment picker. The entries themselves are /api/v1's routes, called with the session.
 * Every request that changes something must come from PUBLIC_URL's origin (`Origin`), signed in or not
 * (a forged sign-in is refused too), and, signed in, carry the session's `X-CSRF-Token`; else `403`.
 * No CORS headers are ever sent here, and no answer is cached (`Cache-Control: no-store`).
 */
import type { FastifyInstance } from 'fastify';
import { auditScope } from '../../plugins/audit-scope.ts';
import { assertSameOrigin, changesState, sessions } from '../../plugins/session.ts';
import type { ServiceContext } from '../../services/context.ts';
import { accountRoutes } from './account-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { githubRoutes } from './github-routes.ts';
import { keyRoutes } from './key-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { previewRoutes } from './preview-routes.ts';
import { projectRoutes } from './project-routes.ts';
import { segmentRoutes } from './segment-routes.ts';
import { subscriberExportRoutes } from './subscriber-export-routes.ts';
import { uploadRoutes } from './upload-routes.ts';

export async function dashboardRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await app.register(sessions);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (changesState(request)) assertSameOrigin(ctx.config.publicUrl, request);
  });
  app.addHook('preHandler', auditScope);
  await app.register((scope) => accountRoutes(scope, ctx));
  await app.register((scope) => passwordRoutes(scope, ctx));
  await app.register((scope) => projectRoutes(scope, ctx));
  await app.register((scope) => memberRoutes(scope, ctx));
  await app.register((scope) => keyRoutes(scope, ctx));
  await app.register((scope) => uploadRoutes(scope, ctx));
  await app.register((scope) => auditRoutes(scope, ctx));
  await app.register((scope) => githubRoutes(scope, ctx));
  await app.register((scope) => subscriberExportRoutes(scope, ctx));
  await app.register((scope) => previewRoutes(scope, ctx));
  await app.register((scope) => segmentRoutes(scope, ctx));
}
