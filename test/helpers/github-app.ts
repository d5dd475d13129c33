/**
 * The GitHub side of App tests: a test app key, the App's settings, Probot's Octokit without the
 * throttling plugin's pacing (one write a second), and nock scopes for the calls every delivery makes.
 * Payloads are real ones from @octokit/webhooks-examples (repository Codertocat/Hello-World,
 * installation 1), adjusted per test.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import nock from 'nock';
import { ProbotOctokit } from 'probot';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { linkRepository } from '../../server/services/github/manage-links.ts';
import { useTestServer } from './build-server.ts';
import { webhookExample } from './webhook-examples.ts';

export const GITHUB_API = 'https://api.github.com';
export const REPO_PATH = '/repos/Codertocat/Hello-World';
export const APP_LOGIN = 'shiplog-test[bot]';
export const WEBHOOK_SECRET = 'webhook-secret-for-tests';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

/** The App's environment (docs/github-app.md#github-app). */
export function appEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { APP_ID: '123', PRIVATE_KEY: privateKey, WEBHOOK_SECRET, ...extra };
}

/**
 * Probot's Octokit with throttling and retries off. A function default, because Probot builds the
 * installation's client from the outer options, where a plain `{ throttle: { enabled: false } }` is lost.
 */
export const QuietOctokit = ProbotOctokit.defaults((options: Record<string, any>) => ({
  ...options,
  throttle: { ...options.throttle, enabled: false },
  retry: { enabled: false },
})) as typeof ProbotOctokit;

/** `sha256=<HMAC-SHA-256 hex>` of the exact body, as GitHub signs a delivery. */
export function signBody(body: string, secret = WEBHOOK_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The installation token alone: asked once per server, then cached by Probot. */
export function mockInstallationToken(base = GITHUB_API): nock.Scope {
  return nock(base)
    .post('/app/installations/1/access_tokens')
    .reply(201, { token: 'ghs_installation_token', expires_at: '2099-01-01T00:00:00Z', permissions: {} });
}

/** The installation token and the app's own slug: asked once per server, then cached by Probot. */
export function mockAppAuth(base = GITHUB_API): nock.Scope {
  return mockInstallationToken(base)
    .get('/app')
    .reply(200, { id: 123, slug: 'shiplog-test', name: 'Shiplog test' });
}

const CONFIG_PATH = /\/contents\/\.github(%2F|\/)shiplog\.yml/;

/** `.github/shiplog.yml` of the repository (raw YAML), or none there nor in the owner's `.github`. */
export function mockRepoConfig(yaml: string | null, base = GITHUB_API): nock.Scope {
  const scope = nock(base);
  if (yaml !== null) return scope.get((p) => p.startsWith(REPO_PATH) && CONFIG_PATH.test(p)).reply(200, yaml);
  return scope
    .get((p) => p.startsWith(REPO_PATH) && CONFIG_PATH.test(p))
    .reply(404, { message: 'Not Found' })
    .get((p) => p.startsWith('/repos/Codertocat/.github/') && CONFIG_PATH.test(p))
    .reply(404, { message: 'Not Found' });
}

export type PostedComment = { id: number; body: string };

/** The app's own sticky comment as GitHub lists it. */
export function appComment(id: number, body: string) {
  return { id, body, user: { login: APP_LOGIN, type: 'Bot' } };
}

/**
 * GitHub's answers while the App drafts pull request `number` of Codertocat/Hello-World: its comments
 * (`existing`), its commits, its changed files (`files`, GitHub's shape: none by default), and
 * `.github/shiplog.yml` (`config`, or none).
 */
export function mockDraftingCalls(options: {
  number?: number;
  config?: string | null;
  existing?: object[];
  commitList: object[];
  files?: object[];
}): nock.Scope[] {
  const number = options.number ?? 2;
  return [
    nock(GITHUB_API)
      .get(`${REPO_PATH}/issues/${number}/comments`)
      .query(true)
      .reply(200, options.existing ?? [])
      .get(`${REPO_PATH}/pulls/${number}/commits`)
      .query(true)
      .reply(200, options.commitList)
      .get(`${REPO_PATH}/pulls/${number}/files`)
      .query(true)
      .reply(200, options.files ?? []),
    mockRepoConfig(options.config ?? null),
  ];
}

/** The comment the App writes: a new one on `number`, or an update of `commentId`; `captured.body` holds it. */
export function captureComment(
  kind: 'post' | 'patch',
  number = 2,
  commentId = 0,
): { scope: nock.Scope; captured: { body?: string } } {
  const captured: { body?: string } = {};
  const capture = (b: { body: string }) => {
    captured.body = b.body;
    return true;
  };
  const scope =
    kind === 'post'
      ? nock(GITHUB_API).post(`${REPO_PATH}/issues/${number}/comments`, capture).reply(201, { id: 9001 })
      : nock(GITHUB_API)
          .patch(`${REPO_PATH}/issues/comments/${commentId}`, capture)
          .reply(200, { id: commentId });
  return { scope, captured };
}

/**
 * A real `pull_request` delivery (installation 1, Codertocat/Hello-World) with its `action`, its pull
 * request changed by `change`, and its `number` following the pull request's.
 */
export function pullRequestEvent(action: string, change: (pr: Record<string, any>) => void = () => {}) {
  const payload = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation));
  payload.action = action;
  change(payload.pull_request);
  payload.number = payload.pull_request.number;
  return payload;
}

/**
 * The App in-process for one test file, with no network but nock's: a test server (no workers) with
 * the App's environment and {@link QuietOctokit}, its project linked to Codertocat/Hello-World. `auth`
 * (by default {@link mockAppAuth}) must be used up by the end of the file, and every scope a test
 * pushes on `scopes` by the end of that test. `receive` hands one delivery to `probot.receive`.
 */
export function useAppServer(options: { auth?: () => nock.Scope } = {}) {
  beforeAll(() => nock.disableNetConnect());
  const { server, headers, owner } = useTestServer(appEnv(), { workers: false, githubOctokit: QuietOctokit });
  const scopes: nock.Scope[] = [];
  let auth: nock.Scope | undefined;
  let delivery = 0;
  beforeAll(async () => {
    await linkRepository(server.db.sql, 'Codertocat/Hello-World', owner.project.slug);
    auth = (options.auth ?? mockAppAuth)();
  });
  afterEach(() => {
    for (const scope of scopes.splice(0)) expect(scope.pendingMocks()).toEqual([]);
  });
  afterAll(() => {
    expect(auth?.pendingMocks()).toEqual([]);
    nock.cleanAll();
    nock.enableNetConnect();
  });
  const receive = (name: string, payload: object) =>
    server.app.shiplog.github!.receive({ id: `d${++delivery}`, name, payload } as never);
  /** Pull request `calls.number` opened (`change` edits it), GitHub answering `calls`: the comment posted. */
  const draftOpened = async (
    calls: Parameters<typeof mockDraftingCalls>[0] & { number: number },
    change: (pr: Record<string, any>) => void = () => {},
  ): Promise<string> => {
    scopes.push(...mockDraftingCalls(calls));
    const posted = captureComment('post', calls.number);
    scopes.push(posted.scope);
    await receive(
      'pull_request',
      pullRequestEvent('opened', (pr) => {
        pr.number = calls.number;
        change(pr);
      }),
    );
    return posted.captured.body ?? '';
  };
  return { server, headers, owner, scopes, receive, draftOpened };
}

/** A delivery through POST /api/github/webhooks, signed as GitHub signs it. @returns the answer. */
export function deliverWebhook(app: FastifyInstance, name: string, id: string, payload: object) {
  const body = JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/api/github/webhooks',
    headers: {
      'content-type': 'application/json',
      'x-github-event': name,
      'x-github-delivery': id,
      'x-hub-signature-256': signBody(body),
    },
    payload: body,
  });
}
