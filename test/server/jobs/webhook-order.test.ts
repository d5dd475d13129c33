/**
 * Webhook jobs of one pull request run one at a time, in delivery order (docs/github-app.md#github-app):
 * an `opened` and a `synchronize` delivered back to back, both queued before either runs, give one
 * sticky comment (posted, then updated), never two. Signed deliveries through the real route, the job
 * queue's workers, and a GitHub stand-in (nock) whose comment list shows what was posted.
 */
import nock from 'nock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkRepository } from '../../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';
import {
  appComment,
  appEnv,
  GITHUB_API,
  mockAppAuth,
  QuietOctokit,
  REPO_PATH,
  deliverWebhook,
} from '../../helpers/github-app.ts';
import { webhookExample } from '../../helpers/webhook-examples.ts';

let server: TestServer;
beforeAll(async () => {
  nock.disableNetConnect();
  server = await buildTestServer(appEnv(), { githubOctokit: QuietOctokit });
  const { project } = await server.project('pro');
  await linkRepository(server.db.sql, 'Codertocat/Hello-World', project.slug);
});
afterAll(async () => {
  nock.cleanAll();
  nock.enableNetConnect();
  await server.close();
});

it('runs an opened and a synchronize of one pull request one after the other: one comment', async () => {
  const posted: string[] = [];
  const patched: string[] = [];
  const scopes = [
    mockAppAuth(),
    nock(GITHUB_API)
      .persist()
      .get(`${REPO_PATH}/issues/2/comments`)
      .query(true)
      .reply(200, () => posted.map((body, i) => appComment(9000 + i, body)))
      .get(`${REPO_PATH}/pulls/2/commits`)
      .query(true)
      .reply(200, [
        { sha: 'a'.repeat(40), parents: [], commit: { message: 'feat: search as you type (#2)' } },
      ])
      .get((p) => p.includes('/contents/'))
      .reply(404, { message: 'Not Found' })
      .post(`${REPO_PATH}/issues/2/comments`, (b: { body: string }) => (posted.push(b.body), true))
      .reply(201, () => ({ id: 9000 + posted.length - 1 }))
      .patch(
        /\/repos\/Codertocat\/Hello-World\/issues\/comments\/\d+/,
        (b: { body: string }) => (patched.push(b.body), true),
      )
      .reply(200, {}),
  ];
  const deliver = async (action: string, id: string) => {
    const payload = webhookExample('pull_request', action, (e) => Boolean(e.installation));
    payload.pull_request.number = 2;
    payload.number = 2;
    payload.installation = { id: 1 };
    const res = await deliverWebhook(server.app, 'pull_request', id, payload);
    expect(res.statusCode, res.body).toBe(202);
  };
  // Both queued before a worker takes either (the workers poll every 0.5 s).
  await Promise.all([deliver('opened', 'order-1'), deliver('synchronize', 'order-2')]);
  for (let i = 0; i < 200 && posted.length + patched.length < 2; i++)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300));
  expect(posted).toHaveLength(1);
  expect(patched).toHaveLength(1);
  scopes[1]!.persist(false);
});
