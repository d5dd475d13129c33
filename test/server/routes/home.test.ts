import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { postEntry } from '../../helpers/create-entry.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

/** The `href` of every link of an HTML page, in order. */
function linksOf(html: string): string[] {
  const links: string[] = [];
  const walk = (node: any) => {
    if (node.name === 'a') links.push(node.attribs.href);
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html));
  return links;
}

it('GET / links the dashboard, the public changelogs, the API reference and its references, and shows a curl', async () => {
  const none = await server.app.inject('/');
  expect(none.statusCode).toBe(200);
  expect(none.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(none.body).toContain('None yet');

  // A project with a published external entry is listed; one with only a draft or an internal entry is not.
  const shown = await server.project('pro', 'acme');
  await postEntry(server.app, shown.headers, { title: 'Dark mode', publish: true });
  const drafts = await server.project('pro', 'drafts-only');
  await postEntry(server.app, drafts.headers, { title: 'Not yet' });
  const internal = await server.project('pro', 'internal-only');
  await postEntry(server.app, internal.headers, {
    title: 'Team notes',
    visibility: 'internal',
    publish: true,
  });

  const res = await server.app.inject('/');
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('https://changelog.test/api/v1/entries');
  expect(res.body).toContain('Idempotency-Key: release-1.4.0');
  expect(res.body).toContain('>Project acme</a>');
  const links = linksOf(res.body);
  expect(links).toEqual([
    '/app',
    '/changelog/acme',
    '/docs/',
    '/openapi.json',
    '/docs/errors',
    '/healthz',
    '/readyz',
  ]);
  for (const href of links) expect((await server.app.inject(href)).statusCode, href).toBe(200);
});
