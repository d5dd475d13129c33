/**
 * Control characters (U+0001–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF) cannot be held by
 * XML 1.0, so one in a title made the RSS and Atom feeds unreadable. Text is stripped of them where it
 * comes in (create, edit, import, generate's commit and pull-request text, a project's name), and the
 * feeds drop any that a row stored before still holds: RSS and Atom are checked with a strict XML
 * parser (saxes, which refuses what XML 1.0 refuses), and the JSON Feed is read too.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';
import { signedInUser } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

/** Every control character XML 1.0 refuses but U+0000 (which the input guard refuses with a 400). */
const CONTROLS = [
  ...Array.from({ length: 8 }, (_, i) => i + 1),
  0x0b,
  0x0c,
  ...Array.from({ length: 18 }, (_, i) => i + 0x0e),
  0xfffe,
  0xffff,
].map((code) => String.fromCharCode(code));
const ALL = CONTROLS.join('');

/** The well-formedness errors a strict XML 1.0 parser reports for `xml` (none: well-formed). */
function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (err) => errors.push(err.message));
  parser.write(xml).close();
  return errors;
}

const feed = (format: string) => server.app.inject({ url: `/api/feeds/${owner.project.slug}/${format}` });

/** RSS and Atom well-formed, all three formats read by a feed parser: the item titles of each. */
async function titlesOfFeeds(): Promise<Record<string, string[]>> {
  const titles: Record<string, string[]> = {};
  for (const format of ['rss', 'atom']) {
    const res = await feed(format);
    expect(res.statusCode).toBe(200);
    expect(xmlErrors(res.body), format).toEqual([]);
    titles[format] = parseFeed(res.body).items.map((i) => i.title!);
  }
  const json = await feed('json');
  titles.json = json.json().items.map((i: { title: string }) => i.title);
  return titles;
}

describe('control characters', () => {
  it('are stripped from what create and edit take, and the feeds stay well-formed', async () => {
    const created = await postEntry(server.app, headers, {
      title: 'Tabs\u000band feeds',
      body: `Body${ALL} text`,
      summary: `Sum${ALL}mary`,
      version: `2.0${ALL}.0`,
      publish: true,
    });
    const got = (await server.app.inject({ url: `/api/v1/entries/${created.id}`, headers })).json().entry;
    expect(got).toMatchObject({
      title: 'Tabsand feeds',
      body: 'Body text',
      summary: 'Summary',
      version: '2.0.0',
    });
    expect(await titlesOfFeeds()).toEqual({
      rss: ['2.0.0: Tabsand feeds'],
      atom: ['2.0.0: Tabsand feeds'],
      json: ['2.0.0: Tabsand feeds'],
    });

    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${created.id}`,
      headers,
      payload: { title: `Edited${ALL} title`, body: `New\u0007 body` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().entry).toMatchObject({ title: 'Edited title', body: 'New body' });
    expect((await titlesOfFeeds()).rss).toEqual(['2.0.0: Edited title']);
  });

  it('are stripped from imported notes and titles and from the commit text generate drafts from', async () => {
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers,
      payload: {
        releases: [
          {
            version: '1.0.0',
            publishedAt: '2024-01-02T03:04:05Z',
            title: `First${ALL} release`,
            notes: `- Added the bell\u0007 and the tab\u000b.`,
            commits: [`feat: bell\u0007 ringing`],
          },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const entry = (
      await server.app.inject({ url: `/api/v1/entries/${imported.json().entries[0].id}`, headers })
    ).json().entry;
    expect(entry).toMatchObject({ title: 'First release', body: '- Added the bell and the tab.' });

    const generated = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: {
        commits: [`feat: ring the bell\u0007 on\u001b[31m new entries`, `fix: form\u000cfeed in titles`],
        pullRequests: [
          { number: 7, title: `Add the\u0008 dark mode`, body: `## Release notes\n\nDark\u0001 mode` },
        ],
        repository: 'acme/rocket',
        version: '3.0.0',
        publish: true,
      },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const { draft } = generated.json();
    expect(`${draft.title}\n${draft.summary}\n${draft.body}`).not.toMatch(
      /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/,
    );
    expect(draft.body).toContain('[31m new entries');
    const titles = await titlesOfFeeds();
    expect(titles.rss).toHaveLength(3);
    expect(titles.rss).toEqual(titles.atom);
    expect(titles.json).toEqual(titles.rss);
  });

  it('still stored in a row written before are dropped from RSS and Atom, which stay well-formed', async () => {
    const id = (await postEntry(server.app, headers, { title: 'Stored before', publish: true })).id;
    await server.db.sql`
      update entries set title = ${`Bell${ALL} stored`}, html = ${`<p>Old${ALL} body</p>`} where id = ${id}`;
    await server.db.sql`update projects set name = ${`Acme${ALL}`} where id = ${owner.project.id}`;
    const titles = await titlesOfFeeds();
    expect(titles.rss![0]).toBe('Bell stored');
    expect(titles.atom![0]).toBe('Bell stored');
    // JSON can hold them (escaped): the JSON Feed stays valid JSON with the stored title.
    expect(titles.json![0]).toBe(`Bell${ALL} stored`);
    const rss = parseFeed((await feed('rss')).body);
    expect(rss.title).toBe('Acme changelog');
    expect(rss.items[0]!.content).toBe('<p>Old body</p>');
  });

  it('are stripped from a project name given to the dashboard, which titles the feeds', async () => {
    const user = await signedInUser(server);
    const slug = `bell-${process.pid}`;
    const made = await server.app.inject({
      method: 'POST',
      url: '/api/dashboard/projects',
      headers: user.headers,
      payload: { name: `Bell\u0007 works`, slug },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().project.name).toBe('Bell works');
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/projects/${slug}`,
      headers: user.headers,
      payload: { name: `Bell\u001f & whistle` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rss = (await server.app.inject({ url: `/api/feeds/${slug}/rss` })).body;
    expect(xmlErrors(rss)).toEqual([]);
    expect(parseFeed(rss).title).toBe('Bell & whistle changelog');
  });
});
