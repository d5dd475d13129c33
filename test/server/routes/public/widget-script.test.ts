/**
 * The embed script's routes (issue "Embeddable widget", scope 1 and 6): `/widget.js` redirects, briefly
 * cached, to the content-hashed bundle, which is cached for a year; the committed bundle is what is
 * served; `/demo/{slug}` carries a strict CSP that still lets the widget run.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
let slug: string;
beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  ({ slug } = (await server.project('pro')).project);
});
afterAll(() => server.close());

describe('the widget script', () => {
  it('redirects /widget.js to the content-hashed bundle, which is immutable', async () => {
    const committed = await readFile(new URL('../../../../widget/dist/widget.js', import.meta.url));
    const hash = createHash('sha256').update(committed).digest('hex').slice(0, 16);
    const redirect = await server.app.inject({ method: 'GET', url: '/widget.js' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/widget.${hash}.js`);
    expect(redirect.headers['cache-control']).toBe('public, max-age=300');

    const bundle = await server.app.inject({ method: 'GET', url: `/widget.${hash}.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(bundle.rawPayload.equals(committed)).toBe(true);
    // No eval and no inline style: the bundle works under a strict host CSP.
    expect(committed.toString()).not.toMatch(/\beval\(|new Function\(|\.style\.|setAttribute\("style"/);

    const stale = await server.app.inject({ method: 'GET', url: '/widget.0123456789abcdef.js' });
    expect(stale.statusCode).toBe(404);
  });

  it('serves a demo page whose CSP allows this origin only, and 404 for an unknown project', async () => {
    const demo = await server.app.inject({ method: 'GET', url: `/demo/${slug}` });
    expect(demo.statusCode).toBe(200);
    const csp = String(demo.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(demo.body).toContain(`<script src="/widget.js" data-project="${slug}" async></script>`);
    const missing = await server.app.inject({
      method: 'GET',
      url: '/demo/nope',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    // Other pages keep their script-free CSP.
    const home = await server.app.inject({ method: 'GET', url: '/' });
    expect(String(home.headers['content-security-policy'])).not.toContain('script-src');
  });
});
