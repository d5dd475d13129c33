/**
 * The App inside `shiplog serve`, over real sockets (issue "GitHub App", tests): the CLI links a
 * repository while the server runs, a signed webhook on /api/github/webhooks is answered 202 and a forged
 * one 401, and the job posts the sticky comment to a loopback stand-in of the GitHub API. The stand-in
 * answers the first comment with GitHub's secondary rate limit (403, Retry-After: 1): the job backs off
 * and posts again instead of failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv, signBody } from '../helpers/github-app.ts';
import { type GithubStandIn, startGithubStandIn } from '../helpers/github-stand-in.ts';
import { runCli, startServe } from '../helpers/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let database: TestDatabase;
let github: GithubStandIn;

beforeAll(async () => {
  database = await createTestDatabase();
  github = await startGithubStandIn({ rateLimitFirstComment: true });
});
afterAll(async () => {
  await github.close();
  await database.drop();
});

describe('shiplog serve with the GitHub App', () => {
  it('links a repository from the CLI, takes a signed webhook, and posts the draft comment after a rate limit', async () => {
    const env = {
      SHIPLOG_DATA_DIR: database.dataDir,
      LOG_LEVEL: 'info',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...appEnv({ GITHUB_API_URL: github.url }),
    };
    const server = await startServe(env);
    try {
      // The start log says the App is mounted, and where GitHub must send its deliveries.
      await server.waitForLog(
        /GitHub App \d+ mounted: webhooks at POST http:\/\/[^ ]+\/api\/github\/webhooks/,
      );
      const created = await runCli(
        ['projects', 'create', '--name', 'Hello', '--slug', 'hello', '--plan', 'pro'],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const linked = await runCli(['github', 'link', 'Codertocat/Hello-World', 'hello'], env);
      expect(linked.code, linked.stderr).toBe(0);
      expect(linked.stdout).toContain('Linked codertocat/hello-world to project hello');
      const links = await runCli(['github', 'links', '--json'], env);
      expect(JSON.parse(links.stdout)).toEqual({
        links: [{ repository: 'codertocat/hello-world', project: 'hello', createdAt: expect.any(String) }],
      });
      const bad = await runCli(['github', 'link', 'not a repo', 'hello'], env);
      expect(bad.code).toBe(1);

      const body = JSON.stringify(webhookExample('pull_request', 'opened', (e) => Boolean(e.installation)));
      const post = (signature: string, delivery: string) =>
        fetch(`${server.url}/api/github/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-github-event': 'pull_request',
            'x-github-delivery': delivery,
            'x-hub-signature-256': signature,
          },
          body,
        });
      const forged = await post(signBody(body, 'not-the-secret'), 'forged-1');
      expect(forged.status).toBe(401);
      const accepted = await post(signBody(body), 'real-1');
      expect(accepted.status).toBe(202);

      await expect.poll(() => github.commentPosts(), { timeout: 20_000, interval: 100 }).toBe(2);
      const posts = github.seen.filter((s) => s.method === 'POST' && s.path.endsWith('/issues/2/comments'));
      expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);
      expect(JSON.parse(posts[1]!.body).body).toMatch(/^<!-- shiplog:draft -->/);
      await server.waitForLog(/GitHub rate limit: waiting before retrying/);
      // The secrets never reach the log.
      expect(server.log()).not.toContain(appEnv().WEBHOOK_SECRET);
      expect(server.log()).not.toContain('ghs_standin');
      expect(server.log()).not.toContain('BEGIN RSA PRIVATE KEY');

      const unlinked = await runCli(['github', 'unlink', 'codertocat/hello-world'], env);
      expect(unlinked.code, unlinked.stderr).toBe(0);
      expect((await runCli(['github', 'links'], env)).stdout).toContain('No linked repositories');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });
});
