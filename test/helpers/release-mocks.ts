/** GitHub's answers about a release range, for the App's release tests (nock scopes to push and check). */
import nock from 'nock';
import { GITHUB_API, REPO_PATH } from './github-app.ts';

/** Commits as the compare API lists them: oldest first, each with its parents. */
export function compareCommits(commits: readonly { sha: string; message: string }[]) {
  return [...commits].reverse().map((c, i, all) => ({
    sha: c.sha,
    parents: i === 0 ? [{ sha: 'f'.repeat(40) }] : [{ sha: all[i - 1]!.sha }],
    commit: { message: c.message },
  }));
}

/** GraphQL `associatedPullRequests` for each commit alias, from `bySha` (none for the others). */
export function mockPullRequests(bySha: Record<string, object> = {}) {
  return nock(GITHUB_API)
    .post('/graphql', (body: { query: string }) => /c0: object\(oid: "/.test(body.query))
    .reply(200, (_uri, body) => {
      const repository: Record<string, unknown> = {};
      for (const m of (body as { query: string }).query.matchAll(/(c\d+): object\(oid: "(\w+)"\)/g)) {
        const pr = bySha[m[2]!];
        repository[m[1]!] = { associatedPullRequests: { nodes: pr ? [pr] : [] } };
      }
      return { data: { repository } };
    });
}

/**
 * GitHub's releases list (`releases`: by default `to`, then `from`, both published) and the compare of
 * `from...to` listing `commits`. Returns the nock scope, to chain the release's other calls on.
 */
export function mockReleaseRange(
  from: string,
  to: string,
  commits: readonly { sha: string; message: string }[],
  releases: readonly { tag_name: string; draft: boolean }[] = [
    { tag_name: to, draft: false },
    { tag_name: from, draft: false },
  ],
) {
  return nock(GITHUB_API)
    .get(`${REPO_PATH}/releases`)
    .query(true)
    .reply(200, releases)
    .get(`${REPO_PATH}/compare/${from}...${to}`)
    .query(true)
    .reply(200, { total_commits: commits.length, commits: compareCommits(commits) });
}
