/**
 * A loopback stand-in of the GitHub API, just enough for one pull request of Codertocat/Hello-World
 * (the @octokit/webhooks-examples repository, installation 1), for `shiplog serve` child processes,
 * which nock cannot reach. It records every request; `rateLimitFirstComment` answers the first
 * comment with GitHub's secondary rate limit (403, Retry-After: 1).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';

export type Seen = { method: string; path: string; body: string; at: number };

export type GithubStandIn = {
  url: string;
  seen: Seen[];
  /** How many comments were posted to pull request 2 (refused ones included). */
  commentPosts(): number;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startGithubStandIn(
  options: { rateLimitFirstComment?: boolean } = {},
): Promise<GithubStandIn> {
  const seen: Seen[] = [];
  let commentPosts = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, body, at: Date.now() });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && path === '/app/installations/1/access_tokens')
        return json(201, { token: 'ghs_standin', expires_at: '2099-01-01T00:00:00Z' });
      if (req.method === 'GET' && path === '/app') return json(200, { id: 123, slug: 'shiplog-test' });
      if (req.method === 'GET' && path.includes('/contents/')) return json(404, { message: 'Not Found' });
      if (req.method === 'GET' && path.startsWith('/repos/Codertocat/Hello-World/issues/2/comments'))
        return json(200, []);
      if (req.method === 'GET' && path.startsWith('/repos/Codertocat/Hello-World/pulls/2/commits'))
        return json(200, [{ sha: 'a'.repeat(40), commit: { message: 'feat: search as you type (#2)' } }]);
      if (req.method === 'GET' && path.startsWith('/repos/Codertocat/Hello-World/pulls/2/files'))
        return json(200, [{ filename: 'src/search.ts', status: 'modified', additions: 12, deletions: 1 }]);
      if (req.method === 'POST' && path === '/repos/Codertocat/Hello-World/issues/2/comments') {
        if (++commentPosts === 1 && options.rateLimitFirstComment)
          return json(
            403,
            {
              message:
                'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
            },
            { 'retry-after': '1' },
          );
        return json(201, { id: 4242 });
      }
      return json(404, { message: `stand-in has no ${req.method} ${path}` });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    commentPosts: () => commentPosts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
