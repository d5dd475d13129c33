/**
 * The profile proves itself, through HTTP (docs/api.md#import-history-and-the-drafting-profile): after
 * an import with commits, `GET /api/v1/drafting/profile` carries `validation` (the releases replayed,
 * plain and learned precision and recall, the parts applied and each part's verdict); a stored profile
 * from an older Shiplog or one the schema refuses is learned again, never a 500. Against the real
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { loadReleases } from '../../../fixtures/releases/load-releases.ts';

let server: TestServer;
let headers: Record<string, string>;
let project: ProjectRow;
beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  ({ headers, project } = await server.project('pro'));
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const profile = async () => {
  const res = await call('GET', '/api/v1/drafting/profile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
};

/** A release whose notes list its typed fix and leave out its untyped clean-ups of the sources. */
const release = (n: number) => ({
  version: `2.${n}.0`,
  publishedAt: new Date(Date.UTC(2024, n, 1)).toISOString(),
  notes: `### Fixed\n\n- Fixed a crash when the cache ${n} is empty (#${n}1)\n`,
  commits: [`fix: crash when the cache ${n} is empty (#${n}1)`, `Tidy the frobnicator ${n} internals`],
  commitDetails: [
    { index: 0, files: [`src/cache${n}.rs`], additions: 10, deletions: 2 },
    { index: 1, files: [`src/frob${n}.rs`], additions: 40, deletions: 30 },
  ],
});

describe('profile.validation', () => {
  it('is null before anything is learned, and after an import with commits says what the replay showed', async () => {
    expect((await profile()).validation).toBeNull();
    const res = await call('POST', '/api/v1/entries/import', { releases: [1, 2, 3, 4].map(release) });
    expect(res.statusCode, res.body).toBe(201);
    const { validation, releasesLearned } = await profile();
    expect(releasesLearned).toBe(4);
    expect(validation.releases).toBe(4);
    expect(validation.plain).toEqual({ precision: 0.5, recall: 1 });
    expect(validation.learned).toEqual({ precision: 1, recall: 1 });
    expect(validation.applied).toContain('listing');
    expect(validation.parts.map((p: { part: string }) => p.part)).toEqual([
      'listing',
      'productPaths',
      'breaking',
      'detail',
      'sections',
      'headline',
      'style',
    ]);
    expect(validation.parts[0].reason).toMatch(/^kept: precision 1\.00 ≥ 0\.50, recall 1\.00 ≥ 1\.00$/);
  });

  it('the description says what is left out only when the replay applies the listing', async () => {
    expect((await profile()).description).toMatch(/: lists fixes; leaves out improvements;/);
    // ripgrep's own releases: the listing it learns loses recall on them, so it is not applied.
    const other = await server.project('pro');
    const releases = loadReleases()
      .filter((r) => r.repo === 'BurntSushi/ripgrep')
      .map((r) => ({
        version: r.tag,
        publishedAt: new Date(r.date).toISOString(),
        notes: r.releaseNotes,
        commits: r.commits.map((c) => c.message),
      }));
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/import',
      headers: other.headers,
      payload: { releases },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const res = await server.app.inject({ url: '/api/v1/drafting/profile', headers: other.headers });
    const { description, validation } = res.json().profile;
    expect(validation.applied).not.toContain('listing');
    expect(description).toMatch(/^Learned from 10 releases: /);
    expect(description).not.toMatch(/leaves out|[:;] lists /);
    expect(description).toMatch(/not applied, as its releases showed: what it lists/);
  });

  it('a stored profile of an older shape or a damaged one is learned again, not a 500', async () => {
    for (const stored of [
      { version: 1, releasesLearned: 4, kinds: {} },
      { version: 2, selector: 'x' },
    ]) {
      await server.db.sql`
        update drafting_profiles set profile = ${server.db.sql.json(stored)} where project_id = ${project.id}`;
      const shown = await profile();
      expect(shown.releasesLearned).toBe(4);
      expect(shown.validation.releases).toBe(4);
      const res = await call('POST', '/api/v1/entries/generate', {
        commits: ['fix: crash when the cache 9 is empty', 'Tidy the frobnicator 9 internals'],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().draft.profile).toEqual({ releasesLearned: 4 });
    }
  });
});
