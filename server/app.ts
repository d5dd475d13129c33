/**
 * Builds the Fastify application: plugins, then routes. No `listen` here (server.ts does it), so tests
 * drive the very same app through `inject`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ProbotOctokit } from 'probot';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { getOrCreateSecret } from './db/instance-secrets.ts';
import { startJobQueue } from './queue/job-queue.ts';
import { listenProjectChanges } from './db/notifications.ts';
import corsPlugin from './plugins/cors.ts';
import errorsPlugin from './errors/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './errors/framework-errors.ts';
import { loggerOptions } from './plugins/log-options.ts';
import strictInputPlugin from './plugins/strict-input.ts';
import htmlPagesPlugin from './plugins/html-pages.ts';
import openapiPlugin from './plugins/openapi.ts';
import metricsPlugin from './plugins/metrics.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import { sessions } from './plugins/session.ts';
import { zodValidatorCompiler } from './plugins/validate.ts';
import { apiReferenceRoutes } from './routes/api-reference.ts';
import { docsErrorsRoutes } from './routes/docs-errors-route.ts';
import { healthRoutes } from './routes/health.ts';
import { homeRoutes } from './routes/home.ts';
import { analyticsIngestRoutes } from './routes/public/analytics.ts';
import { reactionsRoutes } from './routes/public/reactions.ts';
import { subscribeRoutes } from './routes/public/subscribe.ts';
import { widgetRoutes } from './routes/public/widget.ts';
import { widgetScriptRoutes } from './routes/public/widget-script.ts';
import { changelogRoutes } from './routes/public/changelog.ts';
import { feedRoutes } from './routes/public/feeds.ts';
import { searchRoutes } from './routes/public/search.ts';
import { v1Routes } from './routes/v1/index.ts';
import { dashboardRoutes } from './routes/dashboard/index.ts';
import { dashboardAppRoutes } from './routes/dashboard-app.ts';
import { uploadsRoutes } from './routes/public/uploads.ts';
import { githubWebhookRoutes } from './routes/github/webhooks.ts';
import type { ServiceContext } from './services/context.ts';
import { newId } from './db/new-id.ts';
import { createAiClient } from './services/drafting/create-ai-client.ts';
import { createMailer } from './services/mail/create-mailer.ts';
import { countEmails } from './services/metrics/count-emails.ts';
import { createServiceMetrics } from './services/metrics/service-metrics.ts';
import { createMarkdownRenderer } from './services/rendering/markdown-renderer.ts';
import { createWidgetCache } from './services/public/widget-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' shared context (database, caches, config), for the server's own plumbing and tests. */
    shiplog: ServiceContext;
  }
}

export type BuildAppOptions = {
  config: Config;
  db: Database;
  /** Fastify logger options; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** The GitHub App's Octokit class (tests: one without the throttling plugin's pacing). */
  githubOctokit?: typeof ProbotOctokit;
};

export async function buildApp({
  config,
  db,
  logger,
  githubOctokit,
}: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: logger ?? loggerOptions(config),
    genReqId: () => newId('req'),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  };
  const app = Fastify(options);
  app.setValidatorCompiler(zodValidatorCompiler);
  // Responses are encoded by their declared zod schemas: an answer that strays from the API document
  // is a 500, never a silent drift.
  app.setSerializerCompiler(serializerCompiler);
  // JSON only (docs/api.md#input-rules): any other Content-Type is a 415, including text/plain.
  app.removeContentTypeParser('text/plain');

  const widgetCache = createWidgetCache(db.sql, config.publicUrl);
  const metrics = createServiceMetrics(db.sql);
  const ctx: ServiceContext = {
    sql: db.sql,
    config,
    widgetCache,
    markdown: createMarkdownRenderer(config.renderTimeoutMs, config.renderThreads),
    openai: createAiClient(config.ai),
    mailer: countEmails(createMailer(config, app.log), metrics.emails),
    jobs: await startJobQueue(db.sql, app.log, { shared: db.shared }),
    unsubscribeSecret: await getOrCreateSecret(db.sql, 'unsubscribe'),
    cursorSecret: await getOrCreateSecret(db.sql, 'cursor'),
    previewSecret: await getOrCreateSecret(db.sql, 'preview'),
    github: null,
    metrics,
  };
  if (config.github) {
    // Probot and Octokit load only where the App is mounted (a fifth of a second at every start).
    const { createGithubApp } = await import('./services/github/create-github-app.ts');
    ctx.github = await createGithubApp(config.github, ctx, app.log, githubOctokit);
  }
  // Jobs stop first (finishing those in progress), then what they use.
  app.addHook('onClose', async () => ctx.jobs.stop());
  app.addHook('onClose', async () => ctx.mailer.close());
  app.addHook('onClose', async () => ctx.markdown.close());
  app.decorate('shiplog', ctx);

  // Other instances' writes reach this one's caches through NOTIFY; only needed when the database is shared.
  if (db.shared) {
    const listener = await listenProjectChanges(
      db.sql,
      (id) => ctx.widgetCache.invalidate(id),
      () => ctx.widgetCache.clear(),
    );
    app.addHook('onClose', async () => listener.unlisten());
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  // First: the API document lists every route declared after it.
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  // Before the routes: it times the routes registered after it.
  await app.register(metricsPlugin, { config, registry: metrics.registry });
  await app.register(corsPlugin);
  await app.register(strictInputPlugin);
  await app.register(htmlPagesPlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  await app.register(sessions);

  // Routes get the context by closure: register()'s options object also carries `prefix`.
  await app.register((scope) => healthRoutes(scope, ctx));
  await app.register(docsErrorsRoutes);
  await app.register(apiReferenceRoutes);
  await app.register((scope) => homeRoutes(scope, ctx));
  await app.register((scope) => widgetRoutes(scope, ctx));
  await app.register((scope) => widgetScriptRoutes(scope, ctx));
  await app.register((scope) => feedRoutes(scope, ctx));
  await app.register((scope) => changelogRoutes(scope, ctx));
  await app.register((scope) => searchRoutes(scope, ctx));
  await app.register((scope) => subscribeRoutes(scope, ctx));
  await app.register((scope) => reactionsRoutes(scope, ctx));
  await app.register((scope) => analyticsIngestRoutes(scope, ctx));
  await app.register((scope) => v1Routes(scope, ctx), { prefix: '/api/v1' });
  await app.register((scope) => dashboardRoutes(scope, ctx), { prefix: '/api/dashboard' });
  await app.register((scope) => dashboardAppRoutes(scope, ctx));
  await app.register((scope) => uploadsRoutes(scope, ctx));
  if (ctx.github) await app.register((scope) => githubWebhookRoutes(scope, ctx));
  return app;
}
