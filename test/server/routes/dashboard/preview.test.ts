/**
 * The editor's live preview (docs/api.md#roles): the server's own renderer and sanitizer, for any
 * member who may write drafts, nothing stored; signed out, another project's member, or a cross-origin
 * call is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

let server: TestServer;
let project: ProjectRow;
let contributor: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
  project = (await server.project('free')).project;
  contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
  outsider = await signedInUser(server, [
    { projectId: (await server.project('free')).project.id, role: 'owner' },
  ]);
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
});
