/**
 * The commit messages of a range, newest first, from a local checkout (`git`) or the GitHub REST API
 * (issue "GitHub Action", scope 3). Dependencies come in as arguments: a `git` runner bound to the
 * workspace, an octokit. Never truncates silently: past `limit` (500, the generate maximum) the newest
 * are kept and `truncated` says so.
 */
export const COMMIT_LIMIT = 500;

/** Runs `git <args>` in the checkout and resolves with its stdout; rejects on a non-zero exit. */
export type GitRunner = (args: string[]) => Promise<string>;

/** The part of an octokit this module uses. */
export type OctokitLike = {
  request: (route: string, params?: Record<string, unknown>) => Promise<{ data: unknown }>;
};

export type CollectedCommits = {
  /** Commit messages, newest first. */
  messages: string[];
  /** Commits in the range (before truncation). */
  total: number;
  truncated: boolean;
  source: 'git' | 'api';
  /** REST calls made (0 in git mode). */
  apiCalls: number;
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

export async function collectFromGit(
  git: GitRunner,
  range: { from: string | null; to: string; paths?: string[] },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  const spec = range.from ? `${range.from}..${range.to}` : range.to;
  const pathArgs = range.paths?.length ? ['--', ...range.paths] : [];
  const total = Number((await git(['rev-list', '--count', spec, ...pathArgs])).trim());
  const out = await git(['log', `--max-count=${limit}`, '--format=%B%x1e', spec, ...pathArgs]);
  const messages = out
    .split('\x1e')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  return { messages, total, truncated: total > messages.length, source: 'git', apiCalls: 0 };
}

const PER_PAGE = 100;

/**
 * base...head through `GET /repos/{owner}/{repo}/compare/{basehead}`, paginated 100 a page (oldest
 * first). The first page gives the total; only the pages holding the newest `limit` are fetched, so a
 * 500-commit range costs 5 calls and a larger one at most 7, whatever its size.
 */
export async function collectFromCompare(
  octokit: OctokitLike,
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
    return data as { total_commits: number; commits: { sha: string; commit: { message: string } }[] };
  };
  const first = await page(1);
  const total = first.total_commits;
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const firstNeeded = Math.max(1, Math.floor(Math.max(0, total - limit) / PER_PAGE) + 1);
  const pages = new Map<number, typeof first.commits>([[1, first.commits]]);
  for (let n = Math.max(2, firstNeeded); n <= lastPage; n++) pages.set(n, (await page(n)).commits);
  let commits = [...pages.entries()]
    .filter(([n]) => n >= firstNeeded)
    .sort((a, b) => a[0] - b[0])
    .flatMap(([, c]) => c);
  if (range.paths?.length) {
    const touching = await commitsTouching(octokit, range, new Set(commits.map((c) => c.sha)));
    apiCalls += touching.calls;
    commits = commits.filter((c) => touching.shas.has(c.sha));
  }
  const newestFirst = commits.reverse().map((c) => c.commit.message);
  const kept = newestFirst.slice(0, limit);
  const inRange = range.paths?.length ? newestFirst.length : total;
  return { messages: kept, total: inRange, truncated: inRange > kept.length, source: 'api', apiCalls };
}

/** Of `shas`, those that touch one of `paths` (`GET /repos/{owner}/{repo}/commits?path=`). */
async function commitsTouching(
  octokit: OctokitLike,
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
  octokit: OctokitLike,
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
  const commits: { commit: { message: string } }[] = [];
  for (let n = 1; ; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/commits', {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      per_page: PER_PAGE,
      page: n,
    });
    commits.push(...(data as typeof commits));
    if ((data as unknown[]).length < PER_PAGE) break;
  }
  const newestFirst = commits.reverse().map((c) => c.commit.message);
  return {
    messages: newestFirst.slice(0, limit),
    total: newestFirst.length,
    truncated: newestFirst.length > limit,
    source: 'api',
    apiCalls,
  };
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
  octokit: OctokitLike,
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

/** History up to `to` when no start is known (a first release): `GET /repos/{owner}/{repo}/commits`. */
export async function collectHistory(
  octokit: OctokitLike,
  range: { owner: string; repo: string; to: string; paths?: string[] },
  limit = COMMIT_LIMIT,
): Promise<CollectedCommits> {
  const messages: string[] = [];
  let apiCalls = 0;
  let more = false;
  for (let n = 1; messages.length < limit + 1; n++) {
    apiCalls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits', {
      owner: range.owner,
      repo: range.repo,
      sha: range.to,
      per_page: PER_PAGE,
      page: n,
      ...(range.paths?.length === 1 ? { path: range.paths[0] } : {}),
    });
    const list = data as { commit: { message: string } }[];
    messages.push(...list.map((c) => c.commit.message));
    if (list.length < PER_PAGE) break;
    more = true;
  }
  const truncated = messages.length > limit || (more && messages.length >= limit);
  return { messages: messages.slice(0, limit), total: messages.length, truncated, source: 'api', apiCalls };
}
