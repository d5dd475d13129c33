/**
 * A range's changes gathered into generate's request, the first half of the flow the Action and the App
 * share (request-draft.ts sends it to a server; draft-in-runner.ts drafts it in the runner): a range (a
 * release, a pull request, a push) → its changes (first-parent commits from the local checkout when it
 * holds the range, else the REST API; the merged pull requests they stand for from GraphQL) →
 * generate's body and Idempotency-Key. A shallow checkout is deepened, or not used
 * (prepare-checkout.ts): never a silent one-commit draft.
 * Dependencies come in as arguments: a git runner (or null), an octokit made on demand, and where to
 * say what happened.
 *
 * What each change touched goes with it (docs/api.md#generate-a-draft-from-commits-and-pull-requests `commitDetails`, `pullRequests[].files`): from a
 * checkout, each commit's first-parent diff and the pull requests' from the commits they stand for;
 * over the API, the pull requests' files from the same GraphQL queries and no per-commit files (one
 * call per commit would be too many); a pull request's own draft gets its files from the caller
 * (`leadDetail`). The repository's drafting settings (`internal-paths`, `detail`, `sections`) go as
 * `internalPaths`, `detail`, `sections`.
 *
 * The request names its source (docs/api.md#generate-a-draft-from-commits-and-pull-requests): a pull request's or a
 * release's one entry is re-drafted by later runs, never duplicated, and kept as it is once a person
 * edited it unless `regenerate`. The Idempotency-Key is derived from the repository, the range, the
 * operation and what else the request depends on, so a re-run gets the same answer.
 */
import {
  type CollectedCommits,
  collectFromCompare,
  collectFromGit,
  collectHistory,
  collectPullRequest,
  type GitRunner,
  gitHasRange,
  listReleaseTagsFromApi,
  listTagsFromGit,
  type RangeCommit,
} from './collect-commits.ts';
import { collectPullRequests } from './collect-pull-requests.ts';
import type { GitHubClient } from './github-client.ts';
import type { PullRequestInput } from './contract/generate.schema.ts';
import { type GenerateBody, generateRequestOf, type SourceRequest } from './generate-request.ts';
import { prepareCheckout, SHALLOW_FIX, ShallowCheckoutError } from './prepare-checkout.ts';
import { type RangeRequest, selectPreviousTag } from './resolve-range.ts';

export type GatherDeps = {
  /** The checkout, when there is one (the Action); null for the App. */
  git: GitRunner | null;
  /** The GitHub client, made when first needed; `why` names the call for the error if it cannot be. */
  api: (why: string) => GitHubClient;
  log: { info: (message: string) => void; warning: (message: string) => void };
};

export type DraftRequest = SourceRequest & {
  paths?: string[] | undefined;
  /**
   * A repository's own label names → the ones generate knows (`feature`, `fix`, `skip-changelog`…):
   * the App's `category-labels` and `skip-labels`.
   */
  labelMap?: ((label: string) => string) | undefined;
};

/** The previous release tag for a release range with no start (from the checkout, else the API). */
async function previousTag(
  deps: Pick<GatherDeps, 'git' | 'api'>,
  range: RangeRequest & { kind: 'release' },
): Promise<string | null> {
  const tags =
    deps.git && (await gitHasRange(deps.git, null, range.to))
      ? await listTagsFromGit(deps.git)
      : (await listReleaseTagsFromApi(deps.api('listing release tags'), range)).tags;
  return selectPreviousTag(tags, range.tag);
}

/** The range's commits, newest first: local git when the checkout holds the range, else REST. */
export async function collectRangeCommits(
  deps: Pick<GatherDeps, 'git' | 'api'>,
  range: RangeRequest,
  from: string | null,
  paths?: string[],
): Promise<CollectedCommits> {
  const repo = { owner: range.owner, repo: range.repo };
  if (deps.git && (await gitHasRange(deps.git, from, range.to)))
    return collectFromGit(deps.git, { from, to: range.to, paths });
  if (range.kind === 'pull_request')
    return collectPullRequest(deps.api("collecting the pull request's commits"), { ...range, paths });
  if (from)
    return collectFromCompare(deps.api('comparing the range'), { ...repo, from, to: range.to, paths });
  return collectHistory(deps.api('reading the history'), { ...repo, to: range.to, paths });
}

/** The API client for an optional call, or null (with why) when there is none (no token). */
function optionalApi(deps: Pick<GatherDeps, 'api' | 'log'>, why: string): GitHubClient | null {
  try {
    return deps.api(why);
  } catch {
    return null;
  }
}

/**
 * The merged pull requests of a release, push or manual range and the commits to send with them. A
 * pull request's own draft has none: it is the change, its commits are what it is made of.
 */
async function gatherPullRequests(
  deps: Pick<GatherDeps, 'api' | 'log'>,
  range: RangeRequest,
  from: string | null,
  commits: CollectedCommits,
): Promise<{ pullRequests: PullRequestInput[]; commits: RangeCommit[] }> {
  const all = commits.commits;
  if (range.kind === 'pull_request') return { pullRequests: [], commits: all };
  const octokit = optionalApi(deps, 'reading the pull requests of the range');
  if (!octokit?.graphql) {
    deps.log.info('No GitHub API access: drafting from the commits alone, without pull-request data.');
    return { pullRequests: [], commits: all };
  }
  try {
    const gathered = await collectPullRequests(
      octokit,
      { owner: range.owner, repo: range.repo },
      commits.commits,
      range.kind === 'release' ? { tag: range.tag, previousTag: from } : undefined,
    );
    deps.log.info(
      `${gathered.pullRequests.length} merged pull requests in the range (${gathered.apiCalls} API calls)`,
    );
    for (const warning of gathered.warnings) deps.log.warning(warning);
    const kept = gathered.commits;
    // Generate takes one commit at least: a range of rebase-merged pull requests sends its newest.
    return { pullRequests: gathered.pullRequests, commits: kept.length > 0 ? kept : all.slice(0, 1) };
  } catch (err) {
    deps.log.warning(
      `Could not read the range's pull requests (${(err as Error).message.split('\n')[0]}): drafting from the commits alone.`,
    );
    return { pullRequests: [], commits: all };
  }
}

/** What a range holds, ready for generate: or no commits (nothing to draft). */
export type GatheredRelease = {
  from: string | null;
  commits: CollectedCommits;
  pullRequests: PullRequestInput[];
  /** Generate's body and its Idempotency-Key; null when the range had no commits. */
  request: { input: GenerateBody; key: string } | null;
};

/**
 * The range's changes, gathered (the previous release found, the checkout deepened or passed over, the
 * commits and pull requests read) and made into generate's request. What the flow with a server
 * (request-draft.ts) and the Action without a server (draft-in-runner.ts) both start with.
 */
export async function gatherRelease(deps: GatherDeps, request: DraftRequest): Promise<GatheredRelease> {
  const { range } = request;
  let git = deps.git;
  const shallow = git !== null && (await prepareCheckout(git, deps.log)) === 'shallow';
  if (shallow) {
    git = null;
    if (!optionalApi(deps, 'reading the range')) throw new ShallowCheckoutError(SHALLOW_FIX);
  }
  const flow = { ...deps, git };
  let from = range.from;
  if (range.kind === 'release' && from === null) {
    from = await previousTag(flow, range);
    deps.log.info(
      from ? `Previous release: ${from}` : 'No previous release: taking the whole history up to this tag',
    );
  }
  const commits = await collectRangeCommits(flow, range, from, request.paths);
  deps.log.info(
    `${commits.messages.length} first-parent commits from ${from ?? '(start)'} to ${range.to} (${commits.source === 'git' ? 'local git' : `${commits.apiCalls} API calls`})`,
  );
  if (commits.truncated) {
    deps.log.warning(
      `The range has ${commits.total} commits; Shiplog drafts from at most 500, so only the newest ${commits.messages.length} were sent.`,
    );
  }
  if (commits.messages.length === 0) return { from, commits, pullRequests: [], request: null };
  const gathered = await gatherPullRequests(deps, range, from, commits);
  const { labelMap } = request;
  const pullRequests = labelMap
    ? gathered.pullRequests.map((pr) => ({ ...pr, labels: [...new Set(pr.labels?.map(labelMap))] }))
    : gathered.pullRequests;
  const made = generateRequestOf(request, {
    from,
    commits: gathered.commits,
    pullRequests,
    authors: commits.authors ?? [],
  });
  return { from, commits, pullRequests, request: made };
}
