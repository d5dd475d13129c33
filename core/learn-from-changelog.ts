/**
 * The drafting profile learned in memory from the checkout's changelog (docs/github-action.md "Without
 * a server"): the file's releases older than the one being drafted (older-releases.ts), each given its
 * commits from its tags (collect-history.ts; the checkout needs `fetch-depth: 0`), learned with
 * core/drafting's `learnProfile`. Nothing is stored: the Action without a server does this on each run.
 * Dependencies come in as arguments.
 */
import type { GitRunner } from './collect-commits.ts';
import { collectReleaseHistory } from './collect-history.ts';
import { type DraftingProfileModel, learnProfile, type ProfileExample } from './drafting/index.ts';
import { olderReleases } from './older-releases.ts';
import { parseChangelog } from './parse-changelog.ts';

export type LearnedFromChangelog = {
  /** Null when nothing could be learned (no file, no release with commits). */
  profile: DraftingProfileModel | null;
  /** The releases of the file learned from (with commits), and those it lists in all. */
  learned: number;
  listed: number;
};

/**
 * @param markdown the changelog's text, or null when there is none.
 * @param options.drafting the version being drafted (it and newer ones are left out), or null.
 * @param options.names names tags may carry (`<name>-v1.2.0`), e.g. the repository's.
 */
export async function learnFromChangelog(
  git: GitRunner | null,
  markdown: string | null,
  options: { drafting: string | null; names: readonly string[]; internalPaths?: readonly string[] },
): Promise<LearnedFromChangelog> {
  if (markdown === null) return { profile: null, learned: 0, listed: 0 };
  const { releases } = parseChangelog(markdown);
  const older = olderReleases(releases, options.drafting);
  if (!git || older.length === 0) return { profile: null, learned: 0, listed: releases.length };
  const histories = await collectReleaseHistory(
    git,
    older.map((r) => r.version),
    { names: options.names },
  );
  // Oldest first, as learnProfile takes them; a release git knows no commits of teaches nothing.
  const examples: ProfileExample[] = older
    .map((release, i) => ({ release, history: histories[i]! }))
    .filter(({ history }) => history.commits.length > 0)
    .reverse()
    .map(({ release, history }) => ({
      changes: { commits: history.commits, commitDetails: history.commitDetails },
      notes: release.notes,
      ...(options.internalPaths?.length ? { internalPaths: options.internalPaths } : {}),
    }));
  return {
    profile: examples.length > 0 ? learnProfile(examples) : null,
    learned: examples.length,
    listed: releases.length,
  };
}
