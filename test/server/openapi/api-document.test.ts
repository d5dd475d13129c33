/**
 * The API document (/openapi.json) itself: valid OpenAPI 3.1, with exactly the server's routes (every
 * route declared on the server is in it, but the few NOT_IN_DOCUMENT name, and nothing else is), and
 * every operation described: an id, a success response, problem responses, who may call it.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_IN_DOCUMENT } from '../../../server/plugins/openapi.ts';
import { useTestServer } from '../../helpers/build-server.ts';

const { server } = useTestServer({}, { workers: false });
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  const res = await server.app.inject({ url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json();
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** `/api/v1/entries/:id` → `/api/v1/entries/{id}`; `/widget.:hash.js` → `/widget.{hash}.js`. */
const toTemplate = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const operations = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => ({ name: `${m.toUpperCase()} ${path}`, op: item![m]! })),
  );

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has exactly the server's routes, but the few that are not API", () => {
    const declared = server.app.declaredRoutes
      .filter((r) => !NOT_IN_DOCUMENT.some((pattern) => pattern.test(r.url)))
      .map((r) => `${r.method} ${toTemplate(r.url)}`);
    expect(declared.length).toBeGreaterThan(40);
    expect(new Set(operations().map((o) => o.name))).toEqual(new Set(declared));
  });

  it('describes every operation: a unique id, a success, its problems, who may call it', () => {
    const ids = new Set<string>();
    for (const { name, op } of operations()) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${name}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, name).toBeTruthy();
      const statuses = Object.keys(op.responses ?? {});
      expect(
        statuses.some((s) => /^[23]/.test(s)),
        `${name} declares no success`,
      ).toBe(true);
      const problem = op.responses?.default as OpenAPIV3_1.ResponseObject | undefined;
      expect(problem?.content?.['application/problem+json']?.schema, name).toEqual({
        $ref: '#/components/schemas/Problem',
      });
      expect(op.security, `${name} says who may call it`).toBeDefined();
    }
  });

  it('names 503 service_unavailable on every operation that needs the database, and only there', () => {
    // What reads nothing from the database: liveness, the error codes, the widget's script.
    const databaseFree = ['GET /healthz', 'GET /docs/errors', 'GET /widget.js', 'GET /widget.{hash}.js'];
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    for (const { name, op } of ops) {
      const unavailable = op.responses?.['503'] as OpenAPIV3_1.ResponseObject | undefined;
      if (databaseFree.includes(name)) {
        expect(unavailable, name).toBeUndefined();
        continue;
      }
      // Readiness answers its own body: not ready, the database unreachable.
      const expected = name === 'GET /readyz' ? /database cannot be reached/ : /`service_unavailable`/;
      expect(unavailable?.description, name).toMatch(expected);
    }
    const generate = ops.find((o) => o.name === 'POST /api/v1/entries/generate')!.op;
    expect((generate.responses?.['503'] as OpenAPIV3_1.ResponseObject).description).toMatch(
      /`ai_unavailable`.*`service_unavailable`/,
    );
    const list = ops.find((o) => o.name === 'GET /api/v1/entries')!.op;
    expect((list.responses?.['503'] as OpenAPIV3_1.ResponseObject).description).not.toMatch(/ai_unavailable/);
  });

  it('lets /api/v1 be called with a key or the session (with the CSRF header on changes)', () => {
    const v1 = operations().filter((o) => o.name.includes(' /api/v1/'));
    expect(v1.length).toBeGreaterThan(10);
    for (const { name, op } of v1) {
      const changes = !name.startsWith('GET ');
      expect(op.security, name).toEqual([
        { apiKey: [] },
        { session: [], ...(changes ? { csrf: [] } : {}), project: [] },
      ]);
      for (const status of ['401', '402', '403', '429'])
        expect(Object.keys(op.responses ?? {}), name).toContain(status);
    }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'apiKey',
      'csrf',
      'project',
      'session',
    ]);
  });

  it('describes the outbound webhook, with its Standard Webhooks headers', () => {
    const post = (document.webhooks?.['entry.published'] as OpenAPIV3_1.PathItemObject | undefined)?.post;
    expect(post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } },
    });
    expect(post?.parameters?.map((p: unknown) => (p as OpenAPIV3_1.ParameterObject).name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(document.components?.schemas?.WebhookEvent).toMatchObject({
      properties: { type: { const: 'entry.published' } },
    });
  });
});
