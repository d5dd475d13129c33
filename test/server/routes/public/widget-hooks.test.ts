/**
 * What runs for the widget's GET (bench/widget-throughput.ts, issue 36): nothing global but the
 * request id; CORS is its route's own hook (plugins/cors.ts); the anonymous reader of a public project
 * is answered by the route's hot path, before validation; no `onSend` or `onResponse` hook at all. A hook
 * added to the whole app (or a plugin registered on it with hooks of its own) fails this test: add it to
 * the scope or the routes that need it instead (fastify's Hooks reference: scope, onRoute, route-level
 * hooks). With metrics on, the metrics plugin's two hooks time it too (docs/deployment.md#metrics).
 * With logging off (`LOG_LEVEL=silent`) there is no logger at all, so no request builds a child of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

/** The hooks of `method path` by kind, as `printRoutes` lists them (names of the functions, in order). */
function hooksOf(app: FastifyInstance, path: string, method: string): Record<string, string[]> {
  const lines = app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  const at = lines.findIndex((line) => line.trimEnd().endsWith(`${path} (${method})`));
  expect(at, `${method} ${path}`).toBeGreaterThanOrEqual(0);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(at + 1)) {
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (!hook) break;
    hooks[hook[1]!] = (JSON.parse(hook[2]!) as string[]).map((name) => name.replace(/\(\)$/, ''));
  }
  return hooks;
}

describe("the widget GET's hooks", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({}, { workers: false });
  });
  afterAll(() => server.close());

  it('run nothing global but the request id before the hot path, and nothing after the answer', () => {
    const hooks = hooksOf(server.app, 'api/widget/:slug', 'GET');
    expect(hooks.onRequest).toEqual(['setRequestIdHeader', 'publicCorsHeaders', 'hotPath']);
    expect(hooks.onSend).toBeUndefined();
    expect(hooks.onResponse).toBeUndefined();
  });
});

describe('with metrics on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ METRICS_TOKEN: 'metrics-token-0123456789' }, { workers: false });
  });
  afterAll(() => server.close());

  it('the metrics hooks time it too, and nothing else joins', () => {
    const hooks = hooksOf(server.app, 'api/widget/:slug', 'GET');
    // fastify-metrics' timer starts (an arrow function, listed as anonymous) and is read when done.
    expect(hooks.onRequest).toEqual(['setRequestIdHeader', 'anonymous', 'publicCorsHeaders', 'hotPath']);
    expect(hooks.onResponse).toEqual(['anonymous']);
    expect(hooks.onSend).toBeUndefined();
  });
});

describe('the request logger', () => {
  it('is none with LOG_LEVEL=silent: a request builds no child logger (docs/configuration.md)', async () => {
    const server = await buildTestServer({ LOG_LEVEL: 'silent' }, { workers: false });
    try {
      // Fastify's stand-in when there is no logger hands itself out as every request's logger.
      expect(server.app.log.child({ reqId: 'req_1' })).toBe(server.app.log);
    } finally {
      await server.close();
    }
  });

  it('is a child of the app logger per request at any other level', async () => {
    const server = await buildTestServer({ LOG_LEVEL: 'warn' }, { workers: false });
    try {
      expect(server.app.log.child({ reqId: 'req_1' })).not.toBe(server.app.log);
    } finally {
      await server.close();
    }
  });
});
