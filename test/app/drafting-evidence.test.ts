/**
 * Evidence before words through the App (issue 31, docs/github-app.md#github-app, docs/api.md#generate-a-draft-from-commits-and-pull-requests), by `probot.receive` with GitHub mocked by nock and the Shiplog side
 * in-process on the test database: a pull request's own files (`GET /pulls/{n}/files`) go with its
 * title and description, a release's merged pull requests carry the files GraphQL lists, and
 * `.github/shiplog.yml`'s `internal-paths`, `detail` and `sections` shape the draft in the sticky
 * comment.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { CommitDetail, PullRequestInput } from '../../core/contract/generate.schema.ts';
import {
  captureComment,
  GITHUB_API,
  mockRepoConfig,
  pullRequestEvent,
  REPO_PATH,
  useAppServer,
} from '../helpers/github-app.ts';
import { mockPullRequests, mockReleaseRange } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

const { server, headers, scopes, receive, draftOpened } = useAppServer();

const sha = (c: string) => c.repeat(40);
/** The pull request's commits as GitHub lists them (oldest first). */
const COMMITS = [
  'feat: search by tag',
  'fix: crash on empty tag',
  'feat: export to CSV',
  'fix: wrong date in the footer',
].map((message, i) => ({
  sha: sha(String(i + 1)),
  parents: [{ sha: sha(String(i)) }],
  commit: { message },
}));
const PACKAGING_FILES = [
  { filename: 'packaging/debian/control', status: 'modified', additions: 14, deletions: 3 },
  { filename: 'packaging/debian/rules', status: 'added', additions: 6, deletions: 0 },
];

type Changes = { commits: string[]; commitDetails?: CommitDetail[]; pullRequests?: PullRequestInput[] };

/** What the draft of `entryId` was made of, as generate received it (kept for the drafting profile). */
async function changesOf(entryId: string): Promise<Changes> {
  const [row] = await server.db.sql<{ changes: Changes }[]>`
    select changes from entry_changes where entry_id = ${entryId}`;
  return row!.changes;
}

/** Pull request `number` titled "Refresh the Debian packaging", drafted with `config`: the sticky comment. */
async function draftPullRequest(number: number, config: string, files: object[] = PACKAGING_FILES) {
  const body = await draftOpened({ number, config, commitList: COMMITS, files }, (pr) => {
    pr.title = 'Refresh the Debian packaging';
    pr.body = 'New maintainer scripts.';
    pr.head.sha = sha('4');
    pr.commits = COMMITS.length;
  });
  const entryId = /<!-- shiplog:entry (ent_\w+) -->/.exec(body)![1]!;
  return { body, changes: await changesOf(entryId) };
}

const SECTIONS = `sections:
  - { category: fix, heading: Bug fixes }
  - { category: feature, heading: Added }
`;

describe("a pull request's own draft", () => {
  it('sends its files with its title and description, and internal-paths folds them into Maintenance', async () => {
    const { body, changes } = await draftPullRequest(41, `internal-paths: ['packaging/**']\n${SECTIONS}`);
    expect(changes.commits[0]).toBe('Refresh the Debian packaging\n\nNew maintainer scripts.');
    expect(changes.commitDetails).toEqual([
      {
        index: 0,
        files: ['packaging/debian/control', 'packaging/debian/rules'],
        additions: 20,
        deletions: 3,
      },
    ]);
    // Only internal paths: the title is not an item, it is counted as Maintenance.
    expect(body).not.toMatch(/^- Refresh the Debian packaging/m);
    expect(body).toMatch(/^- Maintenance: 1 internal change/m);
    // The repository's headings, in its order, in the sticky comment's draft.
    expect([...body.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['Bug fixes', 'Added']),
    );
    expect(body.indexOf('### Bug fixes')).toBeLessThan(body.indexOf('### Added'));
    expect(body).toContain('- Fix wrong date in the footer');
  });

  it('folds a pull request that touched only docs into Maintenance, with no setting', async () => {
    const { body, changes } = await draftPullRequest(45, 'visibility: external\n', [
      { filename: 'docs/packaging/debian.md', status: 'modified', additions: 30, deletions: 2 },
    ]);
    expect(changes.commitDetails).toEqual([
      { index: 0, files: ['docs/packaging/debian.md'], additions: 30, deletions: 2 },
    ]);
    expect(body).not.toMatch(/^- Refresh the Debian packaging/m);
    expect(body).toMatch(/^- Maintenance: 1 internal change/m);
  });

  it('keeps the change an item when its paths are not internal', async () => {
    const { body, changes } = await draftPullRequest(42, SECTIONS);
    expect(changes.commitDetails?.[0]?.files).toEqual(['packaging/debian/control', 'packaging/debian/rules']);
    expect(body).toMatch(/^- Refresh the Debian packaging/m);
    expect(body).not.toContain('### New features');
  });

  it('`detail: highlights` gives only the changes the draft leads with', async () => {
    const { body } = await draftPullRequest(43, 'detail: highlights\n', [
      { filename: 'src/search.rs', status: 'modified', additions: 120, deletions: 8 },
    ]);
    expect(body).toContain('Search by tag');
    expect(body).not.toContain('wrong date in the footer');
  });

  it('says on the pull request when a drafting setting is not valid', async () => {
    scopes.push(mockRepoConfig('detail: everything\nsections: []\ninternal-paths: [""]\n'));
    scopes.push(nock(GITHUB_API).get(`${REPO_PATH}/issues/44/comments`).query(true).reply(200, []));
    const posted = captureComment('post', 44);
    scopes.push(posted.scope);
    await receive(
      'pull_request',
      pullRequestEvent('opened', (pr) => (pr.number = 44)),
    );
    expect(posted.captured.body).toContain('.github/shiplog.yml is not valid');
    expect(posted.captured.body).toMatch(/`detail`: .*"full"/);
    expect(posted.captured.body).toContain('`sections`');
    expect(posted.captured.body).toContain('`internal-paths.0`');
  });
});

describe("a release's merged pull requests", () => {
  it('carry the files GraphQL lists with them, the rest of a longer list paginated over REST, and past 300 files their lines alone', async () => {
    scopes.push(mockRepoConfig('sections:\n  - { category: improvement, heading: Changed }\n'));
    const commits = [
      { sha: sha('a'), message: 'Add instructions for OpenBSD (#51)' },
      { sha: sha('b'), message: 'Report unused variables (#52)' },
      { sha: sha('c'), message: 'Rename every module (#53)' },
      { sha: sha('d'), message: 'Move the lexer into its own crate (#54)' },
    ];
    // #53 changed 140 files: GraphQL lists the first 100, REST's second page the other 40.
    const renamed = ['docs/modules.md', ...Array.from({ length: 139 }, (_, i) => `src/modules/m${i}.rs`)];
    const restFile = (path: string) => ({ filename: path, status: 'renamed', additions: 6, deletions: 6 });
    const pr = (number: number, fields: object) => ({
      number,
      title: commits.find((c) => c.message.includes(`#${number}`))!.message.replace(/ \(#\d+\)$/, ''),
      body: null,
      merged: true,
      mergeCommit: { oid: commits.find((c) => c.message.includes(`#${number}`))!.sha },
      author: { login: 'octocat', __typename: 'User' },
      labels: { nodes: [] },
      closingIssuesReferences: { nodes: [] },
      ...fields,
    });
    let query = '';
    scopes.push(
      mockReleaseRange('3.0.0', '3.1.0', commits)
        .post(`${REPO_PATH}/releases/generate-notes`)
        .reply(200, { body: '' })
        .get(`${REPO_PATH}/pulls/53/files`)
        .query({ per_page: '100', page: '1' })
        .reply(200, renamed.slice(0, 100).map(restFile))
        .get(`${REPO_PATH}/pulls/53/files`)
        .query({ per_page: '100', page: '2' })
        .reply(200, renamed.slice(100).map(restFile)),
      mockPullRequests({
        [commits[0]!.sha]: pr(51, {
          additions: 6,
          deletions: 0,
          files: { totalCount: 1, nodes: [{ path: 'README.md' }] },
        }),
        [commits[1]!.sha]: pr(52, {
          additions: 40,
          deletions: 3,
          files: { totalCount: 1, nodes: [{ path: 'crates/lint/src/unused.rs' }] },
        }),
        [commits[2]!.sha]: pr(53, {
          additions: 900,
          deletions: 880,
          files: { totalCount: 140, nodes: renamed.slice(0, 100).map((path) => ({ path })) },
        }),
        [commits[3]!.sha]: pr(54, {
          additions: 5000,
          deletions: 4900,
          files: { totalCount: 400, nodes: [{ path: 'docs/lexer.md' }] },
        }),
      }).on('request', (_req, _interceptor, body) => (query = body)),
    );
    const payload = webhookExample('release', 'published');
    payload.installation = { id: 1 };
    payload.release.tag_name = '3.1.0';
    await receive('release', payload);
    expect(query).toMatch(/files\(first: 100\) \{ totalCount nodes \{ path \} \}/);

    const list = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=100', headers })
    ).json().entries as { id: string; version: string }[];
    const id = list.find((e) => e.version === '3.1.0')!.id;
    const { pullRequests } = await changesOf(id);
    expect(pullRequests?.map((p) => [p.number, p.files, p.additions, p.deletions])).toEqual([
      [51, ['README.md'], 6, 0],
      [52, ['crates/lint/src/unused.rs'], 40, 3],
      [53, renamed, 900, 880],
      // 400 files: more than generate takes, and a partial list could make a product change look internal.
      [54, undefined, 5000, 4900],
    ]);
    const entry = (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json()
      .entry;
    expect(entry.body).toContain('Report unused variables');
    expect(entry.body).toContain('Rename every module');
    expect(entry.body).not.toMatch(/^- Add instructions for OpenBSD/m);
    // The repository's own heading, from .github/shiplog.yml.
    expect(entry.body).toMatch(/^### Changed$/m);
    expect(entry.body).not.toContain('### Improvements');
  });
});
