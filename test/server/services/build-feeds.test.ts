/**
 * Entry titles are text in every feed (an outside contributor's commit subject can become a title):
 * Atom declares its titles `type="html"`, and many RSS readers render RSS titles as HTML, so in both a
 * title arrives as escaped HTML that decodes back to the very text and holds no element (no raw markup
 * inside RSS's CDATA either); JSON Feed titles are plain text as written. RSS titles are escaped once:
 * only markup and what reads as a character reference, so that readers that show them as plain text
 * read `Tom & Jerry`, not `Tom &#38; Jerry`.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';

const HOSTILE = `<img src=x onerror="alert(1)"> <b>Bold</b> & <a href="https://evil.example">co</a> ]]> x`;
/** Titles with `&` and `<` that are not markup, and one that spells an entity. */
const PLAIN = ['Tom & Jerry', 'Q&A, R&D and 1 < 2 > 0', 'Write &amp; for an ampersand'];

let server: TestServer;
let slug: string;
beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  const created = await server.project('pro');
  slug = created.project.slug;
  for (const title of PLAIN) await createEntry(server.app, created.headers, { title, publish: true });
  await createEntry(server.app, created.headers, { title: HOSTILE, version: '1.0.0', publish: true });
});
afterAll(() => server.close());

const feedOf = async (format: string) => {
  const res = await server.app.inject(`/api/feeds/${slug}/${format}`);
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('feed titles', () => {
  it('Atom: escaped HTML that decodes to the title, with no element in it', async () => {
    const xml = parseDocument(await feedOf('atom'), { xmlMode: true });
    const entry = DomUtils.findOne((e) => e.name === 'entry', xml.children)!;
    const title = DomUtils.findOne((e) => e.name === 'title', entry.children)!;
    const declared = title.attribs.type ?? 'text';
    const content = DomUtils.textContent(title);
    expect(['text', 'html']).toContain(declared);
    if (declared === 'text') {
      expect(content).toBe(`1.0.0: ${HOSTILE}`);
    } else {
      // RFC 4287 §3.1.1.2: the content is HTML; parsed as such, it must be nothing but the title's text.
      const html = parseDocument(content, { decodeEntities: true });
      expect(DomUtils.findAll(() => true, html.children)).toEqual([]);
      expect(DomUtils.textContent(html)).toBe(`1.0.0: ${HOSTILE}`);
    }
    expect(parseFeed(await feedOf('atom')).items[0]!.title).toContain('<img src=x');
  });

  it('RSS: escaped HTML inside the CDATA, no raw markup; it decodes to the title with no element', async () => {
    const xml = await feedOf('rss');
    const item = DomUtils.findOne((e) => e.name === 'item', parseDocument(xml, { xmlMode: true }).children)!;
    const content = DomUtils.textContent(DomUtils.findOne((e) => e.name === 'title', item.children)!);
    expect(content).not.toMatch(/<img|<b>|<a /);
    const html = parseDocument(content, { decodeEntities: true });
    expect(DomUtils.findAll(() => true, html.children)).toEqual([]);
    expect(DomUtils.textContent(html)).toBe(`1.0.0: ${HOSTILE}`);
  });

  it('RSS: escaped once, so plain-text and HTML-decoding readers both read the title as written', async () => {
    const xml = await feedOf('rss');
    // A plain-text reader shows the title element's XML text (saxes: a strict XML 1.0 parser).
    const texts: string[] = [];
    let inTitle = false;
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => (inTitle = tag.name === 'title'));
    parser.on('closetag', () => (inTitle = false));
    parser.on('cdata', (text) => inTitle && texts.push(text));
    parser.on('text', (text) => inTitle && texts.push(text));
    parser.write(xml).close();
    for (const title of PLAIN.slice(0, 2)) expect(texts).toContain(title);
    // A reader that decodes the title as HTML (@rowanmanning/feed-parser does) reads them the same.
    const read = parseFeed(xml).items.map((i) => i.title);
    expect(read).toEqual(expect.arrayContaining(PLAIN));
  });

  it('JSON Feed: the title as written (the format defines it as plain text)', async () => {
    expect(JSON.parse(await feedOf('json')).items[0].title).toBe(`1.0.0: ${HOSTILE}`);
  });
});
