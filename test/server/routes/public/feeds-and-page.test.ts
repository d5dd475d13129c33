/**
 * Feeds and the public changelog page (docs/api.md#feeds-and-the-public-changelog-page): RSS, Atom and JSON Feed parsed
 * back with an independent parser, ETag/304, the internal entry and drafts absent everywhere, a change
 * visible at once; the page with its entries, subscribe form, feed links and canonical tags.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createEntry } from '../../../helpers/create-entry.ts';

let server: TestServer;
let slug: string;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await buildTestServer();
  const created = await server.project('pro');
  slug = created.project.slug;
  headers = created.headers;
  await createEntry(server.app, headers, { title: 'Draft only', body: 'secret draft' });
  await createEntry(server.app, headers, {
    title: 'Internal note',
    body: 'secret internal',
    visibility: 'internal',
    publish: true,
  });
  await createEntry(server.app, headers, {
    title: 'Dark mode',
    body: 'Toggle it in **Settings**.',
    version: '1.4.0',
    publish: true,
  });
  await createEntry(server.app, headers, {
    title: 'Faster sync',
    body: 'Twice as fast.',
    category: 'improvement',
    publish: true,
  });
});
afterAll(() => server.close());

const get = (url: string, extra: Record<string, string> = {}) => server.app.inject({ url, headers: extra });

describe('feeds', () => {
  it('serve RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the published external entries, with links to the page', async () => {
    for (const [format, type] of [
      ['rss', 'application/rss+xml; charset=utf-8'],
      ['atom', 'application/atom+xml; charset=utf-8'],
    ] as const) {
      const res = await get(`/api/feeds/${slug}/${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const feed = parseFeed(res.body);
      expect(feed.items.map((i) => i.title)).toEqual(['Faster sync', '1.4.0: Dark mode']);
      expect(feed.items[1]!.url).toBe(`https://changelog.test/changelog/${slug}/dark-mode`);
      expect(feed.items[1]!.content).toContain('<strong>Settings</strong>');
      expect(res.body).not.toMatch(/secret|Internal note|Draft only/);
    }
    const json = await get(`/api/feeds/${slug}/json`);
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const doc = json.json();
    // JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): the required members and their types.
    const JsonFeed = z.object({
      version: z.literal('https://jsonfeed.org/version/1.1'),
      title: z.string().min(1),
      home_page_url: z.url().optional(),
      feed_url: z.url().optional(),
      items: z.array(
        z
          .object({
            id: z.string().min(1),
            url: z.url().optional(),
            title: z.string().optional(),
            content_html: z.string().optional(),
            content_text: z.string().optional(),
            date_published: z.iso.datetime({ offset: true }).optional(),
          })
          .refine((item) => item.content_html !== undefined || item.content_text !== undefined),
      ),
    });
    expect(JsonFeed.safeParse(doc).success, JSON.stringify(JsonFeed.safeParse(doc).error?.issues)).toBe(true);
    expect(doc.title).toEqual(expect.any(String));
    expect(doc.items.map((i: { title: string }) => i.title)).toEqual(['Faster sync', '1.4.0: Dark mode']);
    for (const item of doc.items) {
      expect(item.id).toEqual(expect.any(String));
      expect(item.content_html).toEqual(expect.any(String));
    }
    expect(json.body).not.toMatch(/secret/);
  });

  it('answer 304 to If-None-Match, change at once after a publish, and 404 an unknown project or format', async () => {
    const first = await get(`/api/feeds/${slug}/atom`);
    const etag = String(first.headers.etag);
    expect((await get(`/api/feeds/${slug}/atom`, { 'if-none-match': etag })).statusCode).toBe(304);
    await createEntry(server.app, headers, { title: 'Brand new', publish: true });
    const after = await get(`/api/feeds/${slug}/atom`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parseFeed(after.body).items[0]!.title).toBe('Brand new');
    expect((await get('/api/feeds/nope/rss')).statusCode).toBe(404);
    expect((await get(`/api/feeds/${slug}/xml`)).statusCode).toBe(404);
  });
});

describe('feed dates', () => {
  it('date each item by its publication (RSS pubDate, Atom published, JSON date_published) and its last change', async () => {
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers,
      payload: { releases: [{ version: '0.9.0', publishedAt: '2023-01-02T03:04:05Z', notes: '- Dated.' }] },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const { id, slug: entrySlug } = imported.json().entries[0];
    const published = '2023-01-02T03:04:05.000Z';
    const datesOf = async () => {
      const link = `https://changelog.test/changelog/${slug}/${entrySlug}`;
      const json = (await get(`/api/feeds/${slug}/json`)).json();
      const item = json.items.find((i: { id: string }) => i.id === link);
      const atom = parseFeed((await get(`/api/feeds/${slug}/atom`)).body).items.find((i) => i.id === link)!;
      const rss = parseFeed((await get(`/api/feeds/${slug}/rss`)).body).items.find((i) => i.url === link)!;
      return {
        json: [item.date_published, item.date_modified],
        atom: [atom.published?.toISOString(), atom.updated?.toISOString()],
        rss: rss.published?.toISOString(),
      };
    };
    const first = await datesOf();
    expect(first.json[0]).toBe(published);
    expect(first.atom[0]).toBe(published);
    // RFC 822 dates carry whole seconds.
    expect(first.rss).toBe(published);
    // Imported now: changed after it was published.
    expect(Date.parse(first.json[1])).toBeGreaterThan(Date.parse(published));
    expect(first.atom[1]).toBe(first.json[1]);

    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { body: '- Dated, and edited.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await datesOf();
    expect(after.json[0]).toBe(published);
    expect(after.atom[0]).toBe(published);
    expect(after.json[1]).toBe(edited.json().entry.updatedAt);
    expect(Date.parse(after.json[1])).toBeGreaterThan(Date.parse(first.json[1]));
  });
});

describe('the changelog page', () => {
  it('lists the public entries with their category, version and date, a subscribe form and feed links', async () => {
    const res = await get(`/changelog/${slug}`, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const doc = parseDocument(res.body);
    const all = (name: string, where: (a: Record<string, string>) => boolean = () => true) => {
      const found: Record<string, string>[] = [];
      const walk = (n: any) => {
        if (n.name === name && where(n.attribs)) found.push(n.attribs);
        for (const c of n.children ?? []) walk(c);
      };
      walk(doc);
      return found;
    };
    expect(all('link', (a) => a.rel === 'alternate').map((a) => a.href)).toEqual([
      `https://changelog.test/api/feeds/${slug}/rss`,
      `https://changelog.test/api/feeds/${slug}/atom`,
      `https://changelog.test/api/feeds/${slug}/json`,
    ]);
    expect(all('link', (a) => a.rel === 'canonical')[0]!.href).toBe(
      `https://changelog.test/changelog/${slug}`,
    );
    expect(all('meta', (a) => a.property === 'og:title')).toHaveLength(1);
    expect(all('form')[0]).toMatchObject({ method: 'post', action: '/api/subscribe' });
    expect(res.body).toContain('<time datetime="');
    expect(res.body).toContain('<span class="version">1.4.0</span>');
    expect(res.body).toContain('<p>Toggle it in <strong>Settings</strong>.</p>');
    expect(res.body).not.toMatch(/secret|Internal note|Draft only/);
    expect(res.body).not.toMatch(/<script|\sstyle=/);
    const css = await get(`/changelog/${slug}/theme.css`);
    expect(css.body).toBe(':root{--accent:#2563eb}\n');
  });

  it('has a page per entry with its own canonical URL, and 404s what is not public', async () => {
    const res = await get(`/changelog/${slug}/dark-mode`, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="https://changelog.test/changelog/${slug}/dark-mode">`,
    );
    expect(res.body).toContain('<meta name="description" content="Toggle it in Settings.">');
    expect((await get(`/changelog/${slug}/internal-note`, { accept: 'text/html' })).statusCode).toBe(404);
    expect((await get(`/changelog/${slug}/draft-only`)).json().code).toBe('not_found');
    expect((await get('/changelog/nope', { accept: 'text/html' })).statusCode).toBe(404);
  });

  it('subscribes from the page’s form and answers a browser with a page', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `project=${slug}&email=reader%40example.com`,
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Check your inbox');
  });
});
