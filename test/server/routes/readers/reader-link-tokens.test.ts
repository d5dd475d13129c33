/**
 * A reader's links (docs/readers.md "Signed links") carry a link token, which only reads: the feeds,
 * the page, its search and its stylesheet open with it; reactions, seen, analytics, the widget and its
 * search refuse it (401), in the header or as `?token=`, so a feed URL pasted into a feed reader never
 * acts for the reader and never leads to a fresh link. A link never outlives the token it came from,
 * and a page opened with a link token links on with that same token, never a new one.
 */
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({}, { workers: false });
let secret: string;
let entryId: string;

beforeAll(async () => {
  secret = await createReaderSecret(server, headers);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers,
    payload: { title: 'Beta wombat', body: 'For the beta', segments: ['beta'], publish: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  entryId = created.json().entry.id;
  const access = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { access: 'identified' },
  });
  expect(access.statusCode).toBe(200);
});

const slug = () => owner.project.slug;
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The links of a reader whose own token expires `expiresIn` seconds from now. */
async function linksOf(expiresIn = 3 * 24 * 3600) {
  const own = await signReaderToken(secret, { sub: 'ada', segments: ['beta'] }, expiresIn);
  const widget = await server.app.inject({
    url: `/api/widget/${slug()}`,
    headers: { 'x-shiplog-reader': own },
  });
  expect(widget.statusCode, widget.body).toBe(200);
  const { links, entries } = widget.json();
  return { own, links, entryUrl: entries[0].url as string, link: tokenOf(links.rss) };
}

describe("a reader link's token", () => {
  it('reads the feeds, the page, its search and its stylesheet', async () => {
    const { links, entryUrl, link } = await linksOf();
    for (const url of [links.rss, links.atom, links.json, links.page, entryUrl]) {
      const res = await server.app.inject({ url: pathOf(url) });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Beta wombat');
    }
    const token = encodeURIComponent(link);
    const search = await server.app.inject({ url: `/changelog/${slug()}/search?q=wombat&token=${token}` });
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Beta wombat');
    const css = await server.app.inject({ url: `/changelog/${slug()}/theme.css?token=${token}` });
    expect(css.statusCode).toBe(200);
  });

  it('is refused (401) by reactions, seen, analytics, the widget and its search, header or query', async () => {
    const { link } = await linksOf();
    const calls = [
      {
        method: 'POST',
        url: '/api/reactions',
        payload: { entryId, emoji: '🎉', anonymousId: 'anon-00000001' },
      },
      {
        method: 'POST',
        url: `/api/widget/${slug()}/seen`,
        payload: { lastSeenAt: new Date().toISOString() },
      },
      {
        method: 'POST',
        url: '/api/analytics',
        payload: { type: 'view', entryId, project: slug(), anonymousId: 'anon-00000001' },
      },
      { method: 'GET', url: `/api/widget/${slug()}` },
      { method: 'GET', url: `/api/widget/${slug()}/search?q=wombat` },
    ] as const;
    for (const call of calls) {
      const said = `${call.method} ${call.url}`;
      const inHeader = await server.app.inject({ ...call, headers: { 'x-shiplog-reader': link } });
      expect(inHeader.statusCode, said).toBe(401);
      expect(inHeader.json().code, said).toBe('unauthorized');
      expect(inHeader.body, said).not.toContain('Beta wombat');
      const join = call.url.includes('?') ? '&' : '?';
      const inQuery = await server.app.inject({
        ...call,
        url: `${call.url}${join}token=${encodeURIComponent(link)}`,
      });
      expect(inQuery.statusCode, said).toBe(401);
    }
    const reactions = await server.db.sql`select 1 from reactions where entry_id = ${entryId}`;
    expect(reactions).toHaveLength(0);
  });

  it('never outlives the token it came from', async () => {
    const { own, link } = await linksOf(2 * 3600 + 1800);
    const ownExp = decodeJwt(own).exp!;
    const linkExp = decodeJwt(link).exp!;
    expect(linkExp).toBeLessThanOrEqual(ownExp);
    expect(linkExp).toBeGreaterThan(Date.now() / 1000);
    // A token about to expire gives links that expire with it, not 30 days on.
    const { own: shortOwn, link: short } = await linksOf(120);
    expect(decodeJwt(short).exp!).toBeLessThanOrEqual(decodeJwt(shortOwn).exp!);
  });

  it('leads on to pages and feeds with the same token, never a new one; the reader token stays out', async () => {
    const { own, links, link } = await linksOf();
    const page = await server.app.inject({ url: pathOf(links.page) });
    const tokens = [...page.body.matchAll(/[?&]amp;token=([^"&]+)|\?token=([^"&]+)/g)].map((m) =>
      decodeURIComponent(m[1] ?? m[2]!),
    );
    expect(tokens.length).toBeGreaterThan(3);
    expect(new Set(tokens)).toEqual(new Set([link]));
    // A page opened with the reader's own token links on with a link token, not with theirs.
    const ownPage = await server.app.inject({
      url: `/changelog/${slug()}`,
      headers: { 'x-shiplog-reader': own },
    });
    expect(ownPage.statusCode).toBe(200);
    expect(ownPage.body).not.toContain(encodeURIComponent(own));
    const feedLink = /href="([^"]+\/api\/feeds\/[^"]+\/rss[^"]*)"/
      .exec(ownPage.body)![1]!
      .replace(/&amp;/g, '&');
    const fromPage = tokenOf(feedLink);
    expect(decodeJwt(fromPage).aud).toBe(decodeJwt(link).aud);
    const react = await server.app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: { 'x-shiplog-reader': fromPage },
      payload: { entryId, emoji: '🎉', anonymousId: 'anon-00000001' },
    });
    expect(react.statusCode).toBe(401);
  });
});
