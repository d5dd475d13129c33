/**
 * HTML pages carry a strict Content-Security-Policy and the other security headers (docs/configuration.md#configuration), and hold nothing that policy would block: no script, no inline style. The changelog
 * pages also allow `https:` images (issue 19 item 6), and nothing else.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';

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

/** The CSP header as directive → its sources (as sent, in order). */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

it("lets the changelog pages (project, entry, draft preview) show https: images and this origin's, nothing else", async () => {
  const { project, headers } = await server.project('pro');
  const image = '![A screenshot](https://images.example/shot.png)';
  await createEntry(server.app, headers, { title: 'With a picture', body: image, publish: true });
  const draft = await createEntry(server.app, headers, { title: 'Coming soon', body: image });
  const { previewUrl } = (await server.app.inject({ url: `/api/v1/entries/${draft}`, headers })).json().entry;
  const pages = [
    `/changelog/${project.slug}`,
    `/changelog/${project.slug}/with-a-picture`,
    String(previewUrl).replace('https://changelog.test', ''),
  ];
  for (const url of pages) {
    const res = await server.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('src="https://images.example/shot.png"');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src'], url).toEqual(["'self'", 'https:']);
    // The rest of the policy is the strict one, and the other headers are there.
    expect(csp, url).toMatchObject({
      'default-src': ["'none'"],
      'style-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
    });
    expect(csp['script-src'], url).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  }
  // Pages that show no entry keep images to this origin.
  for (const url of ['/', '/docs/errors']) {
    const res = await server.app.inject({ url, headers: { accept: 'text/html' } });
    expect(directives(res.headers['content-security-policy'])['img-src'], url).toEqual(["'self'"]);
  }
});
