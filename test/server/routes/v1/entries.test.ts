import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewToken } from '../../../../server/services/entries/preview-link.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';

let server: TestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await buildTestServer();
  ({ headers } = await server.project('pro'));
});
afterAll(() => server.close());

const post = (url: string, payload?: unknown, extra: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string, extra: Record<string, string> = headers) =>
  server.app.inject({ method: 'GET', url, headers: extra });

describe('POST /api/v1/entries', () => {
  it('creates a draft with the defaults, a Location header and a slug from the title', async () => {
    const res = await post('/api/v1/entries', {
      title: 'Dark mode for everyone',
      body: 'Toggle it in **Settings**.',
    });
    expect(res.statusCode).toBe(201);
    const { entry } = res.json();
    expect(entry).toEqual({
      id: expect.stringMatching(/^ent_[0-9a-z]{26}$/),
      slug: 'dark-mode-for-everyone',
      status: 'draft',
    });
    expect(res.headers.location).toBe(`https://changelog.test/api/v1/entries/${entry.id}`);

    const full = (await get(`/api/v1/entries/${entry.id}`)).json().entry;
    expect(full).toMatchObject({
      title: 'Dark mode for everyone',
      category: 'feature',
      visibility: 'external',
      version: null,
      status: 'draft',
      publishedAt: null,
      origin: 'api',
      source: null,
      editedAt: null,
      body: 'Toggle it in **Settings**.',
      html: '<p>Toggle it in <strong>Settings</strong>.</p>\n',
      reactions: {},
    });
    expect(full.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('publishes at creation with publish: true', async () => {
    const res = await post('/api/v1/entries', {
      title: 'v2 is out',
      body: 'x',
      version: '2.0.0',
      category: 'announcement',
      publish: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().entry.status).toBe('published');
    const full = (await get(`/api/v1/entries/${res.json().entry.id}`)).json().entry;
    expect(full.publishedAt).toMatch(/Z$/);
    expect(full.version).toBe('2.0.0');
  });

  it('makes slugs unique within the project, transliterated and at most 80 characters', async () => {
    const a = (await post('/api/v1/entries', { title: 'Straße & Café: Ünïcode', body: 'x' })).json().entry;
    const b = (await post('/api/v1/entries', { title: 'Straße & Café: Ünïcode', body: 'x' })).json().entry;
    const c = (await post('/api/v1/entries', { title: 'Straße & Café: Ünïcode', body: 'x' })).json().entry;
    expect([a.slug, b.slug, c.slug]).toEqual([
      'strasse-and-cafe-uenicode',
      'strasse-and-cafe-uenicode-2',
      'strasse-and-cafe-uenicode-3',
    ]);

    const long = 'word '.repeat(39);
    const l1 = (await post('/api/v1/entries', { title: long, body: 'x' })).json().entry;
    const l2 = (await post('/api/v1/entries', { title: long, body: 'x' })).json().entry;
    expect(l1.slug.length).toBeLessThanOrEqual(80);
    expect(l2.slug.length).toBeLessThanOrEqual(80);
    expect(l2.slug).toMatch(/-2$/);
    expect(l1.slug).toMatch(/^[a-z0-9-]+$/);

    const emoji = (await post('/api/v1/entries', { title: '🎉🎉🎉', body: 'x' })).json().entry;
    expect(emoji.slug).toBe(`entry-${emoji.id.slice(4)}`);
  });

  it('keeps slugs unique under concurrent creation of the same title', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/v1/entries', { title: 'Same title', body: 'x' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const slugs = new Set(results.map((r) => r.json().entry.slug));
    expect(slugs.size).toBe(8);
  });

  it('lists every failing field with a JSON Pointer, unknown fields included', async () => {
    const res = await post('/api/v1/entries', {
      title: 'x'.repeat(201),
      body: 42,
      category: 'bugfix',
      version: 'v'.repeat(41),
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const problem = res.json();
    expect(problem).toMatchObject({
      type: '/docs/errors#invalid',
      title: 'Invalid request',
      status: 400,
      code: 'invalid',
    });
    expect(problem.requestId).toMatch(/^req_/);
    expect(problem.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/body',
      '/category',
      '/colour',
      '/title',
      '/version',
    ]);
    expect(problem.errors.find((e: { pointer: string }) => e.pointer === '/title').detail).toBe(
      'Too big: expected string to have <=200 characters',
    );
  });

  it('rejects an empty title, a missing body and a body that is not an object', async () => {
    expect((await post('/api/v1/entries', { title: '   ', body: 'x' })).json().errors[0].pointer).toBe(
      '/title',
    );
    expect((await post('/api/v1/entries', { title: 'ok' })).json().errors[0].pointer).toBe('/body');
    const arr = await post('/api/v1/entries', [1, 2]);
    expect(arr.statusCode).toBe(400);
    expect(arr.json().errors[0].pointer).toBe('');
  });

  it('rejects NUL in a title and in a body, pointing at the field', async () => {
    const bad = await post('/api/v1/entries', { title: 'a\u0000b', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/title');
    const body = await post('/api/v1/entries', { title: 'NUL body', body: 'java\u0000script:' });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual([
      { pointer: '/body', detail: 'Must not contain NUL (U+0000) characters' },
    ]);
  });

  it('answers 415 for a non-JSON content type, 400 for malformed JSON, 413 past 1 MiB', async () => {
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('unsupported_media_type');

    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title": "x",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid');

    const big = await post('/api/v1/entries', { title: 'big', body: 'x'.repeat(1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large', status: 413 });
  });
});

describe('authentication and plans', () => {
  it('401 with WWW-Authenticate for a missing, malformed, unknown or revoked key', async () => {
    const missing = await get('/api/v1/entries', {});
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.json().code).toBe('unauthorized');

    for (const authorization of [
      'Basic abc',
      'Bearer nope',
      'Bearer shl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect((await get('/api/v1/entries', { authorization })).statusCode).toBe(401);
    }
    const { apiKey } = await server.project('pro');
    const tampered = apiKey.slice(0, 10) + (apiKey[10] === 'a' ? 'b' : 'a') + apiKey.slice(11);
    expect((await get('/api/v1/entries', { authorization: `Bearer ${tampered}` })).statusCode).toBe(401);

    const { ADMIN_COMMANDS } = await import('../../../../server/admin/admin-commands.ts');
    const other = await server.project('pro');
    const keys = JSON.parse(
      await ADMIN_COMMANDS['keys.list']!({ sql: server.db.sql }, { slug: other.project.slug, json: true }),
    );
    expect((await get('/api/v1/entries', other.headers)).statusCode).toBe(200);
    await ADMIN_COMMANDS['keys.revoke']!({ sql: server.db.sql }, { keyId: keys.keys[0].id });
    expect((await get('/api/v1/entries', other.headers)).statusCode).toBe(401);
  });

  it('records lastUsedAt and never stores or returns the key itself', async () => {
    const { project, apiKey, headers: h } = await server.project('business');
    await get('/api/v1/entries', h);
    const rows = await server.db.sql`select * from api_keys where project_id = ${project.id}`;
    expect(rows[0]!.lastUsedAt).toBeInstanceOf(Date);
    expect(rows[0]!.last4).toBe(apiKey.slice(-4));
    expect(JSON.stringify(rows)).not.toContain(apiKey.slice(4, 34));
  });

  it('402 upgrade_required on the free plan', async () => {
    const { headers: free, project } = await server.project('free');
    const res = await get('/api/v1/entries', free);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'upgrade_required', status: 402 });
    // The detail names the command that upgrades this very project.
    expect(res.json().detail).toContain(`npx shiplog projects update ${project.slug} --plan pro`);
  });

  it('sends no CORS headers on /api/v1', async () => {
    const res = await get('/api/v1/entries', { ...headers, origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/entries',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('entry lifecycle', () => {
  it('get, patch (a draft’s slug follows its title, html re-rendered), publish, publish again, unpublish, delete', async () => {
    const { id, slug: firstSlug } = (
      await post('/api/v1/entries', { title: 'Faster search', body: 'Old' })
    ).json().entry;
    expect(firstSlug).toBe('faster-search');

    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: {
        title: 'Much faster search',
        body: '`rg` is *fast*',
        version: 'v14.0.0',
        category: 'improvement',
      },
    });
    expect(patched.statusCode).toBe(200);
    // docs/api.md#generate-a-draft-from-commits-and-pull-requests: a draft's slug follows its title; "Titles": a version is stored without its `v`.
    const slug = 'much-faster-search';
    expect(patched.json().entry).toMatchObject({
      title: 'Much faster search',
      slug,
      html: '<p><code>rg</code> is <em>fast</em></p>\n',
      version: '14.0.0',
      category: 'improvement',
    });

    const published = await post(`/api/v1/entries/${id}/publish`);
    expect(published.statusCode).toBe(200);
    const first = published.json().entry;
    expect(first.status).toBe('published');

    const again = await post(`/api/v1/entries/${id}/publish`);
    expect(again.statusCode).toBe(200);
    expect(again.json().entry.publishedAt).toBe(first.publishedAt);

    const unpublished = await post(`/api/v1/entries/${id}/unpublish`);
    expect(unpublished.json().entry).toMatchObject({ status: 'draft', publishedAt: null });

    // The first publish froze the slug: public URLs never change, even for a draft again.
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { title: 'Search, but faster' },
    });
    expect(renamed.json().entry).toMatchObject({ title: 'Search, but faster', slug });

    const cleared = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { version: null },
    });
    expect(cleared.json().entry.version).toBeNull();

    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/v1/entries/${id}`, headers })).statusCode,
    ).toBe(204);
    const gone = await get(`/api/v1/entries/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('not_found');
  });

  it('rejects an empty or unknown PATCH', async () => {
    const { id } = (await post('/api/v1/entries', { title: 'Patch me', body: 'x' })).json().entry;
    const empty = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const slug = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { slug: 'new' },
    });
    expect(slug.json().errors[0]).toEqual({ pointer: '/slug', detail: 'Unknown field' });
  });

  it("404 for another project's entry on every route, and nothing changes", async () => {
    const { id } = (await post('/api/v1/entries', { title: 'Mine', body: 'x' })).json().entry;
    const other = await server.project('pro');
    const as = other.headers;
    const attempts = [
      server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers: as }),
      server.app.inject({
        method: 'PATCH',
        url: `/api/v1/entries/${id}`,
        headers: as,
        payload: { title: 'Theirs' },
      }),
      server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers: as }),
      server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/unpublish`, headers: as }),
      server.app.inject({ method: 'DELETE', url: `/api/v1/entries/${id}`, headers: as }),
      server.app.inject({ method: 'GET', url: '/api/v1/entries/ent_doesnotexist', headers }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await get(`/api/v1/entries/${id}`)).json().entry).toMatchObject({
      title: 'Mine',
      status: 'draft',
    });
  });

  it('gives a draft an expiring, unguessable preview link that shows it as readers will see it', async () => {
    const id = (await post('/api/v1/entries', { title: 'Coming soon', body: 'A **secret** feature.' })).json()
      .entry.id;
    const draft = (await get(`/api/v1/entries/${id}`)).json().entry;
    expect(draft.previewUrl).toMatch(
      new RegExp(`^https://changelog\\.test/changelog/[^/]+/preview/${id}\\.\\d+\\.[\\w-]+$`),
    );
    const path = draft.previewUrl.replace('https://changelog.test', '');
    const page = await server.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('<p>A <strong>secret</strong> feature.</p>');
    expect(page.body).not.toContain('rel="canonical"');

    // Forged, tampered, expired or another project's: 404.
    const [entryId, expires, signature] = path.split('/').at(-1)!.split('.');
    const stale = previewToken(
      server.app.shiplog.previewSecret,
      entryId!,
      new Date(Date.now() - 8 * 86_400_000),
    );
    const other = await server.project();
    const otherId = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/entries',
        headers: other.headers,
        payload: { title: 'Theirs', body: 'x' },
      })
    ).json().entry.id;
    const base = path.slice(0, path.lastIndexOf('/') + 1);
    for (const token of [
      `${entryId}.${Number(expires) + 3600}.${signature}`,
      `${otherId}.${expires}.${signature}`,
      stale,
      'nonsense',
    ]) {
      expect((await server.app.inject({ url: `${base}${token}` })).statusCode, token).toBe(404);
    }
    const theirs = (
      await server.app.inject({ url: `/api/v1/entries/${otherId}`, headers: other.headers })
    ).json().entry;
    expect(
      (await server.app.inject({ url: `${base}${theirs.previewUrl.split('/').at(-1)}` })).statusCode,
    ).toBe(404);

    // Published entries have a public page instead.
    const published = (
      await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers })
    ).json().entry;
    expect(published.previewUrl).toBeNull();
  });
});
