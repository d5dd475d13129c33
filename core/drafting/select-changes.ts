/**
 * The third voice: the project's drafting profile decides what its author and its files left open
 * (docs/api.md#generate-a-draft-from-commits-and-pull-requests: author's signals, then files, then the
 * profile, then words), through its selector (select/selector.ts; today's: select/counts-selector.ts), and only with
 * the parts the profile's replay kept (`listing`, `breaking`; profile-model.ts `applies`).
 *
 * Measured (`npm run eval:drafts -- --learned`, bench/eval/MATCHER.md): topping the kept changes up to
 * the number the chances add up to, and ranking by the kind the notes lead with, both cost more than
 * they gave on held-out and fresh repositories, and were removed.
 */
import type { CleanCommits } from './clean-changes.ts';
import { applies, type DraftingProfileModel } from './profile/profile-model.ts';
import { countsSelector } from './select/counts-selector.ts';

/** `commits` as `profile` would draft them (unchanged without a learned profile). */
export function applyProfile(
  commits: CleanCommits,
  profile: DraftingProfileModel | null,
  internalPaths: readonly string[] = [],
): CleanCommits {
  if (!profile || profile.releasesLearned === 0) return commits;
  return countsSelector.select(commits, profile.selector.state, {
    internalPaths,
    listing: applies(profile, 'listing'),
    breaking: applies(profile, 'breaking'),
  });
}
