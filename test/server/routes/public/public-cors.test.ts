/**
 * CORS on the public paths however their answer is made (docs/api.md#authentication-plans-rate-limit,
 * plugins/cors.ts): a route's own answer (the widget from the database and from memory, its HEAD, a
 * page, the stylesheet), an error a scope's hook raises before the route's own hooks run (the one-click
 * unsubscribe's 413 on a declared length), a 404 with no route at all. `Access-Control-Allow-Origin`
 * is the constant `*`, so no answer varies by `Origin`. Never on /api/v1 or /api/dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
let slug: string;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  ({ headers } = await server.project('pro'));
  const made = await server.project('pro');
  slug = made.project.slug;
  await createEntry(server.app, made.headers, { title: 'Shipped', publish: true });
});
afterAll(() => server.close());

const ORIGIN = { origin: 'https://customer.example' };

function expectPublicCors(res: { headers: Record<string, unknown> }, said: string): void {
  expect(res.headers['access-control-allow-origin'], said).toBe('*');
  expect(res.headers['access-control-expose-headers'], said).toBe(
    'ETag, Retry-After, RateLimit, RateLimit-Policy',
  );
  expect(res.headers['access-control-allow-credentials'], said).toBeUndefined();
  expect(String(res.headers.vary ?? ''), said).not.toMatch(/origin/i);
}

describe('CORS on public paths', () => {
  it("on a route's own answers: the widget (from the database, then from memory), HEAD, pages, the stylesheet", async () => {
    for (const [method, url] of [
      ['GET', `/api/widget/${slug}`],
      ['GET', `/api/widget/${slug}`],
      ['HEAD', `/api/widget/${slug}`],
      ['GET', `/api/feeds/${slug}/rss`],
      ['GET', '/'],
      ['GET', '/assets/page.css'],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: ORIGIN });
      expect(res.statusCode, `${method} ${url}`).toBe(200);
      expectPublicCors(res, `${method} ${url}`);
    }
  });

  it("on an error raised before the route's own hooks run, and on a path with no route", async () => {
    // The one-click form's scope refuses a declared length over 4 KiB in its own onRequest hook.
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=x',
      headers: { ...ORIGIN, 'content-type': 'multipart/form-data; boundary=b', 'content-length': '5000' },
      payload: 'x'.repeat(5000),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectPublicCors(tooLarge, '413');
    for (const url of ['/api/widget/no-such-project', '/no/such/route']) {
      const res = await server.app.inject({ url, headers: ORIGIN });
      expect(res.statusCode, url).toBe(404);
      expectPublicCors(res, url);
    }
  });
});

describe('no CORS on the key and dashboard APIs', () => {
  it('neither on their answers nor on their errors', async () => {
    for (const [url, h, status] of [
      ['/api/v1/entries', headers, 200],
      ['/api/v1/entries', {}, 401],
      ['/api/v1/no-such-route', headers, 404],
      ['/api/dashboard/session', {}, 401],
    ] as const) {
      const res = await server.app.inject({ url, headers: { ...ORIGIN, ...h } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
