/**
 * Readers' search (issue 33 item 6; docs/api.md#readers-and-audiences-segments-summary-announcements, search):
 * `GET /api/widget/{slug}/search?q=` ranks by full-text search (a title match above a body match),
 * answers in the widget's entry shape, at most 20, CORS `*`, `400` for an empty or over-long `q`, and
 * sees only what the reader may see (no drafts, internal entries, other projects, or entries for
 * segments the reader's token does not name). The public page has a search box, a plain GET form
 * whose results page works without JavaScript.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
let project: ProjectRow;
let headers: Record<string, string>;
let secret: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  const made = await server.project('pro');
  project = made.project;
  headers = made.headers;
  const entries: [string, Record<string, unknown>][] = [
    ['titleMatch', { title: 'Kangaroo mode', body: 'Jump around.', publish: true }],
    ['bodyMatch', { title: 'Other things', body: 'Also a small kangaroo tweak.', publish: true }],
    ['summaryMatch', { title: 'Pouches', body: 'x', summary: 'For every kangaroo.', publish: true }],
    ['draft', { title: 'Kangaroo draft', body: 'x' }],
    ['internal', { title: 'Kangaroo internal', body: 'x', visibility: 'internal', publish: true }],
    ['beta', { title: 'Kangaroo beta', body: 'x', segments: ['beta'], publish: true }],
    ['unrelated', { title: 'Wombat', body: 'Nothing else.', publish: true }],
  ];
  for (const [name, fields] of entries) ids[name] = (await postEntry(server.app, headers, fields)).id;
  const other = await server.project('pro');
  await postEntry(server.app, other.headers, { title: 'Kangaroo elsewhere', body: 'x', publish: true });
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/project/reader-secret', headers });
  expect(res.statusCode, res.body).toBe(201);
  secret = res.json().secret;
});
afterAll(() => server.close());

const search = (q: string, extra: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: `/api/widget/${project.slug}/search?q=${encodeURIComponent(q)}`,
    headers: extra,
  });

const tokenFor = (segments: string[]) =>
  new SignJWT({ segments })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('reader-1')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

describe('GET /api/widget/{slug}/search', () => {
  it('ranks a title match first, then summary, then body; only published external entries for everyone', async () => {
    const res = await search('kangaroo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const found = res.json().entries as { id: string }[];
    expect(found.map((e) => e.id)).toEqual([ids.titleMatch, ids.summaryMatch, ids.bodyMatch]);
    expect(res.json().entries[1]).toMatchObject({
      summary: 'For every kangaroo.',
      announce: false,
      url: expect.stringMatching(new RegExp(`/changelog/${project.slug}/pouches$`)),
    });
  });

  it("a reader whose token names the segment finds its entry; another reader's does not", async () => {
    const beta = await search('kangaroo', { 'x-shiplog-reader': await tokenFor(['beta']) });
    expect(beta.statusCode, beta.body).toBe(200);
    expect(beta.json().entries.map((e: { id: string }) => e.id)).toContain(ids.beta);
    // Their link to the whole entry opens for them: it carries a reader link token.
    const entry = beta.json().entries.find((e: { id: string }) => e.id === ids.beta);
    const link = new URL(entry.url);
    expect(link.searchParams.get('token')).toMatch(/^ey/);
    const opened = await server.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Kangaroo beta');
    // A reader's answer is theirs alone: never kept by a shared cache, and varied on the token.
    expect(beta.headers['cache-control']).toMatch(/^private/);
    expect(String(beta.headers.vary)).toMatch(/X-Shiplog-Reader/i);
    const anonymous = await search('kangaroo');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    const forged = await search('kangaroo', { 'x-shiplog-reader': 'not.a.token' });
    expect(forged.statusCode).toBe(401);
    const other = await search('kangaroo', { 'x-shiplog-reader': await tokenFor(['enterprise']) });
    expect(other.statusCode).toBe(200);
    expect(other.json().entries.map((e: { id: string }) => e.id)).not.toContain(ids.beta);
  });

  it('answers at most 20, and an empty list when nothing matches', async () => {
    for (let i = 0; i < 22; i++) await postEntry(server.app, headers, { title: `Koala ${i}`, publish: true });
    const many = await search('koala');
    expect(many.json().entries).toHaveLength(20);
    const none = await search('platypus');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ entries: [] });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['201 characters', 'k'.repeat(201)],
  ])('is 400 for a q that is %s', async (_name, q) => {
    const res = await search(q);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid');
  });

  it('ranks and filters the same in a project too large to read whole (through the GIN index)', async () => {
    const large = await server.project('pro');
    const id = large.project.id;
    await server.db.sql`
      insert into entries (id, project_id, title, slug, body, html, category, visibility, status, segments,
                           published_at)
      select 'ent_large' || g, ${id}, 'Routine ' || g, 'routine-' || g,
             case when g % 1000 = 0 then 'A wallaby tweak' else 'Routine work' end, '<p>x</p>', 'fix',
             'external', 'published', case when g = 3000 then '{beta}'::text[] else '{}'::text[] end,
             now() - g * interval '1 minute'
      from generate_series(1, 5001) g`;
    const title = await postEntry(server.app, large.headers, { title: 'Wallaby mode', publish: true });
    await server.db.sql`update entries set title = 'Wallaby beta' where id = 'ent_large3000'`;
    const res = await server.app.inject({ url: `/api/widget/${large.project.slug}/search?q=wallaby` });
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: { id: string }) => e.id)).toEqual([
      title.id,
      'ent_large1000',
      'ent_large2000',
      'ent_large4000',
      'ent_large5000',
    ]);
  });

  it("searches in the project's language, and a change of language re-indexes its entries", async () => {
    const made = await server.project('pro');
    const entry = await postEntry(server.app, made.headers, { title: 'Faster exporting', publish: true });
    const find = async (q: string) =>
      (await server.app.inject({ url: `/api/widget/${made.project.slug}/search?q=${q}` }))
        .json()
        .entries.map((e: { id: string }) => e.id);
    expect(await find('exports')).toEqual([]); // `simple`: no stemming
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/project',
      headers: made.headers,
      payload: { searchLanguage: 'english' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await find('exports')).toEqual([entry.id]);
    const later = await postEntry(server.app, made.headers, { title: 'Exported reports', publish: true });
    expect(await find('export')).toEqual(expect.arrayContaining([entry.id, later.id]));
  });

  it('is 400 without q and 404 for an unknown project', async () => {
    const missing = await server.app.inject({ method: 'GET', url: `/api/widget/${project.slug}/search` });
    expect(missing.statusCode).toBe(400);
    const unknown = await server.app.inject({ method: 'GET', url: '/api/widget/no-such-project/search?q=x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('is 401 for an identified project without a reader token', async () => {
    const closed = await server.project('pro');
    await postEntry(server.app, closed.headers, { title: 'Kangaroo private', publish: true });
    await server.db.sql`update projects set access = 'identified' where id = ${closed.project.id}`;
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/widget/${closed.project.slug}/search?q=kangaroo`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Kangaroo private');
  });
});

describe("the public page's search box", () => {
  it('is a labelled GET form to the search page, which lists the matches with their bodies', async () => {
    const page = await server.app.inject({ method: 'GET', url: `/changelog/${project.slug}` });
    expect(page.body).toMatch(/<form class="search" role="search" method="get" action="[^"]*\/search">/);
    expect(page.body).toContain('<label for="search-q">Search updates</label>');
    expect(page.body).toMatch(/<input id="search-q" name="q" type="search"/);

    const results = await server.app.inject({
      method: 'GET',
      url: `/changelog/${project.slug}/search?q=kangaroo`,
      headers: { accept: 'text/html' },
    });
    expect(results.statusCode).toBe(200);
    expect(results.headers['content-type']).toContain('text/html');
    expect(results.body).toContain('3 updates match “kangaroo”');
    expect(results.body).toContain('Kangaroo mode');
    expect(results.body).toContain('Also a small kangaroo tweak.');
    expect(results.body).not.toContain('Kangaroo beta');
    expect(results.body).not.toContain('Kangaroo draft');
    expect(results.body).toContain('value="kangaroo"');
  });

  it('shows the empty form without q; an entry titled "Search" does not take its address', async () => {
    const empty = await server.app.inject({ method: 'GET', url: `/changelog/${project.slug}/search` });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Search Project');
    const made = await postEntry(server.app, headers, { title: 'Search', publish: true });
    expect(made.slug).toBe('search-2');
  });
});
