/**
 * A known path called with a method it does not have (docs/api.md#errors; RFC 9110 §15.5.6):
 * `405 method_not_allowed` as a problem document, with `Allow` listing the path's methods (HEAD with
 * GET, OPTIONS where the CORS preflight is answered), `X-Request-Id`, and CORS on public paths. The
 * expected `Allow` comes from the API document, not from the server's router: every operation's path,
 * called with every method that no operation matching that concrete path has. A path with no route
 * stays `404 not_found`.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../../core/contract/problem.ts';
import { useTestServer } from '../../helpers/build-server.ts';

const { server } = useTestServer({}, { workers: false, withProject: false });
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  document = (await server.app.inject({ url: '/openapi.json' })).json();
});

const TRIED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const OPERATION_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const isPublic = (path: string) => !path.startsWith('/api/v1/') && !path.startsWith('/api/dashboard/');

/** `/api/v1/entries/{id}/publish` → `/api/v1/entries/x/publish`. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x');

/** The methods of every documented path that `url` matches (`/entries/generate` is also `/entries/{id}`). */
function documentedMethods(url: string): Set<string> {
  const methods = new Set<string>();
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (!pattern.test(url)) continue;
    for (const m of OPERATION_METHODS) if (item?.[m]) methods.add(m.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  if (isPublic(url)) methods.add('OPTIONS');
  return methods;
}

/** Assert a 405 answer to `method url` whose `Allow` is `allowed`. */
async function expect405(method: (typeof TRIED)[number], url: string, allowed: Set<string>) {
  const res = await server.app.inject({ method, url, headers: { origin: 'https://site.example' } });
  const said = `${method} ${url}`;
  expect(res.statusCode, said).toBe(405);
  expect(new Set(String(res.headers.allow).split(', ')), said).toEqual(allowed);
  expect(res.headers['content-type'], said).toBe('application/problem+json; charset=utf-8');
  expect(res.headers['x-request-id'], said).toMatch(/^req_/);
  expect(res.headers['access-control-allow-origin'], said).toBe(isPublic(url) ? '*' : undefined);
  if (method === 'HEAD') return;
  const problem = ProblemSchema.parse(res.json());
  expect(problem, said).toMatchObject({
    type: '/docs/errors#method_not_allowed',
    status: 405,
    code: 'method_not_allowed',
    requestId: res.headers['x-request-id'],
  });
}

describe('405 method_not_allowed', () => {
  it('answers every operation path of the document called with a method it does not have', async () => {
    let tried = 0;
    const paths = Object.keys(document.paths ?? {});
    expect(paths.length).toBeGreaterThan(30);
    for (const template of paths) {
      const url = concrete(template);
      const allowed = documentedMethods(url);
      for (const method of TRIED.filter((m) => !allowed.has(m))) {
        await expect405(method, url, allowed);
        tried++;
      }
    }
    // Every one of the document's paths lacks some method: each was tried at least once.
    expect(tried).toBeGreaterThanOrEqual(paths.length);
    console.info(`405: ${paths.length} paths of the document, ${tried} path × method calls`);
  });

  it('answers the routes outside the document alike (the dashboard API, the app)', async () => {
    await expect405('POST', '/api/dashboard/session', new Set(['GET', 'HEAD']));
    await expect405('PUT', '/api/dashboard/projects/x', new Set(['GET', 'HEAD', 'PATCH', 'DELETE']));
    await expect405('DELETE', '/app/p/x/entries', new Set(['GET', 'HEAD', 'OPTIONS']));
  });

  it('keeps a path with no route a 404, without Allow', async () => {
    const unknown = [
      '/nope',
      '/api/v1/nope',
      '/api/v1/entries/x/y/z',
      '/api/widget',
      '/api/widget/x/',
      '/docs/x',
    ];
    for (const url of unknown) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await server.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers.allow, `${method} ${url}`).toBeUndefined();
        expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
      }
    }
  });

  it('answers an OPTIONS that is no CORS preflight like any other method: 204 with Allow, never 400 text/plain', async () => {
    let tried = 0;
    for (const template of Object.keys(document.paths ?? {}).filter(isPublic)) {
      const url = concrete(template);
      const allowed = documentedMethods(url);
      for (const extra of [{}, { origin: 'https://site.example' }]) {
        const res = await server.app.inject({ method: 'OPTIONS', url, headers: extra });
        const said = `OPTIONS ${url} ${JSON.stringify(extra)}`;
        expect(res.statusCode, said).toBe(204);
        expect(new Set(String(res.headers.allow).split(', ')), said).toEqual(allowed);
        expect(res.headers['access-control-allow-origin'], said).toBe('*');
        expect(res.body, said).toBe('');
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(20);
    // A preflight is still a preflight; a path with no route is still 404, as a problem document.
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/reactions',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    const unknown = await server.app.inject({ method: 'OPTIONS', url: '/api/widget/x/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
