import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROBLEM_CODES, ProblemSchema } from '../../../core/contract/problem.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

const REQUEST_ID_MODULE = join(import.meta.dirname, '../../../server/http/new-request-id.ts');

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

describe('health', () => {
  it('/healthz and /readyz answer 200 when the database answers', async () => {
    expect((await server.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('request ids', () => {
  it('every answer has its own X-Request-Id: `req_`, the process part and a count (docs/api.md#errors)', async () => {
    const ids: string[] = [];
    for (const url of ['/healthz', '/healthz', '/nope', '/api/widget/no-such-project'])
      ids.push(String((await server.app.inject(url)).headers['x-request-id']));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{12}[0-9a-z]+$/);
    // One process, one part drawn at random; the counts tell its requests apart.
    expect(new Set(ids.map((id) => id.slice(0, 16))).size).toBe(1);
  });

  it('differs between processes: the part each draws at start', () => {
    const draw = () =>
      execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        `import { newRequestId } from ${JSON.stringify(pathToFileURL(REQUEST_ID_MODULE).href)}; process.stdout.write(newRequestId())`,
      ]).toString();
    const [a, b] = [draw(), draw()];
    expect(a).toMatch(/^req_.{12}1$/);
    expect(a.slice(0, 16)).not.toBe(b.slice(0, 16));
  });
});

describe('problem documents', () => {
  it('404 for an unknown route, in problem form with a request id header', async () => {
    const res = await server.app.inject('/nope?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = ProblemSchema.parse(res.json());
    expect(problem).toMatchObject({
      status: 404,
      code: 'not_found',
      type: '/docs/errors#not_found',
      detail: 'No route for GET /nope',
    });
    expect(res.headers['x-request-id']).toBe(problem.requestId);
  });

  it('500 without leaking SQL, stack traces or paths', async () => {
    const { headers } = await server.project();
    await server.db.sql`alter table entries rename to entries_gone`;
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        type: '/docs/errors#internal',
        title: 'Internal server error',
        status: 500,
        detail: 'An unexpected error occurred',
        code: 'internal',
        requestId: expect.stringMatching(/^req_/),
      });
    } finally {
      await server.db.sql`alter table entries_gone rename to entries`;
    }
  });

  it('/docs/errors describes every code, with an anchor each', async () => {
    const res = await server.app.inject('/docs/errors');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const [code, meta] of Object.entries(PROBLEM_CODES)) {
      expect(res.body).toContain(`<section id="${code}">`);
      expect(res.body).toContain(`${meta.status} ${meta.title}`);
    }
    expect(Object.keys(PROBLEM_CODES)).toHaveLength(16);
  });
});
