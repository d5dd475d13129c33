/**
 * The changes pushed to a pull request since its entry was drafted (or since `/shiplog add` took some
 * in), for an edited entry (issue 22, scope 4). A monorepo component's commits are only those under its
 * paths, and the head the entry was drafted at may touch another component: it is then not among them,
 * and core/changes-since-edit.ts would take every commit for new (as after a force-push). So the pull
 * request's whole line is read to find what came after that head, and the component's own are kept.
 */
import type { RangeCommit } from '../core/collect-commits.ts';
import { changesSince } from '../core/changes-since-edit.ts';
import { collectRangeCommits } from '../core/gather-release.ts';
import type { PagingGitHubClient } from '../core/github-client.ts';
import type { RangeRequest } from '../core/resolve-range.ts';

/**
 * @param own the pull request's commits under `paths` (all of them when `paths` is undefined), newest first.
 * @param since the head the entry holds the changes of; null: unknown (nothing is listed).
 * @returns the commits of `own` after `since`, newest first.
 */
export async function pendingChanges(
  octokit: PagingGitHubClient,
  range: RangeRequest,
  since: string | null,
  own: readonly RangeCommit[],
  paths: string[] | undefined,
): Promise<RangeCommit[]> {
  if (!since) return [];
  const at = (c: RangeCommit) => c.sha.toLowerCase().startsWith(since.toLowerCase());
  if (!paths?.length || own.some(at)) return changesSince(own, since);
  const line = await collectRangeCommits({ git: null, api: () => octokit }, range, range.from);
  const after = new Set(changesSince(line.commits, since).map((c) => c.sha));
  return own.filter((c) => after.has(c.sha));
}
