/**
 * The App where it is installed (docs/github-app.md#github-app): `installation` and
 * `installation_repositories` events recorded for the dashboard's list, through `probot.receive` with
 * real payloads; and a repository linked to no project told so once, on its first pull request.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listInstallations, listInstalledRepositories } from '../../server/db/github-installations.ts';
import { linkRepository } from '../../server/services/github/manage-links.ts';
import { buildTestServer, type TestServer } from '../helpers/build-server.ts';
import { appEnv, GITHUB_API, QuietOctokit, REPO_PATH } from '../helpers/github-app.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

let server: TestServer;
let delivery = 0;
let scopes: nock.Scope[] = [];

beforeAll(async () => {
  nock.disableNetConnect();
  server = await buildTestServer(appEnv(), { workers: false, githubOctokit: QuietOctokit });
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

const receive = (name: string, payload: object) =>
  server.app.shiplog.github!.receive({ id: `i${++delivery}`, name, payload } as never);
const repositories = async () =>
  (await listInstalledRepositories(server.db.sql)).map((r) => [r.repository, r.account, r.projectSlug]);

describe('installations', () => {
  it('records installations and their repositories, with their links, until uninstalled', async () => {
    const created = webhookExample('installation', 'created');
    await receive('installation', created);
    expect(await listInstallations(server.db.sql)).toMatchObject([
      { id: 957387, account: 'Codertocat', accountType: 'User', suspendedAt: null },
    ]);
    expect(await repositories()).toEqual([['codertocat/hello-world', 'Codertocat', null]]);

    const added = webhookExample('installation_repositories', 'added');
    added.installation = { ...created.installation, suspended_at: null };
    await receive('installation_repositories', added);
    const { project } = await server.project('pro');
    await linkRepository(server.db.sql, 'Codertocat/Space', project.slug);
    expect(await repositories()).toEqual([
      ['codertocat/hello-world', 'Codertocat', null],
      ['codertocat/space', 'Codertocat', project.slug],
    ]);
    expect(
      (await listInstalledRepositories(server.db.sql, { unlinkedOnly: true })).map((r) => r.repository),
    ).toEqual(['codertocat/hello-world']);

    const removed = webhookExample('installation_repositories', 'removed');
    removed.installation = { ...created.installation, suspended_at: null };
    removed.repositories_removed = [{ full_name: 'Codertocat/Space', private: false }];
    await receive('installation_repositories', removed);
    expect(await repositories()).toEqual([['codertocat/hello-world', 'Codertocat', null]]);

    const suspended = webhookExample('installation', 'suspend');
    suspended.installation = { ...created.installation, suspended_at: null };
    await receive('installation', suspended);
    expect((await listInstallations(server.db.sql))[0]!.suspendedAt).toBeInstanceOf(Date);

    const deleted = webhookExample('installation', 'deleted');
    deleted.installation = { ...created.installation, suspended_at: null };
    await receive('installation', deleted);
    expect(await listInstallations(server.db.sql)).toEqual([]);
    expect(await repositories()).toEqual([]);
  });
});

describe('a repository linked to no project', () => {
  function opened(number: number) {
    const payload = webhookExample('pull_request', 'opened', (e) => Boolean(e.installation));
    payload.pull_request.number = number;
    payload.number = number;
    return payload;
  }

  it('is told how to link it once, on its first pull request, and nothing more', async () => {
    const posted: string[] = [];
    scopes.push(
      nock(GITHUB_API)
        .post('/app/installations/1/access_tokens')
        .reply(201, { token: 'ghs_t', expires_at: '2099-01-01T00:00:00Z', permissions: {} })
        // The first attempt fails: the notice is not spent on a comment GitHub refused.
        .post(`${REPO_PATH}/issues/2/comments`)
        .reply(502, { message: 'Bad gateway' })
        .post(`${REPO_PATH}/issues/2/comments`, (b: { body: string }) => posted.push(b.body) > 0)
        .reply(201, { id: 1 }),
    );
    await expect(receive('pull_request', opened(2))).rejects.toThrow();
    await receive('pull_request', opened(2));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(/^<!-- shiplog:unlinked -->/);
    expect(posted[0]).toContain('shiplog github link Codertocat/Hello-World <project-slug>');
    expect(posted[0]).toContain('Settings → GitHub');

    // Later pull requests of the same repository: no call to GitHub at all (nock refuses any).
    await receive('pull_request', opened(3));
    await receive('pull_request', opened(2));
  });
});
