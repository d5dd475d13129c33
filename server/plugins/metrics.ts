/**
 * Prometheus metrics (docs/deployment.md#metrics) through fastify-metrics on the
 * app's own registry (services/metrics/service-metrics.ts): request count and duration by route
 * template (`/api/widget/:slug`, never the raw URL; unmatched URLs are not recorded) and status,
 * process metrics and event-loop lag from prom-client, and the service's counters.
 *
 * Exposed only when asked for: `GET /metrics` on the app's port when METRICS_TOKEN is set, answering
 * only `Authorization: Bearer <METRICS_TOKEN>` (else 401); and/or on METRICS_PORT, a listener of its
 * own (on HOST) that only serves `/metrics`, for a network that Prometheus reaches and users do not.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { UnauthorizedError } from '../errors/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener, once the app is ready; null without METRICS_PORT. */
    metricsServer: Server | null;
  }
}

/** Request durations, in seconds: the widget answers in well under 5 ms, a draft may take 30 s. */
// A CommonJS module whose plugin is its `default` export.
const fastifyMetrics = fastifyMetricsModule.default;

const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function requireToken(token: string) {
  return async (request: FastifyRequest) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token))
      throw new UnauthorizedError('Metrics need Authorization: Bearer <METRICS_TOKEN>');
  };
}

/** A bare HTTP listener for METRICS_PORT: `/metrics` and nothing else. */
function metricsListener(registry: Registry): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://x').pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
}

async function metricsPlugin(
  app: FastifyInstance,
  { config, registry }: { config: Config; registry: Registry },
): Promise<void> {
  app.decorate('metricsServer', null);
  const { metricsToken, metricsPort } = config;
  if (metricsToken === undefined && metricsPort === undefined) return;
  const registers = [registry];
  await app.register(fastifyMetrics, {
    endpoint:
      metricsToken === undefined
        ? null
        : {
            url: '/metrics',
            method: 'GET',
            logLevel: 'warn',
            onRequest: requireToken(metricsToken),
            handler: () => undefined,
          },
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ['/metrics'],
      overrides: {
        histogram: { registers, buckets: DURATION_BUCKETS },
        summary: { registers },
      },
    },
  });
  if (metricsPort !== undefined) {
    const server = metricsListener(registry);
    app.metricsServer = server;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(metricsPort, config.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  }
}

export default fp(metricsPlugin, { name: 'shiplog-metrics', fastify: '5.x' });
