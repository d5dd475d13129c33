/**
 * What one pull request or release drafts (docs/github-app.md#github-app, monorepos): with no `components`,
 * one entry for the repository (`include-paths` applying); with them, one entry per component its
 * changed paths touch, each read for that component's paths, tagged with its name and sent to its own
 * project when it names one. Changed paths come from GitHub in bounded calls: a pull request's files
 * (pull-request-files.ts, at most 3,000 files: 30 pages), a range's from one compare call (300 files).
 */
import type { PagingGitHubClient } from '../core/github-client.ts';
import type { ShiplogApi } from '../core/shiplog-client.ts';
import type { AppDeps } from './app-deps.ts';
import { touchedComponents } from '../core/components.ts';
import { type ComponentConfig, includePaths, type RepoConfig } from './repo-config.ts';

export type DraftTarget = {
  /** Null: the whole repository. */
  component: ComponentConfig | null;
  paths: string[] | undefined;
  shiplog: ShiplogApi;
};

/** The paths changed between two refs: one compare call (GitHub lists the first 300 files). */
export async function rangeFiles(
  octokit: PagingGitHubClient,
  range: { owner: string; repo: string; from: string; to: string },
): Promise<string[]> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
    owner: range.owner,
    repo: range.repo,
    basehead: `${range.from}...${range.to}`,
    per_page: 1,
  });
  return (data.files ?? []).flatMap((f) =>
    f.previous_filename ? [f.filename, f.previous_filename] : [f.filename],
  );
}

/**
 * @param linked the repository's own project's API.
 * @param components the components to draft (already chosen), or null for "no components configured".
 */
export async function draftTargets(
  deps: Pick<AppDeps, 'shiplogFor'>,
  repository: string,
  config: RepoConfig,
  linked: ShiplogApi,
  components: readonly ComponentConfig[] | null,
): Promise<DraftTarget[]> {
  if (components === null) return [{ component: null, paths: includePaths(config), shiplog: linked }];
  const targets: DraftTarget[] = [];
  for (const component of components) {
    const shiplog = component.project ? await deps.shiplogFor(repository, component.project) : linked;
    if (shiplog) targets.push({ component, paths: component.paths.map(pathPrefixOf), shiplog });
  }
  return targets;
}

/**
 * The directory a glob stands for (`packages/web/**` → `packages/web`), as commits are read by path:
 * GitHub's `path` filter and git's pathspec take a path, and a component's commits are those under it.
 */
export function pathPrefixOf(glob: string): string {
  const segments = glob.split('/');
  const literal = segments.findIndex((s) => /[*?[{]/.test(s));
  return (literal === -1 ? segments : segments.slice(0, literal)).join('/') || '.';
}

/** The components `files` touch, or null when the repository lists none. */
export function componentsTouched(config: RepoConfig, files: readonly string[]): ComponentConfig[] | null {
  return config.components.length ? touchedComponents(config.components, files) : null;
}
