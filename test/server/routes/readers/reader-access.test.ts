/**
 * Access `identified` (docs/readers.md#access): the widget, the feeds, the page,
 * reactions and analytics answer `401` to anonymous readers, and to a reader with a token, what a
 * public project would; the widget's links carry the reader's token so the page opens for them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
let token: string;
let entryId: string;
let entrySlug: string;

beforeAll(async () => {
  const secret = await createReaderSecret(server, headers);
  token = await signReaderToken(secret, { sub: 'customer-7' });
  const entry = (
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'For customers', body: 'Only them', publish: true },
    })
  ).json().entry;
  entryId = entry.id;
  entrySlug = entry.slug;
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { access: 'identified' },
  });
  expect(res.statusCode).toBe(200);
});

const slug = () => owner.project.slug;
const reader = () => ({ 'x-shiplog-reader': token });

describe('an identified project', () => {
  it('answers 401 to an anonymous widget, feed and page, and 200 with a token', async () => {
    const urls = [
      `/api/widget/${slug()}`,
      `/api/feeds/${slug()}/rss`,
      `/api/feeds/${slug()}/json`,
      `/changelog/${slug()}`,
      `/changelog/${slug()}/${entrySlug}`,
    ];
    for (const url of urls) {
      const anonymous = await server.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code).toBe('unauthorized');
      const withToken = await server.app.inject({ url: `${url}?token=${encodeURIComponent(token)}` });
      expect(withToken.statusCode, url).toBe(200);
      expect(withToken.headers['cache-control'], url).toMatch(/^private/);
      expect(withToken.body).toContain('For customers');
    }
  });

  it('shows a browser a page saying so (401), not a problem document', async () => {
    const res = await server.app.inject({ url: `/changelog/${slug()}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('This changelog is for signed-in readers');
  });

  it('answers 404 for an unknown slug still, with or without a token', async () => {
    expect((await server.app.inject({ url: '/api/widget/no-such-project' })).statusCode).toBe(404);
  });

  it('gives the reader links that open the page and the feeds for them', async () => {
    const widget = await server.app.inject({ url: `/api/widget/${slug()}`, headers: reader() });
    expect(widget.statusCode).toBe(200);
    const body = widget.json();
    for (const link of [body.entries[0].url, body.links.page, body.links.atom]) {
      const url = new URL(link);
      const res = await server.app.inject({ url: url.pathname + url.search });
      expect(res.statusCode, link).toBe(200);
    }
  });

  it('refuses anonymous reactions and analytics (401), and takes them from a reader', async () => {
    const post = async (url: string, payload: object, headers: Record<string, string> = {}) =>
      (await server.app.inject({ method: 'POST', url, headers, payload })).statusCode;
    const reaction = { entryId, emoji: '👍', anonymousId: 'device-aaaa' };
    expect(await post('/api/reactions', reaction)).toBe(401);
    expect(await post('/api/reactions', reaction, reader())).toBe(200);
    const event = { project: slug(), type: 'view', entryId, anonymousId: 'device-aaaa' };
    expect(await post('/api/analytics', event)).toBe(401);
    expect(await post('/api/analytics', event, reader())).toBe(202);
    const [row] = await server.db.sql`select anonymous_id from analytics_events where entry_id = ${entryId}`;
    expect(row!.anonymousId).toBe('reader:customer-7');
  });
});
