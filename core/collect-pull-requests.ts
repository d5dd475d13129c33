/**
 * The merged pull requests of a range (issue "Drafts a maintainer publishes as drafted", scope 1), in a
 * bounded number of calls: one GraphQL query per 100 first-parent commits asks each commit for its
 * `associatedPullRequests` (number, title, body, labels, author, the issues it closes); for a release
 * with a previous tag, one call to GitHub's own generate-notes endpoint
 * (`POST /repos/{owner}/{repo}/releases/generate-notes`) says who contributed for the first time.
 *
 * A pull request stands for the commits associated with it: its merge or squash commit (which the
 * drafter maps to it by `Merge pull request #N` or a `(#N)` subject) is kept, the other commits of a
 * rebase-merged pull request are not sent, so the pull request is one item, never one per commit.
 */
import { GITHUB_LOGIN, type PullRequestInput } from './contract/generate.schema.ts';
import type { RangeCommit } from './collect-commits.ts';
import type { GitHubClient } from './github-client.ts';

export type GatheredPullRequests = {
  pullRequests: PullRequestInput[];
  /** The commits to send: those no pull request stands for, and each pull request's merge or squash commit. */
  commits: RangeCommit[];
  apiCalls: number;
  /** What could not be read (first contributions need `contents: write` for generate-notes). */
  warnings: string[];
};

/** Commits per GraphQL query: one alias each. */
export const COMMITS_PER_QUERY = 100;

type PullRequestNode = {
  number: number;
  title: string;
  body: string | null;
  merged: boolean;
  mergeCommit: { oid: string } | null;
  author: { login: string; __typename?: string } | null;
  labels: { nodes: { name: string }[] } | null;
  closingIssuesReferences: { nodes: { number: number }[] } | null;
};
type CommitNode = { associatedPullRequests: { nodes: PullRequestNode[] } } | null;

const FIELDS = `associatedPullRequests(first: 5) { nodes { number title body merged mergeCommit { oid }
  author { login __typename } labels(first: 30) { nodes { name } }
  closingIssuesReferences(first: 20) { nodes { number } } } }`;

function queryFor(shas: readonly string[]): string {
  const aliases = shas.map((sha, i) => `c${i}: object(oid: "${sha}") { ... on Commit { ${FIELDS} } }`);
  return `query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { ${aliases.join('\n')} } }`;
}

/** A login as the contract takes it: a bot's GraphQL login (`dependabot`) gets its `[bot]` back. */
function loginOf(author: PullRequestNode['author']): string | null {
  if (!author?.login) return null;
  const login =
    author.__typename === 'Bot' && !author.login.endsWith('[bot]') ? `${author.login}[bot]` : author.login;
  return GITHUB_LOGIN.test(login) ? login : null;
}

/** "@login made their first contribution in https://…/pull/12" lines of GitHub's generated notes. */
export function firstContributionsOf(notes: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of notes.matchAll(
    /@([A-Za-z0-9-]+(?:\[bot\])?) made their first contribution in \S*?\/pull\/(\d+)/g,
  ))
    found.set(m[1]!, Number(m[2]));
  return found;
}

/** Whether a commit names pull request `n` itself: its merge commit, or a squash subject `… (#n)`. */
function namesPullRequest(message: string, n: number): boolean {
  const subject = message.split('\n', 1)[0]!;
  return subject.startsWith(`Merge pull request #${n} from `) || subject.trimEnd().endsWith(`(#${n})`);
}

/**
 * @param commits the range's first-parent commits, newest first.
 * @param release the tags of a release range, for first contributions (omit for other ranges).
 */
export async function collectPullRequests(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  commits: readonly RangeCommit[],
  release?: { tag: string; previousTag: string | null },
): Promise<GatheredPullRequests> {
  let apiCalls = 0;
  const byNumber = new Map<number, PullRequestNode>();
  const covering = new Map<string, PullRequestNode>();
  const shas = commits.map((c) => c.sha).filter((sha) => /^[0-9a-f]{40}$/i.test(sha));
  for (let i = 0; i < shas.length; i += COMMITS_PER_QUERY) {
    const batch = shas.slice(i, i + COMMITS_PER_QUERY);
    apiCalls++;
    const data = (await octokit.graphql(queryFor(batch), repo)) as {
      repository: Record<string, CommitNode>;
    };
    batch.forEach((sha, j) => {
      const merged = (data.repository[`c${j}`]?.associatedPullRequests.nodes ?? []).filter((pr) => pr.merged);
      // The pull request this commit was merged by; else one it was merged through (a rebase merge).
      const pr = merged.find((p) => p.mergeCommit?.oid === sha) ?? merged[0];
      if (!pr) return;
      byNumber.set(pr.number, pr);
      covering.set(sha, pr);
    });
  }

  let firstTimers: Map<string, number> | null = null;
  const warnings: string[] = [];
  if (release?.previousTag && byNumber.size > 0) {
    apiCalls++;
    try {
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/releases/generate-notes', {
        ...repo,
        tag_name: release.tag,
        previous_tag_name: release.previousTag,
      });
      firstTimers = firstContributionsOf((data as { body?: string }).body ?? '');
    } catch (err) {
      // The pull requests still count; only the "New contributors" line is lost.
      warnings.push(
        `GitHub's generate-notes endpoint refused (${(err as Error).message.split('\n')[0]}): no "New contributors" line. It needs the contents: write permission.`,
      );
    }
  }

  const known = firstTimers;
  const pullRequests = [...byNumber.values()].map((pr): PullRequestInput => {
    const author = loginOf(pr.author);
    return {
      number: pr.number,
      title: pr.title.trim() || `#${pr.number}`,
      body: pr.body ? pr.body.slice(0, 65_536).replace(/\u0000/g, '') : null,
      labels: (pr.labels?.nodes ?? []).map((l) => l.name).slice(0, 100),
      author,
      ...(known ? { firstContribution: author !== null && known.get(author) === pr.number } : {}),
      closes: (pr.closingIssuesReferences?.nodes ?? []).map((i) => i.number).slice(0, 100),
    };
  });
  // Keep commits no pull request stands for, and the one commit that names its pull request.
  const kept = commits.filter((c) => {
    const pr = covering.get(c.sha);
    return !pr || namesPullRequest(c.message, pr.number);
  });
  return { pullRequests, commits: kept, apiCalls, warnings };
}
