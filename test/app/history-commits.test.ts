/**
 * A History-page import teaches the drafting profile when the App can fetch the commits
 * (docs/api.md#import-history-and-the-drafting-profile): releases imported without commits into a
 * project linked to a repository the App is installed on queue a `history-commits` job in the import's
 * transaction; the job reads the repository's tags and each version's range between the previous
 * imported version's tag and its own through the installation (GitHub mocked with nock: nothing else is
 * answered), stores the commits with the entries and learns again. Where the App is not installed, the
 * import says why it cannot learn and queues nothing.
 */
import nock from 'nock';
import { beforeAll, describe, expect, it } from 'vitest';
import { addInstallationRepositories, upsertInstallation } from '../../server/db/github-installations.ts';
import { JOB_HANDLERS } from '../../server/jobs/job-handlers.ts';
import { GITHUB_API, mockInstallationToken, useAppServer } from '../helpers/github-app.ts';

const REPO_PATH = '/repos/codertocat/hello-world';
const { server, headers, owner, scopes } = useAppServer({ auth: mockInstallationToken });
const log = { warn: () => {}, error: () => {} };

const release = (version: string, day: string, notes: string) => ({
  version,
  publishedAt: `${day}T10:00:00Z`,
  notes,
});
const RELEASES = [
  release('1.2.0', '2025-03-01', '### Added\n\n- Export entries as CSV\n\n### Fixed\n\n- Dates in Safari'),
  release('1.1.0', '2025-02-01', '### Added\n\n- Dark mode\n\n### Fixed\n\n- A crash on empty titles'),
  release('1.0.0', '2025-01-01', '### Added\n\n- The first release'),
];

const importReleases = (releases: object[]) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries/import', headers, payload: { releases } });
const profile = async () =>
  (await server.app.inject({ url: '/api/v1/drafting/profile', headers })).json().profile as {
    releasesLearned: number;
  };
async function takeJobs(): Promise<{ projectId: string; repository: string }[]> {
  const jobs = await server.app.shiplog.jobs.boss.fetch<{ projectId: string; repository: string }>(
    'history-commits',
    { batchSize: 10 },
  );
  return jobs.map((j) => j.data);
}
const runJob = (data: { projectId: string; repository: string }) =>
  JOB_HANDLERS['history-commits'](
    server.app.shiplog,
    data,
    { id: 'j', signal: new AbortController().signal },
    log,
  );

/** A compare answer: `messages` newest first, chained by first parents as GitHub lists them (oldest first). */
function compare(base: string, head: string, messages: string[]) {
  const commits = [...messages].reverse().map((message, i) => ({
    sha: `${head}-${i}`,
    parents: [{ sha: i === 0 ? `${base}-root` : `${head}-${i - 1}` }],
    commit: { message },
  }));
  return nock(GITHUB_API)
    .get(`${REPO_PATH}/compare/${base}...${head}`)
    .query({ per_page: '100', page: '1' })
    .reply(200, { total_commits: commits.length, commits });
}
function mockRepository() {
  return nock(GITHUB_API)
    .get(`${REPO_PATH}/installation`)
    .reply(200, { id: 1 })
    .get(`${REPO_PATH}/tags`)
    .query({ per_page: '100', page: '1' })
    .reply(200, [{ name: 'v1.2.0' }, { name: 'v1.1.0' }, { name: 'v1.0.0' }, { name: 'nightly' }]);
}

describe('History-page imports and the App', () => {
  it('says it cannot learn while the App is not installed on the linked repository, and queues nothing', async () => {
    const res = await importReleases(RELEASES.slice(2));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().learning).toMatchObject({ status: 'none', repository: 'codertocat/hello-world' });
    expect(res.json().learning.reason).toMatch(/GitHub App is not installed on codertocat\/hello-world/);
    expect(await takeJobs()).toEqual([]);
  });

  describe('installed', () => {
    beforeAll(async () => {
      await upsertInstallation(server.db.sql, {
        id: 1,
        account: 'codertocat',
        accountType: 'User',
        suspended: false,
      });
      await addInstallationRepositories(server.db.sql, 1, [
        { repository: 'codertocat/hello-world', private: false },
      ]);
    });

    it('fetches each version’s commits between its tags in a job, then learns from them', async () => {
      const res = await importReleases(RELEASES);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        imported: 2,
        replaced: 1,
        profile: { releasesLearned: 0 },
        learning: { status: 'fetching', repository: 'codertocat/hello-world', reason: null },
      });
      const jobs = await takeJobs();
      expect(jobs).toEqual([{ projectId: owner.project.id, repository: 'codertocat/hello-world' }]);

      scopes.push(
        mockRepository(),
        compare('v1.1.0', 'v1.2.0', [
          'feat: export entries as CSV (#31)',
          'fix: dates in Safari',
          'ci: cache npm',
        ]),
        compare('v1.0.0', 'v1.1.0', ['feat: dark mode', 'fix: crash on empty titles', 'docs: typo']),
      );
      await runJob(jobs[0]!);
      // 1.0.0 has no earlier tag to start from: the two newer versions teach.
      expect((await profile()).releasesLearned).toBe(2);
      const stored = await server.db.sql<{ version: string; commits: string[] }[]>`
        select e.version, c.changes->'commits' as commits from entries e join entry_changes c on c.entry_id = e.id
        where e.project_id = ${owner.project.id} order by e.version`;
      expect(stored.map((r) => [r.version, r.commits.length])).toEqual([
        ['1.1.0', 3],
        ['1.2.0', 3],
      ]);

      // Again (a retry): what is stored stays; only the version without a range is looked at again.
      scopes.push(mockRepository());
      await runJob(jobs[0]!);
      expect((await profile()).releasesLearned).toBe(2);
    });

    it('a release imported with its commits teaches at once and queues no fetch', async () => {
      const res = await importReleases([{ ...RELEASES[0]!, commits: ['feat: export entries as CSV'] }]);
      expect(res.json().learning).toEqual({ status: 'commits', repository: null, reason: null });
      expect(await takeJobs()).toEqual([]);
    });
  });
});
