/**
 * The drafting profile end to end (issue 31; docs/api.md#import-history-and-the-drafting-profile): a
 * project's imported history teaches it (what its notes list, its headings and their order, how many
 * items, how items are worded), `GET /api/v1/drafting/profile` says so in words, generate drafts the
 * next release that way, publishing a draft teaches it again, and `DELETE` puts drafts back on the
 * built-in defaults. Through HTTP against the real database, with the job workers running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { signedInUser } from '../../../helpers/dashboard.ts';
import { waitUntil } from '../../../helpers/wait-until.ts';

let server: TestServer;
let headers: Record<string, string>;
let project: ProjectRow;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  ({ headers, project } = await server.project('pro'));
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object, as = headers) =>
  server.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
const profile = async () => (await call('GET', '/api/v1/drafting/profile')).json().profile;

/**
 * A release of a project whose maintainers list features under "Added" and fixes under "Fixed", in the
 * past tense, and leave out docs and test work.
 */
function release(n: number) {
  return {
    version: `1.${n}.0`,
    publishedAt: new Date(Date.UTC(2024, n, 1)).toISOString(),
    notes: `### Added\n\n- Added export format number ${n}\n\n### Fixed\n\n- Fixed crash when the queue ${n} is empty\n`,
    commits: [
      `Add export format number ${n}`,
      `Crash when the queue ${n} is empty`,
      `Explain export format ${n} in the guide`,
      `Cover queue ${n} with more cases`,
    ],
    commitDetails: [
      { index: 0, files: [`src/export/format${n}.rs`], additions: 120, deletions: 4 },
      { index: 1, files: ['src/queue.rs'], additions: 8, deletions: 2 },
      { index: 2, files: [`docs/export-${n}.md`], additions: 30, deletions: 0 },
      { index: 3, files: [`tests/queue_${n}.rs`], additions: 60, deletions: 0 },
    ],
  };
}

const next = {
  commits: ['Add Parquet export', 'Crash when the cache is cold', 'Describe Parquet in the guide'],
  commitDetails: [
    { index: 0, files: ['src/export/parquet.rs'], additions: 300, deletions: 10 },
    { index: 1, files: ['src/cache.rs'], additions: 5, deletions: 1 },
    { index: 2, files: ['docs/parquet.md'], additions: 40, deletions: 0 },
  ],
};

describe('the drafting profile', () => {
  it('starts from the built-in defaults', async () => {
    expect(await profile()).toMatchObject({
      releasesLearned: 0,
      updatedAt: null,
      detail: 'full',
      sections: [],
      description: expect.stringMatching(/^Nothing learned yet: drafts follow the built-in defaults/),
    });
  });

  it('learns from imported releases that carry their commits, and says so in words', async () => {
    const res = await call('POST', '/api/v1/entries/import', {
      releases: [1, 2, 3, 4].map(release),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().profile).toEqual({ releasesLearned: 4 });
    const learned = await profile();
    expect(learned).toMatchObject({
      releasesLearned: 4,
      updatedAt: expect.any(String),
      detail: 'full',
      sections: [
        { category: 'feature', heading: 'Added' },
        { category: 'fix', heading: 'Fixed' },
      ],
      itemsPerRelease: 2,
      style: { references: false, credits: false, pastTense: true },
    });
    // In words, only what drafts apply: the headings and what titles name; plain drafts already fold the docs and tests by
    // their files, so the listing it learned gains nothing on the replay and is not applied.
    expect(learned.description).toMatch(
      /^Learned from 4 releases: about 2 items a release; headings Added \/ Fixed; titles name its features first; not applied, as its releases showed: what it lists,/,
    );
    expect(learned.listing.find((l: { kind: string }) => l.kind === 'docs').rate).toBeLessThan(0.5);
  });

  it('drafts the next release the way the project writes: its headings and their order', async () => {
    const res = await call('POST', '/api/v1/entries/generate', next);
    expect(res.statusCode, res.body).toBe(201);
    const { draft } = res.json();
    expect(draft.profile).toEqual({ releasesLearned: 4 });
    expect([...draft.body.matchAll(/^### (.+)$/gm)].map((m: RegExpMatchArray) => m[1])).toEqual([
      'Added',
      'Fixed',
      'Improvements',
    ]);
    // The past tense is learned (`style`) but not applied: wording is kept only where the replay shows
    // a gain (docs/drafting.md, "The profile proves itself").
    expect(draft.body).toContain('- Add Parquet export\n');
    expect(draft.body).not.toMatch(/Describe Parquet/);
  });

  it('learns again when a draft is published', async () => {
    const drafted = await call('POST', '/api/v1/entries/generate', next);
    const id = drafted.json().entry.id;
    const published = await call('POST', `/api/v1/entries/${id}/publish`, {});
    expect(published.statusCode).toBe(200);
    await waitUntil(
      'the profile learned from the published draft',
      async () => (await profile()).releasesLearned === 5,
    );
  });

  it('is reset by a publisher (not a contributor): drafts go back to the defaults, entries stay', async () => {
    const contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
    const refused = await call('DELETE', '/api/v1/drafting/profile', undefined, {
      ...contributor.headers,
      'shiplog-project': project.slug,
    });
    expect(refused.statusCode).toBe(403);

    expect((await call('DELETE', '/api/v1/drafting/profile')).statusCode).toBe(204);
    expect(await profile()).toMatchObject({ releasesLearned: 0, sections: [] });
    const res = await call('POST', '/api/v1/entries/generate', next);
    expect(res.json().draft.profile).toEqual({ releasesLearned: 0 });
    expect(res.json().draft.body).toContain('### New features');
    const list = await call('GET', '/api/v1/entries?status=published&limit=100');
    expect(list.json().entries.length).toBeGreaterThanOrEqual(5);
  });

  it('learns again from releases imported after the reset, though they are dated before it', async () => {
    expect(await profile()).toMatchObject({ releasesLearned: 0 });
    const fresh = await call('POST', '/api/v1/entries/import', { releases: [5, 6].map(release) });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().profile).toEqual({ releasesLearned: 2 });
    // Imported again after a reset, a release that taught before the reset teaches again too.
    expect((await call('DELETE', '/api/v1/drafting/profile')).statusCode).toBe(204);
    const again = await call('POST', '/api/v1/entries/import', { releases: [release(1)] });
    expect(again.json()).toMatchObject({ replaced: 1, profile: { releasesLearned: 1 } });
    expect(await profile()).toMatchObject({ releasesLearned: 1 });
  });
});

describe('a project whose notes list its docs work', () => {
  it('lists its untyped docs changes, and keeps what the author typed docs: in Maintenance', async () => {
    const other = await server.project('pro');
    const as = other.headers;
    const topics = ['invoices', 'payroll', 'timesheets', 'expenses'];
    const documented = (n: number) => ({
      version: `2.${n}.0`,
      publishedAt: new Date(Date.UTC(2024, n, 1)).toISOString(),
      notes: `### Added\n\n- Added CSV export of ${topics[n - 1]}\n- Documented how to configure SAML login step ${n}\n`,
      commits: [`Add CSV export of ${topics[n - 1]}`, `Document how to configure SAML login step ${n}`],
      commitDetails: [
        { index: 0, files: [`src/export/${topics[n - 1]}.ts`], additions: 90, deletions: 3 },
        { index: 1, files: [`docs/saml-${n}.md`], additions: 25, deletions: 0 },
      ],
    });
    const imported = await call(
      'POST',
      '/api/v1/entries/import',
      { releases: [1, 2, 3, 4].map(documented) },
      as,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const res = await call(
      'POST',
      '/api/v1/entries/generate',
      {
        commits: [
          'Add the yearly report',
          'Document the yearly report options',
          'docs: fix a typo in the guide',
        ],
        commitDetails: [
          { index: 0, files: ['src/yearly.ts'], additions: 120, deletions: 2 },
          { index: 1, files: ['docs/yearly.md'], additions: 30, deletions: 0 },
          { index: 2, files: ['docs/guide.md'], additions: 1, deletions: 1 },
        ],
      },
      as,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { body } = res.json().draft;
    const maintenance = body.slice(body.indexOf('Maintenance'));
    expect(body.slice(0, body.indexOf('Maintenance'))).toMatch(/yearly report options/);
    expect(body).not.toMatch(/typo/);
    expect(maintenance).toMatch(/^Maintenance: 1 internal change \(docs\)/);
  });
});
