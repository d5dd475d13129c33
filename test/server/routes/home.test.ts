import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

it('GET / is a page that says what this server is, links its references, and how to create a project', async () => {
  const res = await server.app.inject('/');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('npx shiplog projects create --name');
  expect(res.body).toContain('https://changelog.test/api/v1');
  const links: string[] = [];
  const walk = (node: any) => {
    if (node.name === 'a') links.push(node.attribs.href);
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(res.body));
  expect(links).toEqual(['/docs/errors', '/healthz', '/readyz']);
  for (const href of links) expect((await server.app.inject(href)).statusCode).toBe(200);
});
