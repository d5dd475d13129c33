/**
 * HTML pages carry a strict Content-Security-Policy and the other security headers (CONTRACT.md
 * "Operating"), and hold nothing that policy would block: no script, no inline style.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

it('sends CSP, nosniff and frame protection on every page, and the pages obey the policy', async () => {
  const pages = [
    '/',
    '/docs/errors',
    '/api/subscribe/confirm?token=unknown-token',
    '/api/unsubscribe?token=unknown.token',
  ];
  for (const url of pages) {
    const res = await server.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp, url).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/page.css">');
  }
  const css = await server.app.inject('/assets/page.css');
  expect(css.statusCode).toBe(200);
  expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  // JSON is not a document: the widget's hot path carries no page headers.
  const widget = await server.app.inject('/api/widget/nope');
  expect(widget.headers['content-security-policy']).toBeUndefined();
});
