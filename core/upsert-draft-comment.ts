/**
 * Post the draft on a pull request as one sticky comment: the comment carrying DRAFT_COMMENT_MARKER
 * is updated in place on later runs instead of piling up new ones.
 */
import type { OctokitLike } from './collect-commits.ts';
import { DRAFT_COMMENT_MARKER } from './render-draft-comment.ts';

export async function upsertDraftComment(
  octokit: OctokitLike,
  target: { owner: string; repo: string; number: number },
  body: string,
): Promise<{ id: number; created: boolean }> {
  for (let page = 1; page <= 10; page++) {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: target.owner,
      repo: target.repo,
      issue_number: target.number,
      per_page: 100,
      page,
    });
    const comments = data as { id: number; body?: string }[];
    const mine = comments.find((c) => c.body?.includes(DRAFT_COMMENT_MARKER));
    if (mine) {
      await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: target.owner,
        repo: target.repo,
        comment_id: mine.id,
        body,
      });
      return { id: mine.id, created: false };
    }
    if (comments.length < 100) break;
  }
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    body,
  });
  return { id: (data as { id: number }).id, created: true };
}
