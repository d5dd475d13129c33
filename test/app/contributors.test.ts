/**
 * `contributors: true` in `.github/shiplog.yml` (issue 22, scope 6: "a 'Contributors' line listing every
 * human author of the range (bots excluded)"), through `probot.receive`: a release's entry credits the
 * authors of its merged pull requests; a pull request's own entry (its range is its commits) credits who
 * opened it and who wrote its commits, each with that pull request. Without the setting, no such line.
 */
import { describe, expect, it } from 'vitest';
import { mockInstallationToken, mockRepoConfig, useAppServer } from '../helpers/github-app.ts';
import { mockPullRequests, mockReleaseRange } from '../helpers/release-mocks.ts';
import { webhookExample } from '../helpers/webhook-examples.ts';

// The login is asked once, by the first pull request's sticky comment.
const { server, headers, scopes, receive, draftOpened } = useAppServer({
  auth: () => mockInstallationToken().get('/app').reply(200, { id: 123, slug: 'shiplog-test' }),
});

const entry = async (id: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/entries/${id}`, headers })).json().entry;
const entryIdIn = (body: string | undefined) => /<!-- shiplog:entry (ent_\w+) -->/.exec(body ?? '')![1]!;

/** The pull request's commits as GitHub lists them (oldest first), each with its author's account. */
const sha = (c: string) => c.repeat(40);
const COMMITS = [
  {
    sha: sha('1'),
    parents: [{ sha: sha('0') }],
    commit: { message: 'feat: export as CSV' },
    author: { login: 'alice' },
  },
  {
    sha: sha('2'),
    parents: [{ sha: sha('1') }],
    commit: { message: 'chore(deps): bump csv-stringify' },
    author: { login: 'dependabot[bot]' },
  },
  // An address no GitHub account has: no author to credit.
  { sha: sha('3'), parents: [{ sha: sha('2') }], commit: { message: 'fix: quote formulas' }, author: null },
  {
    sha: sha('4'),
    parents: [{ sha: sha('3') }],
    commit: { message: 'docs: the export' },
    author: { login: 'alice' },
  },
];

async function draftPullRequest(number: number, config: string) {
  const body = await draftOpened({ number, config, commitList: COMMITS }, (pr) => {
    pr.head.sha = sha('4');
    pr.commits = COMMITS.length;
    pr.user = { ...pr.user, login: 'grace' };
  });
  return entry(entryIdIn(body));
}

describe('contributors: true', () => {
  it("credits a pull request's opener and its commits' human authors, with the pull request", async () => {
    const drafted = await draftPullRequest(31, 'contributors: true\n');
    expect(drafted.body).toMatch(
      /\n\*\*Contributors\*\*: \\@grace \(\[#31\]\(https:\/\/github\.com\/Codertocat\/Hello-World\/(?:issues|pull)\/31\)\), \\@alice \(\[#31\]\([^)]+\)\)\.\n?$/,
    );
    expect(drafted.body).not.toMatch(/Contributors.*dependabot/);
  });

  it('says nothing of contributors without it', async () => {
    const drafted = await draftPullRequest(32, 'contributors: false\n');
    expect(drafted.body).not.toContain('**Contributors**');
  });

  it("credits the human authors of a release's merged pull requests", async () => {
    const commits = [
      { sha: 'a'.repeat(40), message: 'Export as CSV (#41)' },
      { sha: 'b'.repeat(40), message: 'Bump csv-stringify (#42)' },
    ];
    const pr = (number: number, login: string, type = 'User') => ({
      number,
      title: commits.find((c) => c.message.includes(`#${number}`))!.message.replace(/ \(#\d+\)$/, ''),
      body: null,
      merged: true,
      mergeCommit: { oid: commits.find((c) => c.message.includes(`#${number}`))!.sha },
      author: { login, __typename: type },
      labels: { nodes: [] },
      closingIssuesReferences: { nodes: [] },
    });
    scopes.push(
      mockRepoConfig('contributors: true\n'),
      mockReleaseRange('3.0.0', '3.1.0', commits),
      mockPullRequests({
        [commits[0]!.sha]: pr(41, 'ada'),
        [commits[1]!.sha]: pr(42, 'dependabot', 'Bot'),
      }),
    );
    const payload = webhookExample('release', 'published');
    payload.installation = { id: 1 };
    payload.release.tag_name = '3.1.0';
    await receive('release', payload);
    const list = (
      await server.app.inject({ method: 'GET', url: '/api/v1/entries?limit=100', headers })
    ).json().entries as { id: string; version: string }[];
    const release = await entry(list.find((e) => e.version === '3.1.0')!.id);
    expect(release.body).toMatch(/\n\*\*Contributors\*\*: \\@ada \(\[#41\]\([^)]+\)\)\.\n?$/);
  });
});
