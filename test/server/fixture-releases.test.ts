/**
 * Real input: every release in test/fixtures/releases becomes an entry whose body is the project's
 * own release notes. They publish, list, paginate, render (nested lists, code spans, reference links)
 * and show in the widget.
 */
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { resolve } from 'node:path';
import { loadReleases, RELEASES_DIR, type Release } from '../fixtures/releases/load-releases.ts';

const releases = loadReleases();

it('loads the release fixtures from inside the repository (a clone has nothing beside it)', () => {
  const root = resolve(import.meta.dirname, '../..');
  expect(RELEASES_DIR.startsWith(`${root}/test/fixtures/releases`)).toBe(true);
  expect(new Set(releases.map((r) => r.repo))).toEqual(
    new Set(['BurntSushi/ripgrep', 'expressjs/express', 'orhun/git-cliff']),
  );
  expect(releases).toHaveLength(28);
});
let server: TestServer;
let headers: Record<string, string>;
let slug: string;
const ids = new Map<string, Release>();

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  const created = await server.project('pro');
  headers = created.headers;
  slug = created.project.slug;
  for (const release of releases) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: {
        title: `${release.repo.split('/')[1]} ${release.tag}`,
        body: release.releaseNotes,
        version: release.tag,
        category: 'announcement',
      },
    });
    expect(res.statusCode).toBe(201);
    ids.set(res.json().entry.id, release);
  }
});
afterAll(() => server.close());

function textOf(html: string): string {
  const out: string[] = [];
  const visit = (node: { type: string; data?: string; children?: unknown[] }) => {
    if (node.type === 'text') out.push(node.data ?? '');
    for (const child of (node.children ?? []) as never[]) visit(child);
  };
  visit(parseDocument(html) as never);
  return out.join('');
}

it(`stores all ${releases.length} releases as drafts with the right slugs`, async () => {
  // The fixtures' README totals 26, but its own tables list 8 + 10 + 10 releases.
  expect(releases.length).toBeGreaterThan(20);
  const drafts = (
    await server.app.inject({ method: 'GET', url: '/api/v1/entries?status=draft&limit=100', headers })
  ).json().entries;
  expect(drafts).toHaveLength(releases.length);
  expect(drafts.map((e: { slug: string }) => e.slug)).toContain('ripgrep-14-0-0');
  expect(drafts.map((e: { slug: string }) => e.slug)).toContain('git-cliff-v2-10-0');
});

it('publishes them all and paginates through them without loss', async () => {
  for (const id of ids.keys()) {
    expect(
      (await server.app.inject({ method: 'POST', url: `/api/v1/entries/${id}/publish`, headers })).statusCode,
    ).toBe(200);
  }
  const seen: string[] = [];
  let url: string | null = '/api/v1/entries?limit=7&status=published';
  while (url) {
    const page: { entries: { id: string }[]; nextCursor: string | null } = (
      await server.app.inject({ method: 'GET', url, headers })
    ).json();
    seen.push(...page.entries.map((e: { id: string }) => e.id));
    url = page.nextCursor ? `/api/v1/entries?limit=7&status=published&cursor=${page.nextCursor}` : null;
  }
  expect(seen).toHaveLength(releases.length);
  expect(new Set(seen)).toEqual(new Set(ids.keys()));

  const widget = (await server.app.inject({ method: 'GET', url: `/api/widget/${slug}` })).json();
  expect(widget.entries).toHaveLength(20);
  expect(widget.entries.map((e: { id: string }) => e.id)).toEqual(seen.slice(0, 20));
});

it('renders every release: nested lists, code spans, reference links, no Markdown left over', async () => {
  for (const [id, release] of ids) {
    const { entry } = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })
    ).json();
    expect(entry.body).toBe(release.releaseNotes);
    const html: string = entry.html;
    const label = `${release.repo} ${release.tag}`;

    // Every code span of the notes is a <code> element.
    const spans = [...release.releaseNotes.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].map((m) => m[1]!.trim());
    for (const span of spans.slice(0, 10)) {
      const escaped = span
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;');
      expect(html, `${label}: code span ${span}`).toContain(`<code>${escaped}</code>`);
    }
    // Indented list items (express's "deps:" sub-lists) become a list inside a list item.
    if (/^ {2,}[-*] /m.test(release.releaseNotes.replace(/^ {2}\* /gm, '* '))) {
      expect(html, `${label}: nested list`).toMatch(/<li>[^]*?<ul>\s*<li>/);
    }
    // Reference-style and inline links resolve to anchors; none is left as raw [text][ref] or [text](url).
    const text = textOf(html);
    expect(text, `${label}: unresolved link`).not.toMatch(/\]\((https?:)?\/\//);
    if (/^\[[^\]]+\]: https?:\/\//m.test(release.releaseNotes)) {
      expect(html, `${label}: reference links`).toMatch(
        /<a href="https:\/\/[^"]+" rel="noopener noreferrer nofollow"/,
      );
    }
  }
});
