/**
 * The Action without a server (docs/github-action.md "Without a server"): the same range → changes flow
 * as with a server (gather-release.ts `gatherRelease`), then, instead of calling generate, the drafting
 * profile learned in memory from the checkout's changelog (learn-from-changelog.ts) and the draft made
 * right here by core/drafting's `draftRelease`, the very code the server's offline drafter runs. The
 * next version is suggested from the previous release (previous-release.ts). The only network calls are
 * GitHub's API, and only those the range needs (pull requests, a checkout that lacks the range).
 * Dependencies come in as arguments; the clock too (`now`), for the timings.
 */
import type { CollectedCommits } from './collect-commits.ts';
import type { Draft, PullRequestInput } from './contract/generate.schema.ts';
import { type DraftRequest, type GatherDeps, gatherRelease } from './gather-release.ts';
import { draftRelease, type DraftingProfileModel } from './drafting/index.ts';
import { learnFromChangelog } from './learn-from-changelog.ts';
import { previousRelease } from './previous-release.ts';

export type RunnerDeps = GatherDeps & {
  /** The changelog's text, or null when the checkout has no such file. */
  readChangelog: () => Promise<string | null>;
  /** Milliseconds of a monotonic clock (`performance.now`). */
  now: () => number;
};

export type RunnerDraft = {
  from: string | null;
  commits: CollectedCommits;
  pullRequests: PullRequestInput[];
  /** The previous release as written (`v1.3.0`), or null. */
  previous: string | null;
  /** Null when the range had no commits. */
  draft: Draft | null;
  profile: DraftingProfileModel | null;
  /** Releases of the changelog learned from, and listed in all. */
  learned: number;
  listed: number;
  /** Where the time went, in milliseconds. */
  timings: { gatherMs: number; learnMs: number; draftMs: number };
};

export async function draftInRunner(deps: RunnerDeps, request: DraftRequest): Promise<RunnerDraft> {
  const { range } = request;
  const t0 = deps.now();
  const gathered = await gatherRelease(deps, request);
  const previous = gathered.request ? await previousRelease(deps, range, gathered.from) : null;
  const t1 = deps.now();
  const none = {
    from: gathered.from,
    commits: gathered.commits,
    pullRequests: gathered.pullRequests,
    previous,
  };
  if (!gathered.request)
    return {
      ...none,
      draft: null,
      profile: null,
      learned: 0,
      listed: 0,
      timings: { gatherMs: t1 - t0, learnMs: 0, draftMs: 0 },
    };
  const learned = await learnFromChangelog(deps.git, await deps.readChangelog(), {
    drafting: request.version ?? null,
    names: [range.repo],
    internalPaths: request.drafting?.internalPaths,
  });
  const t2 = deps.now();
  deps.log.info(
    learned.profile
      ? `Learned how this project writes its notes from ${learned.learned} of the changelog's ${learned.listed} releases`
      : learned.listed > 0
        ? `The changelog lists ${learned.listed} releases, but none older than this one has commits in the checkout (check out with fetch-depth: 0): drafting with the built-in defaults`
        : 'No changelog to learn from: drafting with the built-in defaults',
  );
  const draft = draftRelease(
    { ...gathered.request.input, ...(previous ? { previousVersion: previous } : {}) },
    learned.profile,
  );
  const t3 = deps.now();
  return {
    ...none,
    draft,
    profile: learned.profile,
    learned: learned.learned,
    listed: learned.listed,
    timings: { gatherMs: t1 - t0, learnMs: t2 - t1, draftMs: t3 - t2 },
  };
}
