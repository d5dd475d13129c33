/**
 * The one sticky draft comment of a pull request: found by its hidden marker **and** its author, so a
 * comment someone else wrote (or quoted) with the marker in it is never taken for ours. The App knows
 * its login (`<app-slug>[bot]`); the Action's token may not be able to say who it is, so there any bot
 * author with the marker counts.
 */
import type { PagingGitHubClient } from './github-client.ts';
import { DRAFT_COMMENT_MARKER } from './render-draft-comment.ts';

export type IssueRef = { owner: string; repo: string; number: number };
type Comment = { id: number; body?: string; user: { login: string; type: string } | null };

/**
 * Our draft comments on `target`, oldest first, page by page (100 a page).
 * @param author the login that must have written them, or null for "any bot".
 */
export async function* listDraftComments(
  octokit: PagingGitHubClient,
  target: IssueRef,
  author: string | null,
): AsyncGenerator<{ id: number; body: string }> {
  const pages = octokit.paginate.iterator('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    per_page: 100,
  });
  for await (const { data } of pages) {
    for (const c of data as Comment[]) {
      const byUs = author ? c.user?.login === author : c.user?.type === 'Bot';
      if (byUs && c.body?.startsWith(DRAFT_COMMENT_MARKER)) yield { id: c.id, body: c.body };
    }
  }
}

/** @param author the login that must have written it, or null for "any bot". */
export async function findDraftComment(
  octokit: PagingGitHubClient,
  target: IssueRef,
  author: string | null,
): Promise<{ id: number; body: string } | null> {
  for await (const comment of listDraftComments(octokit, target, author)) return comment;
  return null;
}

/** Update the sticky comment in place, or create it. */
export async function upsertDraftComment(
  octokit: PagingGitHubClient,
  target: IssueRef,
  body: string,
  author: string | null,
  known?: { id: number } | null,
): Promise<{ id: number; created: boolean }> {
  const mine = known === undefined ? await findDraftComment(octokit, target, author) : known;
  if (mine) {
    await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: target.owner,
      repo: target.repo,
      comment_id: mine.id,
      body,
    });
    return { id: mine.id, created: false };
  }
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    body,
  });
  return { id: (data as { id: number }).id, created: true };
}
