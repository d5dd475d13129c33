/**
 * "Shipped in …" comments (docs/github-app.md#github-app): publishing an entry drafted from a pull request
 * (through the API here) queues the `github-shipped` job; the job comments once on the pull request and
 * on the issue it closes in the same repository, through the App's installation client (GitHub mocked
 * with nock, every scope done). A retried job (the first attempt failed half-way), and an unpublish and
 * republish, comment on nothing twice; `shipped-comment: false` turns it off.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { listShippedComments } from '../../server/db/github-shipped.ts';
import { JOB_HANDLERS } from '../../server/jobs/job-handlers.ts';
import { appComment, GITHUB_API, mockInstallationToken, useAppServer } from '../helpers/github-app.ts';

/** The job knows the repository as stored: lower-case (GitHub's names are case-insensitive). */
const REPO_PATH = '/repos/codertocat/hello-world';

// The installation's token is asked once and cached by Probot for the rest of the file.
const { server, headers, scopes } = useAppServer({ auth: mockInstallationToken });
const log = { warn: () => {}, error: () => {} };

async function draftOf(pullRequest: number): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers,
    payload: {
      commits: ['feat: export the changelog as CSV'],
      version: '10.4.0',
      repository: 'Codertocat/Hello-World',
      source: { pullRequest },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.id;
}
const setStatus = async (id: string, action: 'publish' | 'unpublish') => {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/entries/${id}/${action}`,
    headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The shipped jobs queued so far (taken off the queue), by entry. */
async function takeShippedJobs(): Promise<string[]> {
  const jobs = await server.app.shiplog.jobs.boss.fetch<{ entryId: string }>('github-shipped', {
    batchSize: 10,
  });
  return jobs.map((j) => j.data.entryId);
}
const runJob = (entryId: string) =>
  JOB_HANDLERS['github-shipped'](
    server.app.shiplog,
    { entryId },
    { id: 'j', signal: new AbortController().signal },
    log,
  );

/** What every run of the job reads: the installation, `.github/shiplog.yml`, the issues the PR closes. */
function mockReads(number: number, config: string | null, closes: { number: number; repo: string }[] = []) {
  const scope = nock(GITHUB_API).get(`${REPO_PATH}/installation`).reply(200, { id: 1 });
  if (config === null || !config.includes('false'))
    scope
      .post('/graphql', (b: { variables: { number: number } }) => b.variables.number === number)
      .reply(200, {
        data: {
          repository: {
            pullRequest: {
              closingIssuesReferences: {
                nodes: closes.map((c) => ({ number: c.number, repository: { nameWithOwner: c.repo } })),
              },
            },
          },
        },
      });
  const configPath = `${REPO_PATH}/contents/.github%2Fshiplog.yml`;
  if (config === null)
    scope
      .get(configPath)
      .reply(404, { message: 'Not Found' })
      .get('/repos/codertocat/.github/contents/.github%2Fshiplog.yml')
      .reply(404, { message: 'Not Found' });
  else scope.get(configPath).reply(200, config);
  scopes.push(scope);
}
function expectComment(number: number, status = 201): { body?: string } {
  const captured: { body?: string } = {};
  scopes.push(
    nock(GITHUB_API)
      .post(`${REPO_PATH}/issues/${number}/comments`, (b: { body: string }) => {
        captured.body = b.body;
        return true;
      })
      .reply(status, status === 201 ? { id: 7000 + number } : { message: 'Server error' }),
  );
  return captured;
}

describe('shipped comments', () => {
  it('comment once on the pull request and the issue it closes, however often the job runs', async () => {
    const id = await draftOf(2);
    expect(await takeShippedJobs()).toEqual([]);
    await setStatus(id, 'publish');
    expect(await takeShippedJobs()).toEqual([id]);

    // First attempt: the pull request gets its comment, the issue's comment fails: the job fails.
    mockReads(2, null, [
      { number: 1, repo: 'Codertocat/Hello-World' },
      { number: 9, repo: 'someone/else' },
    ]);
    const onPull = expectComment(2);
    expectComment(1, 500);
    await expect(runJob(id)).rejects.toThrow();
    const page = (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json()
      .entry;
    expect(onPull.body).toMatch(/^<!-- shiplog:shipped ent_\w+ -->/);
    expect(onPull.body).toContain(`🚀 Shipped in 10.4.0: [`);
    expect(onPull.body).toContain(`](${page.url})`);

    // The retry: the pull request is done; the issue's claim is incomplete, so its comments are looked
    // at first (nothing of ours there), then it is commented on.
    mockReads(2, null, [{ number: 1, repo: 'Codertocat/Hello-World' }]);
    scopes.push(
      nock(GITHUB_API)
        .get('/app')
        .reply(200, { id: 123, slug: 'shiplog-test', name: 'Shiplog test' })
        .get(`${REPO_PATH}/issues/1/comments`)
        .query(true)
        .reply(200, [appComment(1, 'Thanks!')]),
    );
    const onIssue = expectComment(1);
    await runJob(id);
    expect(onIssue.body).toBe(onPull.body);

    // Run again, and unpublish and publish again: nothing is posted (nock refuses any other call).
    mockReads(2, null, [{ number: 1, repo: 'Codertocat/Hello-World' }]);
    await runJob(id);
    await setStatus(id, 'unpublish');
    await setStatus(id, 'publish');
    expect(await takeShippedJobs()).toEqual([id]);
    mockReads(2, null, [{ number: 1, repo: 'Codertocat/Hello-World' }]);
    await runJob(id);
    expect(await listShippedComments(server.db.sql, id)).toEqual([
      { repository: 'codertocat/hello-world', number: 1, kind: 'issue', commentId: 7001 },
      { repository: 'codertocat/hello-world', number: 2, kind: 'pull_request', commentId: 7002 },
    ]);
  });

  it('finds the comment an interrupted attempt posted instead of posting a second', async () => {
    const id = await draftOf(3);
    await setStatus(id, 'publish');
    await takeShippedJobs();
    await server.db.sql`
      insert into github_shipped_comments (entry_id, repository, number, kind)
      values (${id}, 'codertocat/hello-world', 3, 'pull_request')`;
    mockReads(3, null);
    scopes.push(
      nock(GITHUB_API)
        .get('/app')
        .reply(200, { id: 123, slug: 'shiplog-test', name: 'Shiplog test' })
        .get(`${REPO_PATH}/issues/3/comments`)
        .query(true)
        .reply(200, [appComment(4242, `<!-- shiplog:shipped ${id} -->\n🚀 Shipped`)]),
    );
    await runJob(id);
    expect((await listShippedComments(server.db.sql, id))[0]!.commentId).toBe(4242);
  });

  it('says nothing with shipped-comment: false', async () => {
    const id = await draftOf(4);
    await setStatus(id, 'publish');
    expect(await takeShippedJobs()).toEqual([id]);
    mockReads(4, 'shipped-comment: false\n');
    await runJob(id);
    expect(await listShippedComments(server.db.sql, id)).toEqual([]);
  });
});
