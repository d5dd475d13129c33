/**
 * `/shiplog add` (issue 22, scope 4): after a person edited a pull request's entry, append one item per
 * change pushed since (core/changes-since-edit.ts) to the entry, keeping the edit, and remember the head
 * they were taken from, so they are not offered again.
 */
import { appendItems, changesSince } from '../../core/changes-since-edit.ts';
import type { Entry } from '../../core/contract/entries.schema.ts';
import { collectRangeCommits } from '../../core/draft-release.ts';
import type { PagingGitHubClient } from '../../core/github-client.ts';
import { resolveRange } from '../../core/resolve-range.ts';
import type { ShiplogApi } from '../../core/shiplog-client.ts';
import type { IssueRef } from '../../core/upsert-draft-comment.ts';
import type { DraftablePullRequest } from '../handlers/pull-request.ts';
import type { Sticky } from '../sticky-comment.ts';

/**
 * @returns the entry as updated, the head now taken in, and how many changes were added (0: none
 *   since the edit, nothing changed).
 */
export async function addChangesSinceEdit(
  octokit: PagingGitHubClient,
  shiplog: ShiplogApi,
  issue: IssueRef,
  sticky: Sticky,
  entry: Entry,
): Promise<{ entry: Entry; head: string; added: number }> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    owner: issue.owner,
    repo: issue.repo,
    pull_number: issue.number,
  });
  const pr = data as DraftablePullRequest;
  const range = resolveRange('pull_request', { pull_request: pr }, { owner: issue.owner, repo: issue.repo });
  const { commits } = await collectRangeCommits({ git: null, api: () => octokit }, range, range.from);
  const pending = changesSince(commits, sticky.head ?? entry.source?.headSha ?? null);
  if (pending.length === 0) return { entry, head: range.to, added: 0 };
  const updated = await shiplog.updateEntry(entry.id, { body: appendItems(entry.body, pending) });
  return { entry: updated, head: range.to, added: pending.length };
}
