/** "Installed but not linked" (issue 22, scope 5): the App says so once instead of staying silent. */
import type { Context } from 'probot';
import type { HandlerDeps } from './app-deps.ts';
import { renderUnlinkedNotice } from './render-notices.ts';

/**
 * The one comment a repository linked to no project gets (docs/github-app.md#github-app): on the first pull
 * request opened after the App was installed there, saying how to link it; nothing more until it is
 * linked. The claim is given back if the comment cannot be posted, so a retry posts it.
 */
export async function noticeUnlinked(context: Context<'pull_request'>, deps: HandlerDeps): Promise<void> {
  const store = deps.installations;
  if (!store) return;
  const { repository, pull_request: pr } = context.payload;
  if (!(await store.claimUnlinkedNotice(repository.full_name, pr.number))) return;
  try {
    await context.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: repository.owner.login,
      repo: repository.name,
      issue_number: pr.number,
      body: renderUnlinkedNotice(repository.full_name),
    });
  } catch (err) {
    await store.releaseUnlinkedNotice(repository.full_name);
    throw err;
  }
}
