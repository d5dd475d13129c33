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
 *
 * What each pull request touched (`files`, `additions`, `deletions`, docs/api.md#generate-a-draft-from-commits-and-pull-requests `pullRequests`): from a
 * checkout, the first-parent diffs of the commits it stands for (its merge or squash commit; all of a
 * rebase merge's), at no API cost; over the API, in the same GraphQL queries (its first 100 files),
 * and for a pull request with 101-300 files its whole list over REST (1-3 calls each); one with more
 * sends its line counts without a file list, since a partial list could make a product change look
 * internal.
 */
import { GITHUB_LOGIN, type PullRequestInput } from './contract/generate.schema.ts';
import { type ChangedFiles, mergeChangedFiles, wholePaths } from './changed-files.ts';
import type { RangeCommit } from './collect-commits.ts';
import type { GitHubClient } from './github-client.ts';
import { completeFileLists } from './read-pull-request-files.ts';

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
  /** Asked only over the API (no checkout): totals, and the first {@link FILES_PER_PULL_REQUEST} paths. */
  additions?: number;
  deletions?: number;
  files?: { totalCount: number; nodes: { path: string }[] } | null;
};
type CommitNode = { associatedPullRequests: { nodes: PullRequestNode[] } } | null;

/** The changed paths one GraphQL connection page gives per pull request. */
export const FILES_PER_PULL_REQUEST = 100;

const fieldsOf = (files: boolean) => `associatedPullRequests(first: 5) { nodes { number title body merged
  mergeCommit { oid } author { login __typename } labels(first: 30) { nodes { name } }
  closingIssuesReferences(first: 20) { nodes { number } }${
    files ? ` additions deletions files(first: ${FILES_PER_PULL_REQUEST}) { totalCount nodes { path } }` : ''
  } } }`;

function queryFor(shas: readonly string[], files: boolean): string {
  const fields = fieldsOf(files);
  const aliases = shas.map((sha, i) => `c${i}: object(oid: "${sha}") { ... on Commit { ${fields} } }`);
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
 * What `pr` touched: the union of its commits' first-parent diffs when they carry them (a checkout),
 * else what GraphQL said of it (its file list only when complete); null when nothing is known.
 */
function touchedBy(
  pr: PullRequestNode,
  details: readonly ChangedFiles[],
): { files?: string[]; additions?: number; deletions?: number } | null {
  if (details.length > 0) {
    const { files, additions, deletions } = mergeChangedFiles(details);
    return { ...(files ? { files } : {}), additions, deletions };
  }
  if (pr.additions === undefined && pr.files === undefined) return null;
  const nodes = pr.files?.nodes ?? [];
  const complete = pr.files != null && pr.files.totalCount <= nodes.length;
  const files = complete ? wholePaths(nodes.map((f) => f.path)) : null;
  return {
    ...(files ? { files } : {}),
    ...(pr.additions !== undefined ? { additions: pr.additions } : {}),
    ...(pr.deletions !== undefined ? { deletions: pr.deletions } : {}),
  };
}

/**
 * @param commits the range's first-parent commits, newest first; with their `detail` (a checkout), the
 *   pull requests' files come from them, else GraphQL is asked for them.
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
  const askFiles = !commits.some((c) => c.detail);
  for (let i = 0; i < shas.length; i += COMMITS_PER_QUERY) {
    const batch = shas.slice(i, i + COMMITS_PER_QUERY);
    apiCalls++;
    const data = (await octokit.graphql(queryFor(batch, askFiles), repo)) as {
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

  const warnings: string[] = [];
  if (askFiles) apiCalls += await completeFileLists(octokit, repo, [...byNumber.values()], warnings);

  let firstTimers: Map<string, number> | null = null;
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
  const detailsOf = new Map<number, ChangedFiles[]>();
  for (const c of commits) {
    const pr = covering.get(c.sha);
    if (pr && c.detail) detailsOf.set(pr.number, [...(detailsOf.get(pr.number) ?? []), c.detail]);
  }
  const pullRequests = [...byNumber.values()].map((pr): PullRequestInput => {
    const author = loginOf(pr.author);
    const touched = touchedBy(pr, detailsOf.get(pr.number) ?? []);
    return {
      number: pr.number,
      title: pr.title.trim() || `#${pr.number}`,
      body: pr.body ? pr.body.slice(0, 65_536).replace(/\u0000/g, '') : null,
      labels: (pr.labels?.nodes ?? []).map((l) => l.name).slice(0, 100),
      author,
      ...(known ? { firstContribution: author !== null && known.get(author) === pr.number } : {}),
      closes: (pr.closingIssuesReferences?.nodes ?? []).map((i) => i.number).slice(0, 100),
      ...touched,
    };
  });
  // Keep commits no pull request stands for, and the one commit that names its pull request.
  const kept = commits.filter((c) => {
    const pr = covering.get(c.sha);
    return !pr || namesPullRequest(c.message, pr.number);
  });
  return { pullRequests, commits: kept, apiCalls, warnings };
}
