/**
 * `/shiplog add` (issue 22, scope 4): after a person edited a pull request's entry, append one item per
 * change pushed since (core/changes-since-edit.ts) to the entry, keeping the edit, and remember the head
 * they were taken from, so they are not offered again.
 */
import { appendItems } from '../../core/changes-since-edit.ts';
import type { Entry } from '../../core/contract/entries.schema.ts';
import { collectRangeCommits } from '../../core/gather-release.ts';
import type { PagingGitHubClient } from '../../core/github-client.ts';
import { resolveRange } from '../../core/resolve-range.ts';
import type { ShiplogApi } from '../../core/shiplog-client.ts';
import type { IssueRef } from '../../core/upsert-draft-comment.ts';
import type { DraftablePullRequest } from '../draft-pull-request.ts';
import { pendingChanges } from '../pending-changes.ts';
import type { Sticky } from '../sticky-comment.ts';

/**
 * @param pr the pull request as GitHub answers it now (its head is what `add` takes in).
 * @param paths a monorepo component's paths: only the changes under them are its (undefined: all).
 * @returns the entry as updated, the head now taken in, and how many changes were added (0: none
 *   since the edit, nothing changed).
 */
export async function addChangesSinceEdit(
  octokit: PagingGitHubClient,
  shiplog: ShiplogApi,
  issue: IssueRef,
  sticky: Sticky,
  entry: Entry,
  pr: DraftablePullRequest,
  paths: string[] | undefined,
): Promise<{ entry: Entry; head: string; added: number }> {
  const range = resolveRange('pull_request', { pull_request: pr }, { owner: issue.owner, repo: issue.repo });
  const api = { git: null, api: () => octokit };
  const { commits } = await collectRangeCommits(api, range, range.from, paths);
  const since = sticky.head ?? entry.source?.headSha ?? null;
  const pending = await pendingChanges(octokit, range, since, commits, paths);
  if (pending.length === 0) return { entry, head: range.to, added: 0 };
  const updated = await shiplog.updateEntry(entry.id, { body: appendItems(entry.body, pending) });
  return { entry: updated, head: range.to, added: pending.length };
}
