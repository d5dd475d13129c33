/**
 * Pull requests (issue "GitHub App", scope 4): opened, synchronize, reopened, edited → the commits and
 * the pull request's title and description → the draft → the one sticky comment. A skip label or an
 * earlier `/shiplog skip` → no entry. A person's edit locks the entry: pushes no longer re-draft it
 * (the comment says so). Merged with `publish-on-merge` → published, the comment links to it.
 */
import type { Context } from 'probot';
import { renderChangesSinceEdit } from '../../core/changes-since-edit.ts';
import { draftRelease } from '../../core/draft-release.ts';
import { resolveRange } from '../../core/resolve-range.ts';
import type { ShiplogApi } from '../../core/shiplog-client.ts';
import type { HandlerDeps } from '../app-deps.ts';
import { draftDepsOf } from '../draft-deps.ts';
import { includePaths, loadRepoConfig, type RepoConfig, RepoConfigError } from '../repo-config.ts';
import { pendingChanges } from '../pending-changes.ts';
import { renderUnlinkedNotice } from '../render-notices.ts';
import { pullRequestUnits, type Unit } from '../pull-request-units.ts';
import { entryOf, readSticky, showEntry, showProblem, showSkipped, type Sticky } from '../sticky-comment.ts';

type PullRequestContext = Context<'pull_request'>;

/**
 * What drafting reads of a pull request: the fields a `pull_request` webhook's payload and the REST
 * API's `GET /pulls/{n}` answer (for `/shiplog regenerate`) both carry.
 */
export type DraftablePullRequest = {
  number: number;
  title: string;
  body: string | null;
  commits?: number;
  labels?: { name: string }[];
  /** Who opened it (credited first in the Contributors line). */
  user?: { login: string } | null;
  base: { sha: string; repo: { full_name: string } };
  head: { sha: string; repo: { full_name: string } | null };
};

/** The category the pull request's labels give (`category-labels`, first label that maps). */
function labelCategory(pr: DraftablePullRequest, config: RepoConfig) {
  for (const label of pr.labels ?? []) {
    const category = config['category-labels'][label.name];
    if (category) return category;
  }
  return undefined;
}

/** Draft (or re-draft) the pull request's entry and show it; shared with `/shiplog regenerate`. */
export async function draftPullRequest(
  context: Pick<PullRequestContext, 'octokit' | 'log'>,
  shiplog: ShiplogApi,
  config: RepoConfig,
  pr: DraftablePullRequest,
  repository: { owner: string; repo: string; htmlUrl: string },
  sticky: Sticky,
  options: {
    regenerate: boolean;
    operation: string;
    notice?: string;
    /** A monorepo component: drafted from its paths only, tagged with it. */
    component?: string | null;
    paths?: string[] | undefined;
  },
): Promise<void> {
  const octokit = context.octokit;
  const issue = { owner: repository.owner, repo: repository.repo, number: pr.number };
  const paths = options.component ? options.paths : includePaths(config);
  const range = resolveRange(
    'pull_request',
    { pull_request: pr },
    { owner: repository.owner, repo: repository.repo },
  );
  const { generated, entry, commits } = await draftRelease(draftDepsOf(context, shiplog), {
    range,
    paths,
    repositoryUrl: repository.htmlUrl,
    component: options.component ?? undefined,
    leadMessages: [`${pr.title}\n\n${pr.body ?? ''}`.trim()],
    category: labelCategory(pr, config),
    visibility: config.visibility,
    publish: false,
    regenerate: options.regenerate,
    operation: options.operation,
    contributors: config.contributors,
    author: pr.user?.login ?? null,
  });
  if (!generated || !entry) {
    context.log.info(`#${pr.number}: no commits to draft from`);
    return;
  }
  // An edited entry is kept: the changes pushed since are listed, never drafted over it nor dropped.
  const kept = generated.draft === null && entry.status === 'draft' && entry.editedAt !== null;
  const since = sticky.head ?? entry.source?.headSha ?? null;
  const pending = kept ? await pendingChanges(octokit, range, since, commits.commits, paths) : [];
  await showEntry(octokit, issue, sticky, {
    entry,
    draft: generated.draft,
    notice: options.notice ?? null,
    head: generated.draft ? range.to : since,
    sinceEdit: pending.length ? renderChangesSinceEdit(pending, true) : null,
  });
}

/**
 * The one comment a repository linked to no project gets (CONTRACT.md "GitHub App"): on the first pull
 * request opened after the App was installed there, saying how to link it; nothing more until it is
 * linked. The claim is given back if the comment cannot be posted, so a retry posts it.
 */
async function noticeUnlinked(context: PullRequestContext, deps: HandlerDeps): Promise<void> {
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
  { shiplog, sticky, component, paths }: Unit,
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
  });
}
