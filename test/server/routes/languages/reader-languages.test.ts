/**
 * Readers get their language (issue 39 item 3, docs/languages.md#readers): the reader token's `locale`
 * claim, then `?locale=`, then `Accept-Language` (q-values honoured); `de-AT` falls back to `de`, then
 * to the default locale, entry by entry, and each entry says which it shows. Answers carry
 * `Content-Language` and `Vary: Accept-Language`; the widget's cache keeps one copy per language and
 * never serves one reader's language to another. The page sets `<html lang>` and names its other
 * languages; the feeds take `?locale=`; search finds words in the reader's language's translation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { createReaderSecret, signReaderToken } from '../../../helpers/reader-tokens.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

type Entry = { title: string; html: string; summary: string | null; locale: string };

const slug = () => owner.project.slug;
const widget = (query = '', h: Record<string, string> = {}) =>
  server.app.inject({ url: `/api/widget/${slug()}${query}`, headers: h });
const titles = (res: { json(): { entries: Entry[] } }) =>
  res.json().entries.map((e) => `${e.locale}:${e.title}`);

beforeAll(async () => {
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/api/v1/project',
    headers,
    payload: { locales: ['de', 'de-AT', 'fr'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Oldest first: the widget lists newest first.
  await postEntry(server.app, headers, { title: 'Plain', body: 'Only in English.', publish: true });
  await postEntry(server.app, headers, {
    title: 'Dark mode',
    body: 'The app has a dark mode.',
    summary: 'Dark.',
    publish: true,
    translations: {
      de: { title: 'Dunkelmodus', body: 'Die Benachrichtigungen sind jetzt dunkel.', summary: 'Dunkel.' },
      fr: { title: 'Mode sombre', body: "L'app a un mode sombre." },
    },
  });
  await postEntry(server.app, headers, {
    title: 'Faster sync',
    body: 'Sync is faster.',
    publish: true,
    translations: {
      de: { title: 'Schnellere Synchronisierung', body: 'Sync ist schneller.' },
      'de-AT': { title: 'Flottere Synchronisierung', body: 'Sync ist flotter.' },
    },
  });
});

describe('the widget in the reader’s language', () => {
  it('serves the default locale without a wish, each entry saying so', async () => {
    const res = await widget();
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['en:Faster sync', 'en:Dark mode', 'en:Plain']);
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toBe('X-Shiplog-Reader, Accept-Language');
  });

  it('follows Accept-Language; de-AT falls back to de, then to the default, entry by entry', async () => {
    const at = await widget('', { 'accept-language': 'de-AT' });
    expect(titles(at)).toEqual(['de-AT:Flottere Synchronisierung', 'de:Dunkelmodus', 'en:Plain']);
    expect(at.headers['content-language']).toBe('de-AT, de, en');
    const dark = at.json().entries[1] as Entry;
    expect(dark.html).toBe('<p>Die Benachrichtigungen sind jetzt dunkel.</p>\n');
    expect(dark.summary).toBe('Dunkel.');
    const de = await widget('', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(titles(de)).toEqual(['de:Schnellere Synchronisierung', 'de:Dunkelmodus', 'en:Plain']);
    expect(de.headers['content-language']).toBe('de, en');
  });

  it('honours q-values: the most wanted language the project has wins', async () => {
    const fr = await widget('', { 'accept-language': 'ja, de;q=0.5, fr;q=0.8' });
    expect(titles(fr)).toEqual(['en:Faster sync', 'fr:Mode sombre', 'en:Plain']);
    expect(fr.headers['content-language']).toBe('fr, en');
    const notGerman = await widget('', { 'accept-language': 'de;q=0, fr;q=0.1' });
    expect(titles(notGerman)[1]).toBe('fr:Mode sombre');
    const none = await widget('', { 'accept-language': 'ja, pt-BR;q=0.9' });
    expect(titles(none)).toEqual(['en:Faster sync', 'en:Dark mode', 'en:Plain']);
  });

  it('takes ?locale= over Accept-Language, and the token’s locale claim over both', async () => {
    const query = await widget('?locale=fr', { 'accept-language': 'de' });
    expect(titles(query)[1]).toBe('fr:Mode sombre');
    const canonical = await widget('?locale=DE-at');
    expect(titles(canonical)[0]).toBe('de-AT:Flottere Synchronisierung');
    const secret = await createReaderSecret(server, headers);
    const token = await signReaderToken(secret, { sub: 'u1', locale: 'de' });
    const claimed = await widget('?locale=fr', { 'accept-language': 'fr', 'x-shiplog-reader': token });
    expect(claimed.statusCode).toBe(200);
    expect(titles(claimed)).toEqual(['de:Schnellere Synchronisierung', 'de:Dunkelmodus', 'en:Plain']);
    expect(claimed.headers['content-language']).toBe('de, en');
    expect(claimed.headers['cache-control']).toBe('private, no-cache');
    // A claim that is not a language tag is no wish: the next source decides.
    const odd = await signReaderToken(secret, { sub: 'u2', locale: 'not a tag' });
    const next = await widget('?locale=fr', { 'x-shiplog-reader': odd });
    expect(titles(next)[1]).toBe('fr:Mode sombre');
  });

  it('refuses a ?locale= that is not a BCP 47 tag (400 at the field)', async () => {
    for (const bad of ['de_AT', 'x', 'de-']) {
      const res = await widget(`?locale=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].pointer).toBe('/query/locale');
    }
  });

  it('keeps one copy per language and never serves one reader’s language to another', async () => {
    const wishes = ['de', 'en', 'fr', 'de-AT', '', 'de', 'fr', 'en'];
    const first = new Map<string, { etag: string; body: string }>();
    for (const wish of [...wishes, ...wishes]) {
      const res = await widget('', wish ? { 'accept-language': wish } : {});
      const seen = first.get(wish);
      if (seen) {
        expect(res.body, wish).toBe(seen.body);
        expect(res.headers.etag).toBe(seen.etag);
      } else first.set(wish, { etag: res.headers.etag as string, body: res.body });
      const expected = wish === '' ? 'en' : wish;
      expect(res.json().entries[0].locale.startsWith(expected === 'fr' ? 'en' : expected), wish).toBe(true);
    }
    expect(new Set([...first.values()].map((v) => v.etag)).size).toBe(4);
    // A 304 only for the same language's copy.
    const etagDe = first.get('de')!.etag;
    expect((await widget('', { 'accept-language': 'de', 'if-none-match': etagDe })).statusCode).toBe(304);
    expect((await widget('', { 'accept-language': 'fr', 'if-none-match': etagDe })).statusCode).toBe(200);
  });

  it('shows a translation again only while its locale is listed, and a change at once', async () => {
    const patch = (locales: string[]) =>
      server.app.inject({ method: 'PATCH', url: '/api/v1/project', headers, payload: { locales } });
    expect((await widget('?locale=fr')).json().entries[1].locale).toBe('fr');
    expect((await patch(['de', 'de-AT'])).statusCode).toBe(200);
    const off = await widget('?locale=fr');
    expect(titles(off)).toEqual(['en:Faster sync', 'en:Dark mode', 'en:Plain']);
    expect((await patch(['de', 'de-AT', 'fr'])).statusCode).toBe(200);
    expect((await widget('?locale=fr')).json().entries[1].locale).toBe('fr');
  });
});

describe('the page, the feeds and search in the reader’s language', () => {
  it('the page sets <html lang>, each entry’s lang, and names its other languages', async () => {
    const res = await server.app.inject({
      url: `/changelog/${slug()}`,
      headers: { accept: 'text/html', 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('de, en');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.body).toMatch(/<html lang="de"/);
    expect(res.body).toContain('Dunkelmodus');
    expect(res.body).toMatch(/<article class="entry" id="plain" lang="en">/);
    expect(res.body).toMatch(/<article class="entry" id="dark-mode" lang="de">/);
    const base = `https://changelog.test/changelog/${slug()}`;
    for (const other of ['en', 'de-AT', 'fr']) {
      expect(res.body).toContain(`<link rel="alternate" hreflang="${other}" href="${base}?locale=${other}">`);
    }
    expect(res.body).not.toContain('hreflang="de"');
    const entry = await server.app.inject({ url: `/changelog/${slug()}/dark-mode?locale=fr` });
    expect(entry.body).toMatch(/<html lang="fr"/);
    expect(entry.body).toContain('Mode sombre');
    expect(entry.body).toContain(`<link rel="alternate" hreflang="de" href="${base}/dark-mode?locale=de">`);
  });

  it('the feeds take ?locale= (RSS, Atom, JSON)', async () => {
    const rss = await server.app.inject({ url: `/api/feeds/${slug()}/rss?locale=de` });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-language']).toBe('de, en');
    expect(rss.body).toContain('<language>de</language>');
    expect(rss.body).toContain('Dunkelmodus');
    expect(rss.body).not.toContain('Dark mode');
    const atom = await server.app.inject({ url: `/api/feeds/${slug()}/atom?locale=fr` });
    expect(atom.body).toContain('Mode sombre');
    const json = (await server.app.inject({ url: `/api/feeds/${slug()}/json?locale=de-AT` })).json();
    expect(json.language).toBe('de-AT');
    expect(json.items.map((i: { title: string; language: string }) => `${i.language}:${i.title}`)).toEqual([
      'de-AT:Flottere Synchronisierung',
      'de:Dunkelmodus',
      'en:Plain',
    ]);
    expect(rss.headers.vary).toBe('X-Shiplog-Reader, Accept-Language');
    const plain = await server.app.inject({ url: `/api/feeds/${slug()}/rss` });
    expect(plain.body).toContain('<language>en</language>');
    expect(plain.body).toContain('Dark mode');
  });

  it('search finds a German word stemmed in the German translation, for a German reader', async () => {
    const search = (q: string, h: Record<string, string> = {}) =>
      server.app.inject({ url: `/api/widget/${slug()}/search?q=${encodeURIComponent(q)}`, headers: h });
    // "Benachrichtigung" is only in the German body, as "Benachrichtigungen": the german configuration
    // stems both to one word; simple would not.
    const german = await search('Benachrichtigung', { 'accept-language': 'de' });
    expect(german.statusCode).toBe(200);
    expect(titles(german)).toEqual(['de:Dunkelmodus']);
    expect(german.headers['content-language']).toBe('de');
    expect(german.headers.vary).toContain('Accept-Language');
    expect((await search('Benachrichtigung')).json().entries).toEqual([]);
    // The entry's own text still matches for a German reader, shown in German.
    expect(titles(await search('dark', { 'accept-language': 'de' }))).toEqual(['de:Dunkelmodus']);
    const page = await server.app.inject({
      url: `/changelog/${slug()}/search?q=Benachrichtigung&locale=de`,
      headers: { accept: 'text/html' },
    });
    expect(page.body).toMatch(/<html lang="de"/);
    expect(page.body).toContain('Dunkelmodus');
    expect(page.headers['content-language']).toBe('de');
    expect(page.headers.vary).toBe('X-Shiplog-Reader, Accept-Language');
  });

  it('an entry that took the address /search before it was reserved is shown in the reader’s language too', async () => {
    const entry = await postEntry(server.app, headers, {
      title: 'Search',
      body: 'Search is here.',
      publish: true,
      translations: { de: { title: 'Suche', body: 'Die Suche ist da.' } },
    });
    await server.db.sql`update entries set slug = 'search' where id = ${entry.id}`;
    try {
      const page = await server.app.inject({
        url: `/changelog/${slug()}/search`,
        headers: { accept: 'text/html', 'accept-language': 'de' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Die Suche ist da.');
      expect(page.headers['content-language']).toBe('de');
      expect(page.headers.vary).toBe('X-Shiplog-Reader, Accept-Language');
    } finally {
      await server.db.sql`delete from entries where id = ${entry.id}`;
    }
  });
});
