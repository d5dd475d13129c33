/**
 * POST /api/github/webhooks over `inject` (CONTRACT.md "GitHub App"): the signature is checked on the
 * exact bytes (401 otherwise), a delivery is answered 202 and queued as a job, a redelivery of the same
 * X-GitHub-Delivery is not queued again, events the App does not handle are dropped, and the queued job
 * runs the App (the sticky comment reaches a mocked GitHub).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkRepository } from '../../../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import {
  appEnv,
  captureComment,
  mockDraftingCalls,
  mockAppAuth,
  QuietOctokit,
  signBody,
} from '../../../helpers/github-app.ts';
import { webhookExample } from '../../../helpers/webhook-examples.ts';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer(appEnv(), { githubOctokit: QuietOctokit });
  const { project } = await server.project('pro');
  await linkRepository(server.db.sql, 'Codertocat/Hello-World', project.slug);
});
afterAll(() => server.close());

const deliver = (body: string, headers: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/github/webhooks',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const queued = async (id: string) =>
  (
    await server.db
      .sql`select count(*)::int as n from pgboss.job where name = 'github-webhook' and data->>'id' = ${id}`
  )[0]!.n as number;

describe('POST /api/github/webhooks', () => {
  const payload = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation));
  // GitHub's own bytes: spacing a re-serialisation would not keep.
  const body = JSON.stringify(payload, null, 2);

  it('refuses a missing, forged or stale signature with 401 and queues nothing', async () => {
    const event = { 'x-github-event': 'pull_request' };
    for (const [name, headers] of Object.entries({
      missing: { ...event, 'x-github-delivery': 'bad-1' },
      'other secret': {
        ...event,
        'x-github-delivery': 'bad-2',
        'x-hub-signature-256': signBody(body, 'guess'),
      },
      'other body': {
        ...event,
        'x-github-delivery': 'bad-3',
        'x-hub-signature-256': signBody(JSON.stringify(payload)),
      },
      garbage: { ...event, 'x-github-delivery': 'bad-4', 'x-hub-signature-256': 'sha256=zz' },
    })) {
      const res = await deliver(body, headers);
      expect(res.statusCode, name).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(await queued(headers['x-github-delivery'])).toBe(0);
    }
  });

  it('answers 202, runs the delivery as a job, and does not queue a redelivery twice', async () => {
    const comment = captureComment('post');
    const scopes = [
      mockAppAuth(),
      ...mockDraftingCalls({
        commitList: [{ sha: 'a'.repeat(40), commit: { message: 'feat: search as you type' } }],
      }),
      comment.scope,
    ];
    const headers = {
      'x-github-event': 'pull_request',
      'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-hub-signature-256': signBody(body),
    };
    const first = await deliver(body, headers);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'queued' });
    const again = await deliver(body, headers);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(await queued(headers['x-github-delivery'])).toBe(1);

    await expect.poll(() => scopes.every((s) => s.isDone()), { timeout: 15_000, interval: 100 }).toBe(true);
    expect(comment.captured.body).toMatch(/^<!-- shiplog:draft -->/);
  });

  it('drops events the App does not handle, and wants the delivery headers', async () => {
    const star = JSON.stringify({ action: 'created', repository: payload.repository });
    const res = await deliver(star, {
      'x-github-event': 'star',
      'x-github-delivery': 'star-1',
      'x-hub-signature-256': signBody(star),
    });
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(await queued('star-1')).toBe(0);

    const noId = await deliver(body, {
      'x-github-event': 'pull_request',
      'x-hub-signature-256': signBody(body),
    });
    expect(noId.statusCode).toBe(400);
  });

  it('is not mounted when the App is not configured', async () => {
    const plain = await buildTestServer({}, { workers: false });
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/github/webhooks', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
