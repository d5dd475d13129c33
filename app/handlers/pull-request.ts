/**
 * Pull requests (issue "GitHub App", scope 4): opened, synchronize, reopened, edited → each of its
 * entries drafted (draft-pull-request.ts): the repository's one, or in a monorepo one per component it
 * touches (pull-request-units.ts). A skip label or an earlier `/shiplog skip` → no entry. A person's edit
 * locks the entry: pushes no longer re-draft it (the comment says so, listing what was pushed since).
 * Merged with `publish-on-merge` → published, the comment links to it. A repository linked to no
 * project is told once how to link it (unlinked-notice.ts).
 */
import type { Context } from 'probot';
import type { HandlerDeps } from '../app-deps.ts';
import { draftPullRequest } from '../draft-pull-request.ts';
import { loadRepoConfig, type RepoConfig, RepoConfigError } from '../repo-config.ts';
import { pullRequestUnits, type Unit } from '../pull-request-units.ts';
import { entryOf, readSticky, showEntry, showProblem, showSkipped } from '../sticky-comment.ts';
import { noticeUnlinked } from '../unlinked-notice.ts';

type PullRequestContext = Context<'pull_request'>;

/** A `pull_request` delivery: every entry of the pull request drafted, skipped or published. */
export async function onPullRequest(context: PullRequestContext, deps: HandlerDeps): Promise<void> {
  const { payload } = context;
  const pr = payload.pull_request;
  const repository = {
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    htmlUrl: payload.repository.html_url,
  };
  const shiplog = await deps.shiplogFor(payload.repository.full_name);
  if (!shiplog) {
    context.log.info(`${payload.repository.full_name} is not linked to a Shiplog project; nothing to do`);
    if (payload.action === 'opened') await noticeUnlinked(context, deps);
    return;
  }
  const octokit = context.octokit;
  const issue = { owner: repository.owner, repo: repository.repo, number: pr.number };
  let config: RepoConfig;
  try {
    config = await loadRepoConfig(context);
  } catch (err) {
    if (!(err instanceof RepoConfigError)) throw err;
    // Said on the pull request, where a maintainer sees it; a retry would fail the same way.
    if (pr.state === 'open')
      await showProblem(octokit, issue, await readSticky(octokit, issue, await deps.appLogin()), err.message);
    return;
  }
  if (!config.enabled || !config.on.includes('pull_request')) return;

  const login = await deps.appLogin();
  const units = await pullRequestUnits(
    octokit,
    deps,
    payload.repository.full_name,
    config,
    shiplog,
    issue,
    login,
  );
  for (const unit of units) await followPullRequest(context, config, repository, unit);
}

/** Merged, skipped or pushed: what follows for one entry of the pull request. */
async function followPullRequest(
  context: PullRequestContext,
  config: RepoConfig,
  repository: { owner: string; repo: string; htmlUrl: string },
  { shiplog, sticky, component, paths, files }: Unit,
): Promise<void> {
  const { payload, octokit } = context;
  const pr = payload.pull_request;
  const issue = { owner: repository.owner, repo: repository.repo, number: pr.number };
  if (sticky.skipped) return;

  if (payload.action === 'closed') {
    if (!pr.merged || !config['publish-on-merge']) return;
    const entry = await entryOf(shiplog, sticky, issue);
    if (!entry) return;
    const published = await shiplog.publishEntry(entry.id);
    await showEntry(octokit, issue, sticky, {
      entry: published,
      draft: null,
      notice: `Published on merge (\`publish-on-merge\`).`,
    });
    return;
  }
  if (pr.state !== 'open') return;

  const skipLabel = (pr.labels ?? []).find((l) => config['skip-labels'].includes(l.name));
  if (skipLabel) {
    const entry = await entryOf(shiplog, sticky, issue);
    if (entry?.status === 'published') return;
    if (entry) await shiplog.deleteEntry(entry.id);
    if (sticky.comment || entry)
      await showSkipped(
        octokit,
        issue,
        sticky,
        `The pull request has the label \`${skipLabel.name}\` (\`skip-labels\`).`,
      );
    return;
  }
  await draftPullRequest(context, shiplog, config, pr, repository, sticky, {
    regenerate: false,
    operation: 'pull_request',
    component,
    paths,
    files,
  });
}
