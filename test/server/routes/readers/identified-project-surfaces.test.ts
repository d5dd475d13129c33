/**
 * An `identified` project says nothing of itself to an anonymous caller (docs/readers.md#what-an-identified-reader-gets: its widget, feeds, page and search answer `401` without a valid reader token, and
 * nothing of it is listed anywhere public): not its name on the widget's demo page, not its name in
 * a confirmation email to whoever subscribes an address to it (an identified project emails no one).
 * And tokens signed otherwise than HS256 with the secret, or with claims of the wrong type, are 401.
 */
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
const NAME = 'Acme Private Beta';
let secret: string;

beforeAll(async () => {
  secret = await createReaderSecret(server, headers);
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { name: NAME, access: 'identified' },
  });
  expect(res.statusCode, res.body).toBe(200);
});

const slug = () => owner.project.slug;

describe('an identified project, to an anonymous caller', () => {
  it('has no demo page that names it (401, as its widget)', async () => {
    for (const accept of ['text/html', 'application/json']) {
      const res = await server.app.inject({ url: `/demo/${slug()}`, headers: { accept } });
      expect(res.statusCode, accept).toBe(401);
      expect(res.body).not.toContain(NAME);
    }
    const token = await signReaderToken(secret, { sub: 'u1' });
    const reader = await server.app.inject({ url: `/demo/${slug()}?token=${token}` });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toContain(NAME);
  });

  it("has no stylesheet that tells it exists (401); its page's stylesheet link opens for its reader", async () => {
    await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/project',
      headers,
      payload: { accent: '#a1b2c3' },
    });
    const anonymous = await server.app.inject({ url: `/changelog/${slug()}/theme.css` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    expect(anonymous.body).not.toContain('#a1b2c3');
    const token = await signReaderToken(secret, { sub: 'u1' });
    const page = await server.app.inject({ url: `/changelog/${slug()}?token=${token}` });
    expect(page.statusCode).toBe(200);
    const href = /<link rel="stylesheet" href="([^"]*theme\.css[^"]*)"/.exec(page.body)![1]!;
    const css = await server.app.inject({ url: href.replace(/&amp;/g, '&') });
    expect(css.statusCode, href).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('private, no-cache');
    expect(css.body).toContain('#a1b2c3');
    // An unknown project's stylesheet is still 404.
    expect((await server.app.inject({ url: '/changelog/no-such-project-x/theme.css' })).statusCode).toBe(404);
  });

  it("answers a browser's search of its page with a page saying so (401), as its other pages", async () => {
    const res = await server.app.inject({
      url: `/changelog/${slug()}/search?q=x`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('This changelog is for signed-in readers');
    expect(res.body).not.toContain(NAME);
  });

  it("tells its readers' widget that there is no email subscription (no form to fail)", async () => {
    const token = await signReaderToken(secret, { sub: 'u1' });
    const res = await server.app.inject({
      url: `/api/widget/${slug()}`,
      headers: { 'x-shiplog-reader': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().project.subscribe).toBe(false);
  });

  it('takes no subscription (401): nothing is stored, no email names it', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { project: slug(), email: 'stranger@example.com' },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    const rows = await server.db.sql`select 1 from subscribers where project_id = ${owner.project.id}`;
    expect(rows).toHaveLength(0);
  });
});

describe("an identified reader's page", () => {
  it('offers no email subscription, which the project would refuse; a public page does', async () => {
    const token = await signReaderToken(secret, { sub: 'u1' });
    for (const path of ['', '/search', '/search?q=x']) {
      const url = `/changelog/${slug()}${path}${path.includes('?') ? '&' : '?'}token=${token}`;
      const res = await server.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('action="/api/subscribe"');
    }
    const open = await server.project('pro');
    const page = await server.app.inject({ url: `/changelog/${open.project.slug}` });
    expect(page.body).toContain('action="/api/subscribe"');
  });
});

describe("an identified reader's feeds", () => {
  it("link each item to a page that opens for them (their token), its id staying the page's", async () => {
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Feed item', body: 'x', publish: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await signReaderToken(secret, { sub: 'u1' });
    const widget = await server.app.inject({
      url: `/api/widget/${slug()}`,
      headers: { 'x-shiplog-reader': token },
    });
    const link = new URL(widget.json().links.json);
    const feed = await server.app.inject({ url: link.pathname + link.search });
    expect(feed.statusCode).toBe(200);
    const item = feed.json().items.find((i: { title: string }) => i.title === 'Feed item');
    expect(item.id).toBe(`https://changelog.test/changelog/${slug()}/${made.json().entry.slug}`);
    const page = new URL(item.url);
    const res = await server.app.inject({ url: page.pathname + page.search });
    expect(res.statusCode, item.url).toBe(200);
    expect(res.body).toContain('Feed item');
  });
});

describe('a reaction on an entry of an identified project that no reader sees', () => {
  it('is 404 as for an unknown id (a draft, an internal entry), with no token or a foreign one', async () => {
    const make = async (payload: object) => {
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/entries', headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().entry.id as string;
    };
    const draft = await make({ title: 'Unannounced plan', body: 'x' });
    const internal = await make({ title: 'Internal', body: 'x', visibility: 'internal', publish: true });
    const other = await server.project('pro');
    const foreign = await signReaderToken(await createReaderSecret(server, other.headers), { sub: 'u9' });
    for (const entryId of [draft, internal, 'ent_01jdzzzzzzzzzzzzzzzzzzzzzz']) {
      for (const extra of [{}, { 'x-shiplog-reader': foreign }]) {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/reactions',
          headers: extra,
          payload: { entryId, emoji: '👍', anonymousId: 'device-aaaa' },
        });
        expect(res.statusCode, `${entryId} ${JSON.stringify(extra)}`).toBe(404);
      }
    }
  });
});

describe('reader tokens signed otherwise', () => {
  const widget = (token: string) =>
    server.app.inject({ url: `/api/widget/${slug()}`, headers: { 'x-shiplog-reader': token } });
  const key = () => new TextEncoder().encode(secret);
  const exp = () => Math.floor(Date.now() / 1000) + 3600;

  it.each([
    [
      'alg none',
      async () => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'u1', exp: exp() })}.`;
      },
    ],
    [
      'HS512 with the secret',
      async () =>
        new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(exp()).sign(key()),
    ],
    ['sub a number', async () => signReaderToken(secret, { sub: 42 as unknown as string })],
    ['exp a string', async () => signReaderToken(secret, { sub: 'u1', exp: String(exp()) }, null)],
    ['a NUL in sub', async () => signReaderToken(secret, { sub: 'u\u00001' })],
    ['a NUL in a segment', async () => signReaderToken(secret, { sub: 'u1', segments: ['be\u0000ta'] })],
    [
      'name an object',
      async () => signReaderToken(secret, { sub: 'u1', name: { a: 1 } as unknown as string }),
    ],
  ])('%s is 401', async (_why, make) => {
    const res = await widget(await make());
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});
