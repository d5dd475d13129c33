/**
 * The editor's live preview (docs/api.md#roles): the server's own renderer and sanitizer, for any
 * member who may write drafts, nothing stored; signed out, another project's member, or a cross-origin
 * call is refused. The History page's changelog preview: read as the import reads it, in the
 * renderer's worker with its budget and nesting limit (the budget on a clock the test moves).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  changelogAsMarkdown,
  changelogMarkup,
} from '../../../../core/changelog-file/read-changelog-markup.ts';
import { parseChangelog } from '../../../../core/parse-changelog.ts';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';
import { type RenderClock, renderClock, renderOnClock } from '../../../helpers/render-clock.ts';

let server: TestServer;
let project: ProjectRow;
let otherProject: ProjectRow;
let contributor: SignedInUser;
let outsider: SignedInUser;
let clock: RenderClock;
const BUDGET_MS = 1_500;

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_RENDER_THREADS: '2' }, { workers: false });
  clock = renderClock();
  await renderOnClock(server, clock, BUDGET_MS);
  project = (await server.project('free')).project;
  contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
  otherProject = (await server.project('free')).project;
  outsider = await signedInUser(server, [{ projectId: otherProject.id, role: 'owner' }]);
});
afterAll(() => server.close());

const preview = (headers: Record<string, string>, payload: object, slug = project.slug) =>
  server.app.inject({ method: 'POST', url: `/api/dashboard/projects/${slug}/preview`, headers, payload });

describe('POST /api/dashboard/projects/{slug}/preview', () => {
  it('renders Markdown as the stored html is rendered: sanitized, nothing stored', async () => {
    const body =
      '## New\n\nIt is **fast**. <img src=x onerror="alert(1)"> <script>alert(2)</script> [x](javascript:alert(3))';
    const res = await preview(contributor.headers, { body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { html } = res.json<{ html: string }>();
    expect(html).toContain('<h2>New</h2>');
    expect(html).toContain('<strong>fast</strong>');
    expect(html).not.toMatch(/onerror|<script|javascript:/);
    expect(html).toBe(await server.app.shiplog.markdown.render(body));
    const [row] = await server.db.sql<{ count: number }[]>`select count(*)::int as count from entries`;
    expect(row!.count).toBe(0);
  });

  it('refuses the signed-out (401), a non-member (403), a cross-origin call (403), unknown fields (400)', async () => {
    expect((await preview({ origin: contributor.headers.origin! }, { body: 'x' })).statusCode).toBe(401);
    expect((await preview(outsider.headers, { body: 'x' })).json().code).toBe('forbidden');
    const crossOrigin = await preview({ ...contributor.headers, origin: 'https://evil.test' }, { body: 'x' });
    expect(crossOrigin.statusCode).toBe(403);
    const noToken = await preview({ ...contributor.headers, 'x-csrf-token': 'nope' }, { body: 'x' });
    expect(noToken.statusCode).toBe(403);
    const extra = await preview(contributor.headers, { body: 'x', title: 'y' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('invalid');
  });
});

const changelogPreview = (headers: Record<string, string>, payload: object, slug = project.slug) =>
  server.app.inject({
    method: 'POST',
    url: `/api/dashboard/projects/${slug}/changelog-preview`,
    headers,
    payload,
  });

describe('POST /api/dashboard/projects/{slug}/changelog-preview', () => {
  const markdown = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '- Something coming.',
    '',
    '## [1.1.0] - 2024-03-05',
    '',
    '### Fixed',
    '',
    '- The crash on an empty config file.',
    '',
    '## [1.0.0] - 2023-11-20',
    '',
    '- First release.',
    '',
  ].join('\n');

  it('reads a pasted CHANGELOG.md as the import does: its releases, and what is skipped and why', async () => {
    const res = await changelogPreview(contributor.headers, { markdown });
    expect(res.statusCode, res.body).toBe(200);
    const { releases, skipped } = res.json();
    expect(releases.map((r: { version: string; date: string }) => [r.version, r.date])).toEqual([
      ['1.1.0', '2024-03-05'],
      ['1.0.0', '2023-11-20'],
    ]);
    expect(releases[0].notes).toContain('### Fixed');
    expect(skipped).toEqual([expect.objectContaining({ reason: 'unreleased' })]);
    const [row] = await server.db.sql<{ n: number }[]>`select count(*)::int as n from entries`;
    expect(row!.n).toBe(0);
  });

  it("refuses another project's member and an empty body", async () => {
    expect((await changelogPreview(outsider.headers, { markdown })).statusCode).toBe(403);
    expect((await changelogPreview(contributor.headers, { markdown: '' })).statusCode).toBe(400);
  });

  it('reads each changelog form as the import does (the fixtures of test/fixtures/changelogs)', async () => {
    const dir = join(import.meta.dirname, '../../../fixtures/changelogs');
    const names = readdirSync(dir).filter((name) => name !== 'README.md');
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const text = readFileSync(join(dir, name), 'utf8');
      const res = await changelogPreview(contributor.headers, { markdown: text });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      // Pasted: no file name, so the text says its markup, as for a CLI path without an extension.
      expect(res.json(), name).toEqual({
        markup: changelogMarkup(null, text),
        ...parseChangelog(changelogAsMarkdown(null, text)),
      });
    }
  });

  it('reads a reStructuredText changelog, pasted or uploaded, as `shiplog import` does', async () => {
    const rst = readFileSync(
      join(import.meta.dirname, '../../../fixtures/changelogs/click-CHANGES.rst'),
      'utf8',
    );
    const pasted = await changelogPreview(contributor.headers, { markdown: rst });
    expect(pasted.statusCode, pasted.body).toBe(200);
    const { markup, releases } = pasted.json();
    expect(markup).toBe('rst');
    expect(releases.slice(0, 2).map((r: { version: string; date: string }) => [r.version, r.date])).toEqual([
      ['7.1.2', '2020-04-27'],
      ['7.1.1', '2020-03-09'],
    ]);
    // Roles and literals read as Markdown: the link text and code, no RST markup left.
    expect(releases[0].notes).toContain('`echo_with_pager`');
    expect(releases[0].notes).not.toContain(':issue:');

    // Only `=` and `-` underlines: the text alone reads as Markdown setext headings; the name says RST.
    const plain = ['1.1.0 (2024-03-05)', '------------------', '', '- Fixed ``--help``.', ''].join('\n');
    const uploaded = await changelogPreview(contributor.headers, {
      markdown: plain,
      filename: 'CHANGES.rst',
    });
    expect(uploaded.json()).toMatchObject({ markup: 'rst', releases: [{ version: '1.1.0' }] });
    expect(uploaded.json().releases[0].notes).toContain('`--help`');
    const asMarkdown = await changelogPreview(contributor.headers, {
      markdown: plain,
      filename: 'CHANGELOG.md',
    });
    expect(asMarkdown.json()).toMatchObject({ markup: 'markdown' });
    expect(asMarkdown.json().releases[0].notes).toContain('``--help``');
  });

  it('refuses a changelog nested past the renderer’s limit: 400 at /markdown, as a body is refused', async () => {
    // Five thousand levels: past the nesting limit, and past what marked can lex on the request thread.
    const deep = `# Changelog\n\n## 1.0.0 - 2024-01-01\n\n${'>'.repeat(5_000)} Quoted\n`;
    const res = await changelogPreview(contributor.headers, { markdown: deep });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      code: 'invalid',
      errors: [{ pointer: '/markdown', detail: 'too complex to read' }],
    });
  });

  it('reads in the renderer’s worker with its budget: a changelog still lexing when it runs out is 400', async () => {
    clock.reset();
    // marked's emphasis is quadratic on `_a` repeated: seconds of work, none of it on the request thread.
    const slow = changelogPreview(contributor.headers, {
      markdown: `## 1.0.0 - 2024-01-01\n\n${'_a'.repeat(49_000)}\n`,
    });
    await vi.waitFor(() => expect(clock.running).toBe(1), { timeout: 30_000 });
    // Another project's changelog is read meanwhile, on the other thread.
    const other = await changelogPreview(outsider.headers, { markdown }, otherProject.slug);
    expect(other.statusCode, other.body).toBe(200);
    clock.advance(BUDGET_MS);
    const res = await slow;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ pointer: '/markdown', detail: 'too complex to read' }]);
  }, 60_000);
});
