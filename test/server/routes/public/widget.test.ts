import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMANDS } from '../../../../server/admin/admin-commands.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

const widget = (slug: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/widget/${slug}`, headers });

const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
  createEntry(server.app, headers, body);

describe('GET /api/widget/{slug}', () => {
  it('serves the project and its published external entries, with the exact headers', async () => {
    const { project, headers } = await server.project('pro');
    await create(headers, { title: 'Draft', body: 'no' });
    await create(headers, { title: 'Internal', visibility: 'internal', publish: true });
    await create(headers, {
      title: 'Shipped',
      body: '**Bold** move',
      version: '1.2.0',
      category: 'improvement',
      publish: true,
    });

    const res = await widget(project.slug, { origin: 'https://customer.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    // A script on the customer's site can read what it needs to revalidate and to back off.
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/).sort()).toEqual([
      'ETag',
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
    ]);
    expect(res.headers['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=300');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The second answer comes from memory (the hot path) with the very same headers and bytes.
    const again = await widget(project.slug, { origin: 'https://customer.example' });
    const { date: _d1, 'x-request-id': _r1, ...first } = res.headers;
    const { date: _d2, 'x-request-id': _r2, ...second } = again.headers;
    expect(second).toEqual(first);
    expect(again.body).toBe(res.body);
    const body = res.json();
    expect(body.project).toEqual({
      name: project.name,
      slug: project.slug,
      settings: { accent: '#2563eb', position: 'bottom-right', theme: 'auto' },
      branding: false,
      subscribe: true,
    });
    expect(body.entries).toEqual([
      {
        id: expect.any(String),
        title: 'Shipped',
        version: '1.2.0',
        category: 'improvement',
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        html: '<p><strong>Bold</strong> move</p>\n',
        summary: null,
        announce: false,
        reactions: { '👍': 0, '🎉': 0, '❤️': 0, '🚀': 0, '👀': 0 },
        url: `https://changelog.test/changelog/${project.slug}/shipped`,
        locale: 'en',
      },
    ]);
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toBe('X-Shiplog-Reader, Accept-Language');
  });

  it('shows at most the 20 newest, and branding on the free plan only', async () => {
    const { project, headers } = await server.project('pro');
    for (let i = 0; i < 23; i++) await create(headers, { title: `Release ${i}`, publish: true });
    const entries = widget(project.slug).then((r) => r.json().entries);
    const titles = (await entries).map((e: { title: string }) => e.title);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Release 22');
    expect(titles[19]).toBe('Release 3');

    // As `shiplog projects update` runs it inside the server (admin socket).
    const admin = {
      sql: server.db.sql,
      projectChanged: (id: string) => server.app.shiplog.widgetCache.invalidate(id),
    };
    await ADMIN_COMMANDS['projects.update']!(admin, {
      slug: project.slug,
      plan: 'free',
      accent: '#ff0066',
      position: 'top-left',
      theme: 'dark',
    });
    const free = (await widget(project.slug)).json().project;
    expect(free.branding).toBe(true);
    expect(free.settings).toEqual({ accent: '#ff0066', position: 'top-left', theme: 'dark' });
  });

  it('answers If-None-Match with 304, and a changed widget with a new ETag', async () => {
    const { project, headers } = await server.project('business');
    await create(headers, { title: 'One', publish: true });
    const first = await widget(project.slug);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const notModified = await widget(project.slug, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['access-control-allow-origin']).toBe('*');
    expect((await widget(project.slug, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    await create(headers, { title: 'Two', publish: true });
    const changed = await widget(project.slug, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('reflects publish, edit, unpublish and delete in the very next response', async () => {
    const { project, headers } = await server.project('pro');
    const titles = async () =>
      (await widget(project.slug)).json().entries.map((e: { title: string }) => e.title);
    const id = await create(headers, { title: 'Hidden' });
    expect(await titles()).toEqual([]);

    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    expect(await titles()).toEqual(['Hidden']);

    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { title: 'Renamed' },
    });
    expect(await titles()).toEqual(['Renamed']);

    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { visibility: 'internal' },
    });
    expect(await titles()).toEqual([]);
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { visibility: 'external' },
    });
    expect(await titles()).toEqual(['Renamed']);

    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/unpublish`, headers });
    expect(await titles()).toEqual([]);

    await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers });
    expect(await titles()).toEqual(['Renamed']);
    await server.app.inject({ method: 'DELETE', url: `/api/v1/entries/${id}`, headers });
    expect(await titles()).toEqual([]);
  });

  it('404 not_found in problem form for an unknown slug, still with CORS', async () => {
    const res = await widget('no-such-project', { origin: 'https://customer.example' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404, type: '/docs/errors#not_found' });
  });

  it('answers a CORS preflight without credentials', async () => {
    const { project } = await server.project('pro');
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: `/api/widget/${project.slug}`,
      headers: { origin: 'https://customer.example', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
