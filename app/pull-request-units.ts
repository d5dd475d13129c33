/**
 * The entries of one pull request, each with its own sticky comment (docs/github-app.md#github-app,
 * monorepos): the repository's one entry, or in a monorepo one per component the pull request's changed
 * files touch (app/draft-targets.ts). Drafting on a push and the `/shiplog` commands both act on these.
 */
import type { PagingGitHubClient } from '../core/github-client.ts';
import type { ShiplogApi } from '../core/shiplog-client.ts';
import type { IssueRef } from '../core/upsert-draft-comment.ts';
import type { AppDeps } from './app-deps.ts';
import { componentsTouched, draftTargets } from './draft-targets.ts';
import { ALL_FILES, pathsOf, pullRequestFileReader, type PullRequestFiles } from './pull-request-files.ts';
import { includePaths, type RepoConfig } from './repo-config.ts';
import { readComponentStickies, readSticky, type Sticky } from './sticky-comment.ts';

/** One entry a pull request drafts: the repository's, or one component's, with its own sticky comment. */
export type Unit = {
  shiplog: ShiplogApi;
  sticky: Sticky;
  /** The component's name, or null for the repository's one entry. */
  component: string | null;
  /** The paths its commits are read under (undefined: every path). */
  paths: string[] | undefined;
  /** The pull request's changed files, read once for all its units. */
  files: PullRequestFiles;
};

/**
 * @param repository `owner/name`, as the linked project knows it.
 * @param shiplog the API of the repository's own project.
 * @param login the app's own login: only its comments are stickies.
 * @returns the units in the order of `components` (one, with no components; none when the pull request
 *   touches no component, or only components whose project may not be drafted into).
 */
export async function pullRequestUnits(
  octokit: PagingGitHubClient,
  deps: Pick<AppDeps, 'shiplogFor'>,
  repository: string,
  config: RepoConfig,
  shiplog: ShiplogApi,
  issue: IssueRef,
  login: string,
): Promise<Unit[]> {
  const files = pullRequestFileReader(octokit, issue);
  if (!config.components.length) {
    const sticky = await readSticky(octokit, issue, login);
    return [{ shiplog, sticky, component: null, paths: includePaths(config), files }];
  }
  const touched = componentsTouched(config, pathsOf(await files(ALL_FILES))) ?? [];
  const targets = await draftTargets(deps, repository, config, shiplog, touched);
  const names = targets.map((t) => t.component!.name);
  const stickies = await readComponentStickies(octokit, issue, login, names);
  return targets.map((t) => ({
    shiplog: t.shiplog,
    sticky: stickies.get(t.component!.name)!,
    component: t.component!.name,
    paths: t.paths,
    files,
  }));
}
