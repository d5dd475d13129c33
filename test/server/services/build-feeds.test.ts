/**
 * Entry titles are text in every feed (an outside contributor's commit subject can become a title):
 * Atom declares its titles `type="html"`, and many RSS readers render RSS titles as HTML, so in both a
 * title arrives as escaped HTML that decodes back to the very text and holds no element (no raw markup
 * inside RSS's CDATA either); JSON Feed titles are plain text as written.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import { createEntry } from '../../helpers/create-entry.ts';

const HOSTILE = `<img src=x onerror="alert(1)"> <b>Bold</b> & <a href="https://evil.example">co</a> ]]> x`;

let server: TestServer;
let slug: string;
beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  const created = await server.project('pro');
  slug = created.project.slug;
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

  it('JSON Feed: the title as written (the format defines it as plain text)', async () => {
    expect(JSON.parse(await feedOf('json')).items[0].title).toBe(`1.0.0: ${HOSTILE}`);
  });
});
