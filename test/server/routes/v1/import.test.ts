/**
 * POST /api/v1/entries/import (docs/api.md#import-history-and-the-drafting-profile) through `inject`
 * against the real database: releases become published, external entries with their own dates and
 * versions, shown at once by the widget and the page, never dispatched; re-importing replaces in
 * place; versions made otherwise are skipped; dates must be past; Idempotency-Key replays; publishers
 * only. And GET /api/v1/entries?origin=… lists entries by how they were made.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { signedInUser } from '../../../helpers/dashboard.ts';

// No workers: a job the import enqueued would stay in pgboss.job for the count below.
const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

const importReleases = (payload: object, extra: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/import',
    headers: { ...headers, ...extra },
    payload,
  });
const get = async (id: string) =>
  (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry;
const dispatchJobs = async () =>
  (
    await server.db.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name in ('entry-published', 'github-shipped')`
  )[0]!.n;
const changesOf = async (id: string) =>
  (await server.db.sql<{ changes: unknown }[]>`select changes from entry_changes where entry_id = ${id}`)[0]
    ?.changes;

const HISTORY = {
  repository: 'Acme/Rocket',
  releases: [
    {
      version: 'v1.1.0',
      publishedAt: '2024-03-05T10:00:00Z',
      notes: '### Fixed\n\n- Fix the crash on an empty config file (#12).\n- Faster start.',
      commits: ['fix: crash on empty config (#12)', 'perf: lazy plugin loading'],
      commitDetails: [{ index: 0, files: ['src/config.ts'], additions: 4, deletions: 1 }],
    },
    {
      version: '1.0.0',
      publishedAt: '2023-11-20T09:30:00Z',
      notes: 'The first release: **rockets** launch from the command line.\n\n- Added `rocket launch`.',
    },
  ],
};

describe('POST /api/v1/entries/import', () => {
  it('publishes each release as an external entry with its own date and version, at once on the widget and the page, dispatching nothing', async () => {
    const slug = owner.project.slug;
    const before = await server.app.inject({ url: `/api/widget/${slug}` });
    expect(before.json().entries).toEqual([]);

    const res = await importReleases(HISTORY);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // Only the release that carries its commits teaches the drafting profile.
    expect(body).toMatchObject({ imported: 2, replaced: 0, skipped: [], profile: { releasesLearned: 1 } });
    // One release taught; the other came without commits, and this server has no GitHub App to fetch
    // them: it says how many taught nothing, and why.
    expect(body.learning).toMatchObject({ status: 'commits', repository: null });
    expect(body.learning.reason).toMatch(
      /^1 of these 2 releases came without its commits and teaches nothing .*no GitHub App to fetch them: import with the shiplog CLI’s import --git-dir/,
    );
    expect(body.entries.map((e: { version: string; status: string }) => [e.version, e.status])).toEqual([
      ['1.1.0', 'published'],
      ['1.0.0', 'published'],
    ]);

    const [newer, older] = await Promise.all(body.entries.map((e: { id: string }) => get(e.id)));
    expect(newer).toMatchObject({
      origin: 'import',
      status: 'published',
      visibility: 'external',
      version: '1.1.0',
      publishedAt: '2024-03-05T10:00:00.000Z',
      title: 'Fix the crash on an empty config file',
      category: 'fix',
      body: HISTORY.releases[0]!.notes,
      source: { repository: 'acme/rocket', pullRequest: null, release: null, range: null, headSha: null },
    });
    expect(newer.html).toContain('<h3>Fixed</h3>');
    expect(older).toMatchObject({
      publishedAt: '2023-11-20T09:30:00.000Z',
      title: 'The first release: rockets launch from the command line',
      category: 'announcement',
    });
    // What the release was made of is kept for the drafting profile; a release without commits adds none.
    expect(await changesOf(newer.id)).toEqual({
      commits: HISTORY.releases[0]!.commits,
      commitDetails: HISTORY.releases[0]!.commitDetails,
    });
    expect(await changesOf(older.id)).toBeUndefined();

    // The widget (whose empty answer was cached above) and the page show them at once, newest first.
    const widget = (await server.app.inject({ url: `/api/widget/${slug}` })).json();
    expect(
      widget.entries.map((e: { version: string; publishedAt: string }) => [e.version, e.publishedAt]),
    ).toEqual([
      ['1.1.0', '2024-03-05T10:00:00.000Z'],
      ['1.0.0', '2023-11-20T09:30:00.000Z'],
    ]);
    const page = await server.app.inject({ url: `/changelog/${slug}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('Fix the crash on an empty config file');
    expect(page.body).toContain('The first release: rockets launch from the command line');

    // Never dispatched: no email, channel delivery or shipped-comment job.
    expect(await dispatchJobs()).toBe(0);
    const [audit] = await server.db.sql<{ action: string; actorType: string }[]>`
      select action, actor_type from audit_log where project_id = ${owner.project.id} and action = 'entries.imported'`;
    expect(audit).toEqual({ action: 'entries.imported', actorType: 'key' });
  });

  it('replaces an imported version in place when it is imported again, and skips a version made otherwise', async () => {
    const first = (await importReleases(HISTORY)).json();
    const id = first.entries[0].id;
    const slug = (await get(id)).slug;
    const written = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers,
      payload: { title: 'Written by hand', body: 'Our own words.', version: '2.0.0', publish: true },
    });
    const jobsBefore = await dispatchJobs();

    const again = await importReleases({
      releases: [
        {
          version: '1.1.0',
          publishedAt: '2024-03-06T08:00:00Z',
          notes: '- Added dark mode.',
          title: 'v1.1.0: Dark mode',
        },
        { version: 'v2.0.0', publishedAt: '2024-06-01T00:00:00Z', notes: '- Something else.' },
        { version: '1.1.0', publishedAt: '2024-03-07T08:00:00Z', notes: '- Twice.' },
      ],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      imported: 0,
      replaced: 1,
      entries: [{ id, slug, version: '1.1.0', status: 'published' }],
      skipped: [
        {
          version: '2.0.0',
          reason: `an entry of this version exists already (written through the API): ${written.json().entry.id}`,
        },
        { version: '1.1.0', reason: 'duplicate' },
      ],
    });
    const replaced = await get(id);
    expect(replaced).toMatchObject({
      title: 'Dark mode',
      body: '- Added dark mode.',
      category: 'feature',
      publishedAt: '2024-03-06T08:00:00.000Z',
      slug,
      // No repository this time: the entry says so.
      source: null,
    });
    // Imported again without its commits: what it was made of is forgotten with the old notes.
    expect(await changesOf(id)).toBeUndefined();
    expect((await get(written.json().entry.id)).title).toBe('Written by hand');
    expect(await dispatchJobs()).toBe(jobsBefore);
  });

  it('keeps what the team decided when a version is imported again: status, visibility, segments, summary, announce', async () => {
    const { headers: other, project } = await server.project();
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      server.app.inject({ method, url, headers: other, payload });
    const release = { version: '3.1.0', publishedAt: '2024-08-01T00:00:00Z', notes: '- Added sharing.' };
    const id = (await call('POST', '/api/v1/entries/import', { releases: [release] })).json().entries[0].id;
    const decided = {
      visibility: 'internal',
      segments: ['beta'],
      summary: 'Sharing, for the beta group.',
      announce: true,
    };
    expect((await call('PATCH', `/api/v1/entries/${id}`, decided)).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/entries/${id}/unpublish`, {})).statusCode).toBe(200);

    const again = await call('POST', '/api/v1/entries/import', {
      releases: [{ ...release, notes: '- Added sharing with a link.' }],
    });
    expect(again.json()).toMatchObject({ replaced: 1, entries: [{ id, status: 'draft' }] });
    const entry = (await server.app.inject({ url: `/api/v1/entries/${id}`, headers: other })).json().entry;
    expect(entry).toMatchObject({
      ...decided,
      status: 'draft',
      publishedAt: null,
      body: '- Added sharing with a link.',
    });
    expect((await server.app.inject({ url: `/api/widget/${project.slug}` })).json().entries).toEqual([]);
  });

  it('keeps the longer notes of a version named twice, and warns of a date more than a day from its tag', async () => {
    const { headers: other } = await server.project();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: other,
      payload: {
        releases: [
          { version: '4.0.0', publishedAt: '2024-09-01T00:00:00Z', notes: '- See below.' },
          {
            version: '4.0.0',
            publishedAt: '2024-09-01T00:00:00Z',
            notes: '- Added teams.\n- Fixed the export of long names.',
            taggedAt: '2024-08-20T12:00:00Z',
          },
          {
            version: '3.9.0',
            publishedAt: '2024-08-01T00:00:00Z',
            notes: '- Faster search.',
            taggedAt: '2024-08-01T18:00:00Z',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 2,
      skipped: [{ version: '4.0.0', reason: 'duplicate' }],
      warnings: [
        {
          version: '4.0.0',
          message:
            "the changelog dates it 2024-09-01, its tag 2024-08-20: imported with the changelog's date",
        },
      ],
    });
    const kept = await server.app.inject({
      url: `/api/v1/entries/${res.json().entries[0].id}`,
      headers: other,
    });
    expect(kept.json().entry).toMatchObject({
      version: '4.0.0',
      body: '- Added teams.\n- Fixed the export of long names.',
      publishedAt: '2024-09-01T00:00:00.000Z',
    });
  });

  it('refuses a release dated now or later, naming it, and writes nothing', async () => {
    const { headers: other } = await server.project();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: other,
      payload: {
        releases: [
          { version: '0.1.0', publishedAt: '2020-01-01T00:00:00Z', notes: '- ok' },
          {
            version: '0.2.0',
            publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
            notes: '- later',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid',
      errors: [{ pointer: '/releases/1/publishedAt', detail: expect.stringMatching(/in the past/) }],
    });
    const listed = await server.app.inject({ url: '/api/v1/entries', headers: other });
    expect(listed.json().entries).toEqual([]);
  });

  it('refuses notes nested too deep like create refuses such a body (400 at the field), and takes the same depth both ways', async () => {
    const { headers: other } = await server.project();
    const send = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, headers: other, payload });
    const release = (version: string, notes: string) => ({
      version,
      publishedAt: '2022-03-01T00:00:00Z',
      notes,
      commits: ['feat: quotes'],
    });
    // Five thousand levels: past the nesting limit, and past what marked can parse on the request thread.
    const deep = `${'>'.repeat(5_000)} Quoted`;
    const imported = await send('/api/v1/entries/import', { releases: [release('4.0.0', deep)] });
    expect(imported.statusCode, imported.body).toBe(400);
    expect(imported.json()).toMatchObject({
      code: 'invalid',
      errors: [{ pointer: '/releases/0/notes', detail: 'too complex to render' }],
    });
    const created = await send('/api/v1/entries', { title: 'Deep', body: deep });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual([{ pointer: '/body', detail: 'too complex to render' }]);
    expect((await server.app.inject({ url: '/api/v1/entries', headers: other })).json().entries).toEqual([]);

    // Sixty levels are within the limit: imported (and learned from, with its commits) and created alike.
    const nested = `${'>'.repeat(60)} Quotes nest`;
    const ok = await send('/api/v1/entries/import', { releases: [release('4.1.0', nested)] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ imported: 1, profile: { releasesLearned: 1 } });
    const entry = (
      await server.app.inject({ url: `/api/v1/entries/${ok.json().entries[0].id}`, headers: other })
    ).json().entry;
    expect(entry.title).toBe('Quotes nest');
    expect(entry.html.match(/<blockquote>/g)).toHaveLength(60);
    const same = await send('/api/v1/entries', { title: 'Nested', body: nested });
    expect(same.statusCode, same.body).toBe(201);
  });

  it('replays the answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const { headers: other } = await server.project();
    const send = (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/entries/import',
        headers: { ...other, 'idempotency-key': 'import-once' },
        payload,
      });
    const payload = {
      releases: [{ version: '3.0.0', publishedAt: '2022-02-02T00:00:00Z', notes: '- Three.' }],
    };
    const first = await send(payload);
    expect(first.statusCode).toBe(201);
    const replay = await send(payload);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.json()).toMatchObject({ imported: 1, replaced: 0 });
    expect((await send({ ...payload, repository: 'o/r' })).statusCode).toBe(422);
  });

  it('is a publisher’s: a contributor is refused', async () => {
    const { project } = await server.project();
    const contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: { ...contributor.headers, 'shiplog-project': project.slug },
      payload: HISTORY,
    });
    expect(res.statusCode).toBe(403);
  });

  it('takes a body above the 1 MiB of other routes, up to 8 MiB', async () => {
    const { headers: other } = await server.project();
    const notes = `- ${'Long notes. '.repeat(8_000)}`;
    const releases = Array.from({ length: 20 }, (_, i) => ({
      version: `0.${i}.0`,
      publishedAt: `2021-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      notes,
    }));
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: other,
      payload: { releases },
    });
    expect(JSON.stringify({ releases }).length).toBeGreaterThan(1024 * 1024);
    expect(big.statusCode, big.body.slice(0, 300)).toBe(201);
    expect(big.json().imported).toBe(20);
    const tooBig = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: { ...other, 'content-type': 'application/json' },
      payload: JSON.stringify({ releases: [{ version: '9.0.0', notes: 'x'.repeat(9 * 1024 * 1024) }] }),
    });
    expect(tooBig.statusCode).toBe(413);
  });
});

describe('GET /api/v1/entries?origin=', () => {
  it('lists the entries made one way, with a cursor bound to that filter', async () => {
    const { headers: other } = await server.project();
    const list = (query: string) => server.app.inject({ url: `/api/v1/entries?${query}`, headers: other });
    expect((await list('origin=import&limit=1')).json().entries).toEqual([]);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries',
      headers: other,
      payload: { title: 'Hand-made', body: 'x' },
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: other,
      payload: {
        releases: [
          { version: '1.0.0', publishedAt: '2020-01-01T00:00:00Z', notes: '- One.' },
          { version: '1.1.0', publishedAt: '2020-02-01T00:00:00Z', notes: '- Two.' },
        ],
      },
    });
    const page = (await list('origin=import&limit=1')).json();
    expect(page.entries.map((e: { version: string }) => e.version)).toEqual(['1.1.0']);
    const next = (await list(`origin=import&limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.entries.map((e: { version: string }) => e.version)).toEqual(['1.0.0']);
    expect((await list('origin=api')).json().entries.map((e: { title: string }) => e.title)).toEqual([
      'Hand-made',
    ]);
    expect((await list(`limit=1&cursor=${page.nextCursor}`)).statusCode).toBe(400);
    expect((await list('origin=pasted')).statusCode).toBe(400);
  });
});
