/**
 * Drafting one entry of a pull request (issue "GitHub App", scope 4): its commits (under a component's
 * paths, or `include-paths`) and its title and description, with the files the pull request changed
 * (pull-request-files.ts, as what its title and description stand for touched: generate's
 * `commitDetails` of that first message) and the repository's drafting settings → the draft → its
 * sticky comment. The files are evidence, not the draft: when GitHub will not list them, the pull
 * request is drafted from its words, and the log says so. An entry a
 * person edited is kept, and the changes pushed since are listed under it (pending-changes.ts), never
 * drafted over it nor dropped. Shared by pushes (handlers/pull-request.ts) and `/shiplog regenerate`.
 */
import type { Context } from 'probot';
import { renderChangesSinceEdit } from '../core/changes-since-edit.ts';
import { requestDraft } from '../core/request-draft.ts';
import { resolveRange } from '../core/resolve-range.ts';
import type { ShiplogApi } from '../core/shiplog-client.ts';
import { draftDepsOf } from './draft-deps.ts';
import { pendingChanges } from './pending-changes.ts';
import { evidenceOf, type PullRequestFiles } from './pull-request-files.ts';
import { draftingOf, includePaths, type RepoConfig } from './repo-config.ts';
import { showEntry, type Sticky } from './sticky-comment.ts';

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
  context: Pick<Context, 'octokit' | 'log'>,
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
    /** The pull request's changed files (what its title and description stand for touched). */
    files: PullRequestFiles;
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
  const leadDetail = await evidenceOf(options.files, paths).catch((err: unknown) => {
    context.log.warn(
      `#${pr.number}: GitHub did not list the pull request's files (${(err as Error).message.split('\n')[0]}): drafting from its words.`,
    );
    return null;
  });
  const { generated, entry, commits } = await requestDraft(draftDepsOf(context, shiplog), {
    range,
    paths,
    repositoryUrl: repository.htmlUrl,
    component: options.component ?? undefined,
    leadMessages: [`${pr.title}\n\n${pr.body ?? ''}`.trim()],
    leadDetail: leadDetail ?? undefined,
    drafting: draftingOf(config),
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
