/**
 * Every route, one scope at a time: the server's own pages (health, the error reference, the API
 * reference, the home page), then one index per scope: public/ (readers, no key), v1/ (key or
 * session, under `/api/v1`), dashboard/ (the session, under `/api/dashboard`), the dashboard's build
 * (`/app`), and github/ (the App's webhooks, when it is mounted). Registered after the plugins, which
 * the app wires first (server/app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../services/context.ts';
import { apiReferenceRoutes } from './api-reference.ts';
import { dashboardAppRoutes } from './dashboard-app.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { docsErrorsRoutes } from './docs-errors-route.ts';
import { githubWebhookRoutes } from './github/webhooks.ts';
import { healthRoutes } from './health.ts';
import { homeRoutes } from './home.ts';
import { publicRoutes } from './public/index.ts';
import { v1Routes } from './v1/index.ts';

export async function routes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  // Routes get the context by closure: register()'s options object also carries `prefix`.
  await app.register((scope) => healthRoutes(scope, ctx));
  await app.register(docsErrorsRoutes);
  await app.register(apiReferenceRoutes);
  await app.register((scope) => homeRoutes(scope, ctx));
  await publicRoutes(app, ctx);
  await app.register((scope) => v1Routes(scope, ctx), { prefix: '/api/v1' });
  await app.register((scope) => dashboardRoutes(scope, ctx), { prefix: '/api/dashboard' });
  await app.register((scope) => dashboardAppRoutes(scope, ctx));
  if (ctx.github) await app.register((scope) => githubWebhookRoutes(scope, ctx));
}
