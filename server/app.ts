/**
 * Builds the Fastify application and only wires it: the compilers, the context it is handed
 * (`openContext`: server/open-service-context.ts, called with the app's logger and closed with the app),
 * the plugins, then the routes (server/routes/index.ts, one index per scope). No `listen` here (server.ts
 * does it), so tests drive the very same app through `inject`.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { newRequestId } from './http/new-request-id.ts';
import errorsPlugin from './errors/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './errors/framework-errors.ts';
import type { OpenedServiceContext } from './open-service-context.ts';
import corsPlugin from './plugins/cors.ts';
import htmlPagesPlugin from './plugins/html-pages.ts';
import { loggerOptions } from './plugins/log-options.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import strictInputPlugin from './plugins/strict-input.ts';
import { zodValidatorCompiler } from './plugins/validate.ts';
import { routes } from './routes/index.ts';
import type { ServiceContext } from './services/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' shared context (database, caches, config), for the server's own plumbing and tests. */
    shiplog: ServiceContext;
  }
}

export type BuildAppOptions = {
  config: Config;
  /**
   * Opens what the services share, given the app's logger (server/open-service-context.ts): the app
   * only hands it to the plugins and routes, and closes it when it closes.
   */
  openContext: (log: FastifyBaseLogger) => Promise<OpenedServiceContext>;
  /** Fastify logger options; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ config, openContext, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: logger ?? loggerOptions(config),
    genReqId: newRequestId,
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

  const context = await openContext(app.log);
  const ctx = context.ctx;
  app.addHook('onClose', async () => context.close());
  app.decorate('shiplog', ctx);
  // The one hook of ours that every request runs (docs/api.md#errors: every response has an
  // X-Request-Id); what else a request needs, the scope or the route that needs it adds (and the metrics
  // plugin, when metrics are on, times every route). test/server/routes/public/widget-hooks.test.ts
  // keeps it so for the widget.
  app.addHook('onRequest', function setRequestIdHeader(request, reply, done) {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorsPlugin);
  // Before any route (the metrics endpoint included): it gives each public route its CORS hook.
  await app.register(corsPlugin);
  // First: the API document lists every route declared after it.
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  // Before the routes: it times the routes registered after it.
  await app.register(metricsPlugin, { config, registry: ctx.metrics.registry });
  await app.register(strictInputPlugin);
  await app.register(htmlPagesPlugin);
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  await routes(app, ctx);
  return app;
}
