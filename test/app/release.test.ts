/**
 * `release.published` through `probot.receive`: the previous release tag..this tag drafted into the
 * release's one entry; with `publish-on-release` and `release-link`, published and linked from the
 * GitHub release's notes.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkRepository } from '../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { appEnv, GITHUB_API, mockRepoConfig, QuietOctokit, REPO_PATH } from '../helpers/github-app.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';
import { loadReleases } from '../fixtures/releases/load-releases.ts';

const fixture = loadReleases().find((r) => r.repo === 'BurntSushi/ripgrep' && r.tag === '14.0.2')!;

let server: TestServer;
let headers: Record<string, string>;
let delivery = 0;
let scopes: nock.Scope[] = [];

beforeAll(async () => {
  nock.disableNetConnect();
  server = await buildTestServer(appEnv(), { workers: false, githubOctokit: QuietOctokit });
  const created = await server.project('pro');
  headers = created.headers;
  await linkRepository(server.db.sql, 'Codertocat/Hello-World', created.project.slug);
  // Releases need no comment, so the app never asks for its own login here: only the token.
  scopes.push(
    nock(GITHUB_API)
      .post('/app/installations/1/access_tokens')
      .reply(201, { token: 'ghs_installation_token', expires_at: '2099-01-01T00:00:00Z' }),
  );
});
afterAll(async () => {
  nock.cleanAll();
  nock.enableNetConnect();
  await server.close();
});
afterEach(() => {
  for (const scope of scopes) expect(scope.pendingMocks()).toEqual([]);
  scopes = [];
});

function published(tag: string) {
  const payload = webhookExample('release', 'published');
  payload.installation = { id: 1 };
  payload.release.tag_name = tag;
  payload.release.body = 'Bug fixes.';
  return payload;
}
const receive = (payload: object) =>
  server.app.shiplog.github!.receive({ id: `r${++delivery}`, name: 'release', payload } as never);

function mockRange(from: string, to: string) {
  scopes.push(
    nock(GITHUB_API)
      .get(`${REPO_PATH}/releases`)
      .query(true)
      .reply(200, [
        { tag_name: to, draft: false },
        { tag_name: from, draft: false },
        { tag_name: '99.0.0', draft: true },
      ])
      .get(`${REPO_PATH}/compare/${from}...${to}`)
      .query(true)
      .reply(200, {
        total_commits: fixture.commits.length,
        commits: [...fixture.commits].reverse().map((c) => ({ sha: c.sha, commit: { message: c.message } })),
      }),
  );
}

describe('release.published', () => {
  it('drafts previous tag..tag into the release entry, with the tag as its version', async () => {
    scopes.push(mockRepoConfig(null));
    mockRange('14.0.1', '14.0.2');
    await receive(published('14.0.2'));
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/entries', headers })).json().entries;
    expect(list).toHaveLength(1);
    const entry = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${list[0].id}`, headers })
    ).json().entry;
    expect(entry).toMatchObject({
      status: 'draft',
      version: '14.0.2',
      source: { repository: 'codertocat/hello-world', release: '14.0.2', pullRequest: null },
    });
  });

  it('publishes at once with publish-on-release and links the entry from the release notes', async () => {
    scopes.push(mockRepoConfig('publish-on-release: true\nrelease-link: true\n'));
    mockRange('14.0.1', '14.0.3');
    const notes: { body?: string } = {};
    scopes.push(
      nock(GITHUB_API)
        .patch(`${REPO_PATH}/releases/17372790`, (b) => ((notes.body = b.body), true))
        .reply(200, {}),
    );
    await receive(published('14.0.3'));
    const list = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?status=published', headers })
    ).json().entries;
    expect(list).toHaveLength(1);
    const entry = (
      await server.app.inject({ method: 'GET', url: `/api/v1/entries/${list[0].id}`, headers })
    ).json().entry;
    expect(entry.url).toMatch(/^https:\/\/changelog\.test\/changelog\//);
    expect(notes.body).toMatch(
      /^Bug fixes\.\n\n📝 Changelog: \[.+\]\(https:\/\/changelog\.test\/changelog\/.+\)\n$/,
    );
    expect(notes.body).toContain(entry.url);
  });
});
