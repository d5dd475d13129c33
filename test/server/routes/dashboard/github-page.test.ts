/**
 * The GitHub page (docs/api.md#github-page): the repositories the App is installed on, learnt
 * from signed `installation` webhooks through the real endpoint and job; link and unlink them to the
 * project (another project's repository can be neither taken nor seen into); and each repository's
 * last deliveries with how their jobs ended (ignored, processed, failed).
 */
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow } from '../../../../server/db/projects.ts';
import { linkRepository } from '../../../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';
import { appEnv, deliverWebhook, QuietOctokit } from '../../../helpers/github-app.ts';
import { jobsSettled } from '../../../helpers/jobs-settled.ts';
import { webhookExample } from '../../../helpers/webhook-examples.ts';

let server: TestServer;
let project: ProjectRow;
let publisher: SignedInUser;
let contributor: SignedInUser;
let delivery = 0;

beforeAll(async () => {
  nock.disableNetConnect();
  server = await buildTestServer(appEnv(), { githubOctokit: QuietOctokit });
  project = (await server.project('pro')).project;
  publisher = await signedInUser(server, [{ projectId: project.id, role: 'publisher' }]);
  contributor = await signedInUser(server, [{ projectId: project.id, role: 'contributor' }]);
});
afterAll(async () => {
  nock.cleanAll();
  nock.enableNetConnect();
  await server.close();
});

/** A signed delivery through POST /api/github/webhooks. @returns its X-GitHub-Delivery id. */
async function deliver(name: string, payload: object): Promise<string> {
  const id = `page-${++delivery}`;
  expect((await deliverWebhook(server.app, name, id, payload)).statusCode).toBe(202);
  return id;
}

type Repository = {
  repository: string;
  installed: boolean;
  link: string | null;
  lastDeliveries: { id: string; event: string; status: string; error: string | null }[];
};
const page = async (user = publisher): Promise<Repository[]> => {
  const res = await server.app.inject({
    url: `/api/dashboard/projects/${project.slug}/github`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().repositories;
};
const link = (repository: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/dashboard/projects/${project.slug}/github/links`,
    headers: publisher.headers,
    payload: { repository },
  });
const unlink = (repository: string) =>
  server.app.inject({
    method: 'DELETE',
    url: `/api/dashboard/projects/${project.slug}/github/links/${repository}`,
    headers: publisher.headers,
  });

describe('the GitHub page', () => {
  it('lists where the App is installed, links and unlinks, and keeps out of other projects', async () => {
    const created = webhookExample('installation', 'created');
    await deliver('installation', created);
    const added = webhookExample('installation_repositories', 'added');
    added.installation = { ...created.installation, suspended_at: null };
    await deliver('installation_repositories', added);
    await jobsSettled(server.db.sql, ['github-webhook']);
    expect((await page()).map((r) => [r.repository, r.installed, r.link])).toEqual([
      ['codertocat/hello-world', true, null],
      ['codertocat/space', true, null],
    ]);

    expect((await link('Codertocat/Hello-World')).statusCode).toBe(204);
    expect((await link('codertocat/hello-world')).statusCode).toBe(204);
    expect((await link('octo/not-installed')).statusCode).toBe(404);
    expect((await link('not a name')).statusCode).toBe(400);
    const other = await server.project('pro');
    await linkRepository(server.db.sql, 'Codertocat/Space', other.project.slug);
    expect((await link('Codertocat/Space')).statusCode).toBe(409);
    expect((await unlink('Codertocat/Space')).statusCode).toBe(404);
    expect((await page()).map((r) => [r.repository, r.link])).toEqual([
      ['codertocat/hello-world', 'this'],
      ['codertocat/space', 'other'],
    ]);
    expect(JSON.stringify(await page())).not.toContain(other.project.slug);

    const forbidden = await server.app.inject({
      method: 'POST',
      url: `/api/dashboard/projects/${project.slug}/github/links`,
      headers: contributor.headers,
      payload: { repository: 'Codertocat/Hello-World' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await unlink('codertocat/hello-world')).statusCode).toBe(204);
    expect((await page())[0]!.link).toBeNull();
  });

  it("shows each repository's last deliveries and how they ended", async () => {
    expect((await link('Codertocat/Hello-World')).statusCode).toBe(204);
    const ignored = await deliver('star', webhookExample('star', 'created'));
    const comment = webhookExample('issue_comment', 'created', (e) => Boolean(e.installation));
    comment.comment.body = 'Thanks, looks good!';
    const processed = await deliver('issue_comment', comment);
    // The App drafts a pull request by asking GitHub, which this test does not answer: the job fails.
    const opened = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation));
    const failed = await deliver('pull_request', opened);
    await expect
      .poll(async () => (await page())[0]!.lastDeliveries.map((d) => [d.id, d.event, d.status]), {
        timeout: 15_000,
      })
      .toEqual([
        [failed, 'pull_request', 'failed'],
        [processed, 'issue_comment', 'processed'],
        [ignored, 'star', 'ignored'],
      ]);
    expect((await page())[0]!.lastDeliveries[0]!.error).toBeTruthy();
    expect((await page())[1]!.lastDeliveries).toEqual([]);
  });

  it('lists a repository linked here without the App (by the CLI): not installed, privacy unknown', async () => {
    await linkRepository(server.db.sql, 'Octo/Cli-Only', project.slug);
    const linkedOnly = (await page()).find((r) => r.repository === 'octo/cli-only');
    expect(linkedOnly).toEqual({
      repository: 'octo/cli-only',
      installed: false,
      account: 'octo',
      private: null,
      link: 'this',
      lastDeliveries: [],
    });
  });
});
