/**
 * The first-parent commits of a range, newest first, from a local checkout (`git log --first-parent`)
 * or the GitHub REST API (the compare API's commits, walked from the head along first parents), so a
 * merged pull request is its one merge commit, never the commits inside it (issue "Drafts a
 * maintainer publishes as drafted", scope 1). Dependencies come in as arguments: a `git` runner bound
 * to the workspace, an octokit. Never truncates silently: past `limit` (500, the generate maximum) the
 * newest are kept and `truncated` says so.
 */
export const COMMIT_LIMIT = 500;

/** Runs `git <args>` in the checkout and resolves with its stdout; rejects on a non-zero exit. */
export type GitRunner = (args: string[]) => Promise<string>;

import type { ChangedFiles } from './changed-files.ts';
import { readFirstParentDiffs } from './first-parent-diffs.ts';
import type { GitHubClient } from './github-client.ts';

export type RangeCommit = {
  sha: string;
  message: string;
  /** What the commit changed (its first-parent diff): read from a checkout, absent over the API. */
  detail?: ChangedFiles;
};

export type CollectedCommits = {
  /** First-parent commits, newest first. */
  commits: RangeCommit[];
  /** Their messages (the same order). */
  messages: string[];
  /** Commits in the range (before truncation). */
  total: number;
  truncated: boolean;
  source: 'git' | 'api';
  /** REST calls made (0 in git mode). */
  apiCalls: number;
  /**
   * The GitHub logins of the commits' authors, once each, newest commit's first: read for a pull
   * request's range from the REST API (a checkout knows names and addresses, not logins), for its
   * "Contributors" line; absent otherwise.
   */
  authors?: string[];
};

/** True when the checkout has both ends of the range (a `fetch-depth: 0` clone). */
export async function gitHasRange(git: GitRunner, from: string | null, to: string): Promise<boolean> {
  for (const ref of from ? [from, to] : [to]) {
    try {
      await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The first-parent commits of `range` from the checkout, newest first, each with what it changed
 * (first-parent-diffs.ts; limited to `paths` when given).
 */
export async function collectFromGit(
  git: GitRunner,
  range: { from: string | null; to: string; paths?: string[] },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  const spec = range.from ? `${range.from}..${range.to}` : range.to;
  const pathArgs = range.paths?.length ? ['--', ...range.paths] : [];
  const total = Number((await git(['rev-list', '--first-parent', '--count', spec, ...pathArgs])).trim());
  const out = await git([
    'log',
    '--first-parent',
    `--max-count=${limit}`,
    '--format=%H%x1f%B%x1e',
    spec,
    ...pathArgs,
  ]);
  const commits = out
    .split('\x1e')
    .map((record) => record.trim())
    .filter((record) => record !== '')
    .map((record) => {
      const [sha = '', message = ''] = record.split('\x1f');
      return { sha: sha.trim(), message: message.trim() };
    });
  const diffs = await readFirstParentDiffs(git, spec, range.paths ?? [], limit);
  const withDetails = commits.map((c) => {
    const detail = diffs.get(c.sha);
    return detail ? { ...c, detail } : c;
  });
  return collected(withDetails, total, 'git', 0);
}

const PER_PAGE = 100;

type ApiCommit = {
  sha: string;
  parents?: { sha: string }[];
  commit: { message: string };
  /** The GitHub account the commit's author address belongs to; null when none does. */
  author?: { login?: string } | null;
};

/** The logins of `commits`' authors, once each, in order. */
function authorsOf(commits: readonly ApiCommit[]): string[] {
  return [...new Set(commits.flatMap((c) => (c.author?.login ? [c.author.login] : [])))];
}

function collected(
  commits: RangeCommit[],
  total: number,
  source: 'git' | 'api',
  apiCalls: number,
): CollectedCommits {
  return {
    commits,
    messages: commits.map((c) => c.message),
    total,
    truncated: total > commits.length,
    source,
    apiCalls,
  };
}

/**
 * The first-parent line of `commits` (any order), newest first: from `head` (when absent or not listed:
 * the last listed, as compare lists oldest first) along `parents[0]` while the parent is in the list.
 */
export function firstParentLine(commits: readonly ApiCommit[], head?: string): ApiCommit[] {
  const bySha = new Map(commits.map((c) => [c.sha, c]));
  const line: ApiCommit[] = [];
  let current = (head ? bySha.get(head) : undefined) ?? commits.at(-1);
  while (current && line.length < commits.length) {
    line.push(current);
    const parent = current.parents?.[0]?.sha;
    current = parent ? bySha.get(parent) : undefined;
  }
  return line;
}

const asRangeCommit = (c: ApiCommit): RangeCommit => ({ sha: c.sha, message: c.commit.message });

/**
 * base...head through `GET /repos/{owner}/{repo}/compare/{basehead}`, paginated 100 a page (oldest
 * first), walked from the head along first parents. The first page gives the total; only the pages
 * holding the newest `limit` are fetched, so a 500-commit range costs 5 calls and a larger one at most
 * 7, whatever its size (its first-parent line is then cut where the fetched pages end: `truncated`).
 */
export async function collectFromCompare(
  octokit: GitHubClient,
  range: { owner: string; repo: string; from: string; to: string; paths?: string[] },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  let apiCalls = 0;
  const page = async (n: number) => {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      owner: range.owner,
      repo: range.repo,
      basehead: `${range.from}...${range.to}`,
      per_page: PER_PAGE,
      page: n,
    });
    return data as { total_commits: number; commits: ApiCommit[] };
  };
  const first = await page(1);
  const total = first.total_commits;
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const firstNeeded = Math.max(1, Math.floor(Math.max(0, total - limit) / PER_PAGE) + 1);
  const pages = new Map<number, ApiCommit[]>([[1, first.commits]]);
  for (let n = Math.max(2, firstNeeded); n <= lastPage; n++) pages.set(n, (await page(n)).commits);
  const fetched = [...pages.entries()]
    .filter(([n]) => n >= firstNeeded)
    .sort((a, b) => a[0] - b[0])
    .flatMap(([, c]) => c);
  let line = firstParentLine(fetched);
  const complete = firstNeeded === 1;
  if (range.paths?.length) {
    const touching = await commitsTouching(octokit, range, new Set(line.map((c) => c.sha)));
    apiCalls += touching.calls;
    line = line.filter((c) => touching.shas.has(c.sha));
  }
  const kept = line.slice(0, limit);
  return {
    ...collected(
      kept.map(asRangeCommit),
      complete ? line.length : Math.max(total, line.length + 1),
      'api',
      apiCalls,
    ),
    authors: authorsOf(kept),
  };
}

/** Of `shas`, those that touch one of `paths` (`GET /repos/{owner}/{repo}/commits?path=`). */
async function commitsTouching(
  octokit: GitHubClient,
  range: { owner: string; repo: string; to: string; paths?: string[] },
  shas: Set<string>,
): Promise<{ shas: Set<string>; calls: number }> {
  const found = new Set<string>();
  let calls = 0;
  for (const path of range.paths ?? []) {
    for (let n = 1; ; n++) {
      calls++;
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits', {
        owner: range.owner,
        repo: range.repo,
        sha: range.to,
        path,
        per_page: PER_PAGE,
        page: n,
      });
      const list = data as { sha: string }[];
      let inRange = 0;
      for (const c of list) {
        if (!shas.has(c.sha)) continue;
        found.add(c.sha);
        inRange++;
      }
      // Newest first: once a page holds none of the range, older pages cannot either.
      if (list.length < PER_PAGE || inRange === 0) break;
    }
  }
  return { shas: found, calls };
}

/**
 * A pull request's commits: `GET /pulls/{n}/commits` lists at most 250, so larger pull requests are
 * read through compare base...head instead.
 */
export async function collectPullRequest(
  octokit: GitHubClient,
  pr: {
    owner: string;
    repo: string;
    number: number;
    from: string;
    to: string;
    commitCount: number;
    paths?: string[];
  },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  if (pr.commitCount > 250 || pr.paths?.length) return collectFromCompare(octokit, pr, limit);
  let apiCalls = 0;
  const commits: ApiCommit[] = [];
  for (let n = 1; ; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/commits', {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      per_page: PER_PAGE,
      page: n,
    });
    commits.push(...(data as ApiCommit[]));
    if ((data as unknown[]).length < PER_PAGE) break;
  }
  // The pull request's own line: commits a merge of the base branch brought in are not its changes.
  const line = firstParentLine(commits, pr.to);
  const own = line.length > 0 ? line : [...commits].reverse();
  const kept = own.slice(0, limit);
  return { ...collected(kept.map(asRangeCommit), own.length, 'api', apiCalls), authors: authorsOf(kept) };
}

/** Tag names of the checkout (`git tag`). */
export async function listTagsFromGit(git: GitRunner): Promise<string[]> {
  return (await git(['tag', '--list']))
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** Tags of the repository's published releases (drafts have none yet and are skipped). */
export async function listReleaseTagsFromApi(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
): Promise<{ tags: string[]; apiCalls: number }> {
  const tags: string[] = [];
  let apiCalls = 0;
  for (let n = 1; n <= 10; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/releases', {
      ...repo,
      per_page: PER_PAGE,
      page: n,
    });
    const releases = data as { tag_name: string; draft: boolean }[];
    for (const r of releases) if (!r.draft) tags.push(r.tag_name);
    if (releases.length < PER_PAGE) break;
  }
  return { tags, apiCalls };
}

/**
 * Every tag name of the repository (`GET /repos/{owner}/{repo}/tags`, 100 a page, newest first as
 * GitHub lists them), up to `pages` pages: what a checkout's `git tag` gives, for a service without one.
 */
export async function listTagsFromApi(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  pages = 10,
): Promise<{ tags: string[]; apiCalls: number }> {
  const tags: string[] = [];
  let apiCalls = 0;
  for (let n = 1; n <= pages; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/tags', {
      ...repo,
      per_page: PER_PAGE,
      page: n,
    });
    const list = data as { name: string }[];
    tags.push(...list.map((t) => t.name));
    if (list.length < PER_PAGE) break;
  }
  return { tags, apiCalls };
}

/** History up to `to` when no start is known (a first release): `GET /repos/{owner}/{repo}/commits`. */
export async function collectHistory(
  octokit: GitHubClient,
  range: { owner: string; repo: string; to: string; paths?: string[] },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  const listed: ApiCommit[] = [];
  let apiCalls = 0;
  let more = false;
  for (let n = 1; listed.length < limit + 1; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits', {
      owner: range.owner,
      repo: range.repo,
      sha: range.to,
      per_page: PER_PAGE,
      page: n,
      ...(range.paths?.length === 1 ? { path: range.paths[0] } : {}),
    });
    const list = data as ApiCommit[];
    listed.push(...list);
    if (list.length < PER_PAGE) break;
    more = true;
  }
  // Newest first here: the head is the first listed. A path-filtered list has gaps, so it stays as is.
  const line = range.paths?.length === 1 ? listed : firstParentLine(listed, listed[0]?.sha);
  const truncated = more && line.length >= limit;
  const kept = line.slice(0, limit).map(asRangeCommit);
  return collected(kept, truncated ? Math.max(line.length, limit + 1) : kept.length, 'api', apiCalls);
}
