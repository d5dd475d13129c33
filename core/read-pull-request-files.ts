/**
 * The whole file list of a pull request GraphQL listed only in part (its first 100 files): the REST
 * list (`GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, 100 a page), read only when it fits
 * generate's 300 paths (docs/api.md#generate-a-draft-from-commits-and-pull-requests `pullRequests[].files`), so at most 3 calls a pull request. A longer
 * one is not read: a partial list could make a product change look internal, so it goes with its line
 * counts alone. Renamed files are listed under their new path.
 */
import { MAX_CHANGED_FILES } from './contract/generate.schema.ts';
import type { GitHubClient } from './github-client.ts';

const PER_PAGE = 100;

/**
 * @param total how many files GitHub says the pull request changed (GraphQL's `files.totalCount`).
 * @returns its paths and the calls made, or null paths when it has more than {@link MAX_CHANGED_FILES}
 *   files or the list came back shorter than `total` (a force-push between the calls).
 * @throws what octokit throws (the caller drafts without the files and says so).
 */
export async function readPullRequestFiles(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  pullRequest: number,
  total: number,
): Promise<{ paths: string[] | null; calls: number }> {
  if (total > MAX_CHANGED_FILES) return { paths: null, calls: 0 };
  const paths: string[] = [];
  let calls = 0;
  for (let page = 1; paths.length < total; page++) {
    calls++;
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
      ...repo,
      pull_number: pullRequest,
      per_page: PER_PAGE,
      page,
    });
    paths.push(...data.map((f) => f.filename));
    if (data.length < PER_PAGE) break;
  }
  return { paths: paths.length >= total ? [...new Set(paths)].slice(0, MAX_CHANGED_FILES) : null, calls };
}

/**
 * The pull requests GraphQL listed in part get their whole list over REST when it fits generate's
 * 300 paths (above), in place. A refusal leaves one with its line counts alone.
 * @returns the calls made.
 */
export async function completeFileLists(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  pullRequests: readonly {
    number: number;
    files?: { totalCount: number; nodes: { path: string }[] } | null;
  }[],
  warnings: string[],
): Promise<number> {
  let calls = 0;
  for (const pr of pullRequests) {
    const listed = pr.files;
    if (!listed || listed.totalCount <= listed.nodes.length) continue;
    try {
      const read = await readPullRequestFiles(octokit, repo, pr.number, listed.totalCount);
      calls += read.calls;
      if (read.paths)
        pr.files = { totalCount: read.paths.length, nodes: read.paths.map((path) => ({ path })) };
    } catch (err) {
      warnings.push(
        `GitHub did not list the files of #${pr.number} (${(err as Error).message.split('\n')[0]}): it is drafted from its words and line counts.`,
      );
    }
  }
  return calls;
}
