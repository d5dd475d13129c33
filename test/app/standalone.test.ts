/**
 * The App as a standalone deployment (`probot run app/standalone.ts`) reaches Shiplog over HTTP with a
 * project's key (core/shiplog-client.ts) instead of in-process: the same deliveries draft, edit,
 * publish and skip through the real API on a listening server. GitHub is mocked with nock; Shiplog is
 * a real socket.
 */
import nock from 'nock';
import { Probot } from 'probot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShiplogApp } from '../../app/index.ts';
import { createShiplogClient } from '../../core/shiplog-client.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import {
  appComment,
  appEnv,
  captureComment,
  mockDraftingCalls,
  GITHUB_API,
  mockAppAuth,
  mockRepoConfig,
  QuietOctokit,
  REPO_PATH,
} from '../helpers/github-app.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let server: TestServer;
let headers: Record<string, string>;
let probot: Probot;
let delivery = 0;
let scopes: nock.Scope[] = [];
const requests: string[] = [];
const keys: string[] = [];

beforeAll(async () => {
  server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
  const created = await server.project('pro');
  headers = created.headers;
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  // Every call the App makes to Shiplog, as it goes over the socket.
  const recording: typeof fetch = async (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    const key = (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];
    if (key) keys.push(key);
    return fetch(input, init);
  };
  const client = createShiplogClient({
    baseUrl: url,
    apiKey: created.apiKey,
    userAgent: 'shiplog-app',
    fetch: recording,
  });
  probot = new Probot({ appId: 123, privateKey: appEnv().PRIVATE_KEY, Octokit: QuietOctokit });
  await probot.load(createShiplogApp({ shiplogFor: async () => client }));
  scopes.push(mockAppAuth());
});
afterAll(async () => {
  nock.cleanAll();
  await server.close();
});
afterEach(() => {
  for (const scope of scopes) expect(scope.pendingMocks()).toEqual([]);
  scopes = [];
});

const receive = (name: string, payload: object) =>
  probot.receive({ id: `s${++delivery}`, name, payload } as never);

function command(body: string, number: number) {
  const payload = webhookExample('issue_comment', 'created');
  payload.installation = { id: 1 };
  payload.issue.number = number;
  payload.issue.pull_request = { url: `${GITHUB_API}${REPO_PATH}/pulls/${number}` };
  payload.comment.id = 5000 + delivery;
  payload.comment.body = body;
  payload.comment.user = { ...payload.comment.user, login: 'maintainer', type: 'User' };
  payload.sender = { ...payload.sender, login: 'maintainer', type: 'User' };
  scopes.push(
    nock(GITHUB_API)
      .get(`${REPO_PATH}/collaborators/maintainer/permission`)
      .reply(200, { permission: 'write', role_name: 'maintain' })
      .post(`${REPO_PATH}/issues/comments/${payload.comment.id}/reactions`)
      .twice()
      .reply(201, {}),
    mockRepoConfig(null),
  );
  return payload;
}

describe('the App over HTTP with a project key', () => {
  it('drafts, edits and publishes through the API, with an Idempotency-Key on the draft', async () => {
    const { scope, captured: posted } = captureComment('post');
    scopes.push(
      ...mockDraftingCalls({
        commitList: [{ sha: 'a'.repeat(40), commit: { message: 'feat: offline mode' } }],
      }),
      scope,
    );
    await receive(
      'pull_request',
      webhookExample('pull_request', 'opened', (e) => Boolean(e.installation)),
    );
    const id = /<!-- shiplog:entry (ent_\w+) -->/.exec(posted.body ?? '')![1]!;
    expect(requests).toContain('POST /api/v1/entries/generate');
    // Derived from the repository, the pull request, its head and its text: a redelivery replays it.
    expect(keys).toEqual([expect.stringMatching(/^gh:pull_request:[\w-]{43}$/)]);

    const sticky = () =>
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/2/comments`)
        .query(true)
        .reply(200, [appComment(800, posted.body!)])
        .patch(`${REPO_PATH}/issues/comments/800`)
        .reply(200, {});
    scopes.push(sticky());
    await receive('issue_comment', command('/shiplog title Works offline', 2));
    scopes.push(sticky());
    await receive('issue_comment', command('/shiplog publish', 2));
    expect(requests).toEqual(
      expect.arrayContaining([`PATCH /api/v1/entries/${id}`, `POST /api/v1/entries/${id}/publish`]),
    );
    const entry = (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json()
      .entry;
    expect(entry).toMatchObject({ title: 'Works offline', status: 'published' });
    expect(entry.editedAt).not.toBeNull();
  });

  it('skips through the API: the draft is deleted', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: ['feat: y'], repository: 'codertocat/hello-world', source: { pullRequest: 9 } },
    });
    const id = res.json().entry.id;
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/9/comments`)
        .query(true)
        .reply(200, [appComment(801, `<!-- shiplog:draft -->\n<!-- shiplog:entry ${id} -->\n`)])
        .patch(`${REPO_PATH}/issues/comments/801`, (b) => b.body.includes('<!-- shiplog:skipped -->'))
        .reply(200, {}),
    );
    await receive('issue_comment', command('/shiplog skip', 9));
    expect(requests).toContain(`DELETE /api/v1/entries/${id}`);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).statusCode,
    ).toBe(404);
  });
});
