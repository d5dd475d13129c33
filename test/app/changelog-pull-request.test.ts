/**
 * With a server, `.github/shiplog.yml` `changelog-file` + `changelog-pull-request: true`: publishing an
 * entry drafted from the repository makes the `github-shipped` job write it into that changelog in the
 * file's own format, by one pull request from `shiplog/changelog` (GitHub mocked with nock, every scope
 * done; a second publication updates that pull request instead of opening another).
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../server/jobs/job-handlers.ts';
import { GITHUB_API, mockInstallationToken, useAppServer } from '../helpers/github-app.ts';

const REPO_PATH = '/repos/codertocat/hello-world';
const CHANGELOG = '# Changelog\n\n## [10.3.0] - 2026-01-01\n\n### Added\n\n- Export as JSON.\n';
const CONFIG = 'shipped-comment: false\nchangelog-file: CHANGELOG.md\nchangelog-pull-request: true\n';

const { server, headers, scopes } = useAppServer({ auth: mockInstallationToken });
const log = { warn: () => {}, error: () => {} };

async function published(version: string, release: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers,
    payload: {
      commits: [`feat: export the changelog as CSV in ${version}`],
      version,
      repository: 'Codertocat/Hello-World',
      source: { release },
      publish: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.id;
}

const runJob = (entryId: string) =>
  JOB_HANDLERS['github-shipped'](
    server.app.shiplog,
    { entryId },
    { id: 'j', signal: new AbortController().signal },
    log,
  );

/** The reads every run makes, and the branch and pull request as they stand. */
function mockGitHub(state: { pull: boolean; branch: string | null; text: string }) {
  const committed: { text?: string; parent?: string } = {};
  const scope = nock(GITHUB_API)
    .get(`${REPO_PATH}/installation`)
    .reply(200, { id: 1 })
    .get(`${REPO_PATH}/contents/.github%2Fshiplog.yml`)
    .reply(200, CONFIG)
    .get(`${REPO_PATH}`)
    .reply(200, { default_branch: 'main' })
    .get(`${REPO_PATH}/pulls`)
    .query({ state: 'open', head: 'codertocat:shiplog/changelog', per_page: '1' })
    .reply(
      200,
      state.pull ? [{ number: 5, html_url: 'https://github.com/codertocat/hello-world/pull/5' }] : [],
    )
    .get(`${REPO_PATH}/git/ref/heads%2Fshiplog%2Fchangelog`)
    .reply(
      state.branch ? 200 : 404,
      state.branch ? { object: { sha: state.branch } } : { message: 'Not Found' },
    )
    .get(`${REPO_PATH}/git/ref/heads%2Fmain`)
    .reply(200, { object: { sha: 'base' } })
    .get(`${REPO_PATH}/contents/CHANGELOG.md`)
    .query({ ref: state.pull && state.branch ? state.branch : 'base' })
    .reply(200, state.text)
    .get(/\/git\/commits\/\w+$/)
    .reply(200, { sha: 'x', tree: { sha: 'tree0' } })
    .post(
      `${REPO_PATH}/git/trees`,
      (b: { tree: { content: string }[] }) => ((committed.text = b.tree[0]!.content), true),
    )
    .reply(201, { sha: 'tree1' })
    .post(`${REPO_PATH}/git/commits`, (b: { parents: string[] }) => ((committed.parent = b.parents[0]), true))
    .reply(201, { sha: 'head1' });
  if (state.branch) scope.patch(`${REPO_PATH}/git/refs/heads%2Fshiplog%2Fchangelog`).reply(200, {});
  else
    scope.post(`${REPO_PATH}/git/refs`, { ref: 'refs/heads/shiplog/changelog', sha: 'head1' }).reply(201, {});
  if (state.pull) scope.patch(`${REPO_PATH}/pulls/5`).reply(200, { number: 5 });
  else
    scope
      .post(
        `${REPO_PATH}/pulls`,
        (b: { head: string; base: string }) => b.head === 'shiplog/changelog' && b.base === 'main',
      )
      .reply(201, { number: 5, html_url: 'https://github.com/codertocat/hello-world/pull/5' });
  scopes.push(scope);
  return committed;
}

describe('the changelog pull request on publish (with a server)', () => {
  it('opens one pull request with the release in the file, and updates it on the next publication', async () => {
    const first = await published('10.4.0', 'v10.4.0');
    const opened = mockGitHub({ pull: false, branch: null, text: CHANGELOG });
    await runJob(first);
    expect(opened.parent).toBe('base');
    expect(opened.text).toMatch(
      /^# Changelog\n\n## \[10\.4\.0\] - \d{4}-\d{2}-\d{2}\n\n### New features\n\n- /,
    );
    expect(opened.text!.endsWith('## [10.3.0] - 2026-01-01\n\n### Added\n\n- Export as JSON.\n')).toBe(true);

    const second = await published('10.5.0', 'v10.5.0');
    const updated = mockGitHub({ pull: true, branch: 'head1', text: opened.text! });
    await runJob(second);
    expect(updated.parent).toBe('head1');
    expect(updated.text).toContain('## [10.5.0]');
    expect(updated.text).toContain('## [10.4.0]');
  });
});
