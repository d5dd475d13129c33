/**
 * The App on pull requests, through `probot.receive` with real payloads, GitHub mocked with nock and
 * the Shiplog side in-process on the test database: one sticky comment (created, then updated, never a
 * second), found by marker and the app's login; the edit lock; skip labels; category labels; publish on
 * merge; a bad `.github/shiplog.yml` said on the pull request.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  appComment,
  captureComment,
  mockDraftingCalls as mockGithubDrafting,
  GITHUB_API,
  mockRepoConfig,
  pullRequestEvent,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { loadReleases } from '../fixtures/releases/load-releases.ts';

const commits = loadReleases()
  .find((r) => r.repo === 'orhun/git-cliff')!
  .commits.slice(0, 6)
  .map((c) => ({ sha: c.sha, commit: { message: c.message } }));

const { server, headers, scopes, receive: deliver } = useAppServer();
const receive = (payload: object) => deliver('pull_request', payload);

/** GitHub's answers for one drafting delivery (the fixture's commits unless told otherwise). */
function mockDraftingCalls(options: {
  number?: number;
  config?: string | null;
  existing?: object[];
  commitList?: object[];
}) {
  scopes.push(...mockGithubDrafting({ commitList: commits, ...options }));
}
/** The comment the app writes (a new one, or an update of `commentId`). */
function expectWrite(kind: 'post' | 'patch', number = 2, commentId = 0) {
  const { scope, captured } = captureComment(kind, number, commentId);
  scopes.push(scope);
  return captured;
}
const entryIdIn = (body: string | undefined) => /<!-- shiplog:entry (ent_\w+) -->/.exec(body ?? '')![1]!;
const entries = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=100', headers })).json().entries as {
    id: string;
  }[];
const entry = async (id: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json().entry;

describe('pull requests', () => {
  it('posts one sticky comment, then updates it on a push: never a second comment, never a second entry', async () => {
    mockDraftingCalls({});
    const posted = expectWrite('post');
    await receive(pullRequestEvent('opened'));
    expect(posted.body).toMatch(/^<!-- shiplog:draft -->/);
    expect(posted.body).toContain('📝 Changelog draft');
    expect(posted.body).toContain('/shiplog publish');
    const id = entryIdIn(posted.body);
    const stored = await entry(id);
    expect(stored.source).toMatchObject({ repository: 'codertocat/hello-world', pullRequest: 2 });
    // The link's token carries its expiry in seconds, so compare up to the entry it names.
    const previewBase = String(stored.previewUrl).split('/preview/')[0];
    expect(posted.body).toContain(`[preview](${previewBase}/preview/${id}.`);
    expect(posted.body).toContain(stored.title);
    const before = (await entries()).length;

    mockDraftingCalls({ existing: [appComment(501, posted.body!)], commitList: commits.slice(0, 2) });
    const patched = expectWrite('patch', 2, 501);
    await receive(
      pullRequestEvent('synchronize', (pr) => {
        pr.head.sha = 'b'.repeat(40);
      }),
    );
    expect(entryIdIn(patched.body)).toBe(id);
    expect(await entries()).toHaveLength(before);
    expect((await entry(id)).source.headSha).toBe('b'.repeat(40));
  });

  it.each([
    { who: 'another user', number: 3, user: { login: 'mallory', type: 'User' } },
    // A bot, but not us: the marker alone is not enough.
    { who: 'another app', number: 4, user: { login: 'other-app[bot]', type: 'Bot' } },
  ])("leaves $who's comment that carries our marker alone and writes its own", async ({ number, user }) => {
    const foreign = {
      id: 770 + number,
      body: `<!-- shiplog:draft -->\n<!-- shiplog:entry ent_foreign${number} -->`,
      user,
    };
    mockDraftingCalls({ number, existing: [foreign] });
    const posted = expectWrite('post', number);
    await receive(pullRequestEvent('opened', (pr) => (pr.number = number)));
    expect(posted.body).toContain('📝 Changelog draft');
    expect(posted.body).not.toContain(`ent_foreign${number}`);
  });

  it('finds its sticky comment on the second page of a pull request with more than 100 comments', async () => {
    const first = await (async () => {
      mockDraftingCalls({ number: 5 });
      const posted = expectWrite('post', 5);
      await receive(pullRequestEvent('opened', (pr) => (pr.number = 5)));
      return posted.body!;
    })();
    const chatter = Array.from({ length: 100 }, (_, i) => ({
      id: 10_000 + i,
      body: `comment ${i}`,
      user: { login: `person${i}`, type: 'User' },
    }));
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/5/comments`)
        .query((q) => q.page === undefined || q.page === '1')
        .reply(200, chatter, {
          link: `<${GITHUB_API}${REPO_PATH}/issues/5/comments?per_page=100&page=2>; rel="next", <${GITHUB_API}${REPO_PATH}/issues/5/comments?per_page=100&page=2>; rel="last"`,
        })
        .get(`${REPO_PATH}/issues/5/comments`)
        .query((q) => q.page === '2')
        .reply(200, [appComment(9005, first)])
        .get(`${REPO_PATH}/pulls/5/commits`)
        .query(true)
        .reply(200, commits),
      mockRepoConfig(null),
    );
    const patched = expectWrite('patch', 5, 9005);
    await receive(
      pullRequestEvent('synchronize', (pr) => {
        pr.number = 5;
        pr.head.sha = 'c'.repeat(40);
      }),
    );
    expect(entryIdIn(patched.body)).toBe(entryIdIn(first));
  });

  it('stops re-drafting once a person edited the entry, and says how to regenerate', async () => {
    mockDraftingCalls({ number: 4 });
    const posted = expectWrite('post', 4);
    await receive(pullRequestEvent('opened', (pr) => (pr.number = 4)));
    const id = entryIdIn(posted.body);
    await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/entries/${id}`,
      headers,
      payload: { body: 'Written by a person.' },
    });

    mockDraftingCalls({
      number: 4,
      existing: [appComment(502, posted.body!)],
      commitList: commits.slice(0, 1),
    });
    const patched = expectWrite('patch', 4, 502);
    await receive(
      pullRequestEvent('synchronize', (pr) => {
        pr.number = 4;
        pr.head.sha = 'c'.repeat(40);
      }),
    );
    expect((await entry(id)).body).toBe('Written by a person.');
    expect(patched.body).toContain('Written by a person.');
    expect(patched.body).toContain('/shiplog regenerate');
    expect(patched.body).toMatch(/edited this entry/);
  });

  it('drafts nothing for a skip label, and takes the category from category-labels', async () => {
    scopes.push(mockRepoConfig('skip-labels: [bug]\n'));
    scopes.push(nock(GITHUB_API).get(`${REPO_PATH}/issues/5/comments`).query(true).reply(200, []));
    const before = (await entries()).length;
    await receive(pullRequestEvent('opened', (pr) => (pr.number = 5)));
    expect(await entries()).toHaveLength(before);

    mockDraftingCalls({ number: 6, config: 'category-labels:\n  bug: fix\n' });
    const posted = expectWrite('post', 6);
    await receive(pullRequestEvent('opened', (pr) => (pr.number = 6)));
    expect((await entry(entryIdIn(posted.body))).category).toBe('fix');
    expect(posted.body).toContain('**Fix**');
  });

  it('publishes on merge with publish-on-merge and links the public page', async () => {
    mockDraftingCalls({ number: 7 });
    const posted = expectWrite('post', 7);
    await receive(pullRequestEvent('opened', (pr) => (pr.number = 7)));
    const id = entryIdIn(posted.body);

    scopes.push(mockRepoConfig('publish-on-merge: true\n'));
    scopes.push(
      nock(GITHUB_API)
        .get(`${REPO_PATH}/issues/7/comments`)
        .query(true)
        .reply(200, [appComment(503, posted.body!)]),
    );
    const patched = expectWrite('patch', 7, 503);
    await receive(
      pullRequestEvent('closed', (pr) => {
        pr.number = 7;
        pr.state = 'closed';
        pr.merged = true;
      }),
    );
    const published = await entry(id);
    expect(published.status).toBe('published');
    expect(patched.body).toContain('✅ Changelog entry published');
    expect(patched.body).toContain(`(${published.url})`);
  });

  it('says on the pull request when .github/shiplog.yml is not valid', async () => {
    scopes.push(mockRepoConfig('visibility: everyone\nsurprise: 1\n'));
    scopes.push(nock(GITHUB_API).get(`${REPO_PATH}/issues/8/comments`).query(true).reply(200, []));
    const posted = expectWrite('post', 8);
    await receive(pullRequestEvent('opened', (pr) => (pr.number = 8)));
    expect(posted.body).toContain('.github/shiplog.yml is not valid');
    expect(posted.body).toContain('`visibility`');
    expect(posted.body).toContain('surprise');
  });
});
