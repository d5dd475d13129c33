/**
 * Learning, whole (docs/drafting.md, "The drafting profile" and "The profile proves itself"): a
 * project's releases (oldest first, import's shape) → the profile drafts use.
 *
 * 1. `profile/`: each release read once into its lesson (its changes paired with its notes items);
 * 2. `profile/`: the lessons summed into the profile (the selector's state, product paths, headings,
 *    detail, style);
 * 3. `validate/`: the newest releases replayed, each drafted by `draftRelease` from the profile learned
 *    without it, plain and learned, and scored against its own notes; the parts that lose neither
 *    precision nor recall are applied, and the replay is kept as `validation`.
 *
 * Import learning (the server, `shiplog import --git-dir`, the Action's import), `npm run eval:drafts`,
 * the benches and the tests all call `learnProfile`. Pure.
 */
import { draftRelease } from './draft-release.ts';
import { combineLessons, readLessons } from './profile/learn-profile.ts';
import type { DraftingProfileModel } from './profile/profile-model.ts';
import type { ProfileExample } from './profile/read-lesson.ts';
import { replayReleases } from './validate/replay-releases.ts';

/** The profile `examples` teach, with the learned parts its replay kept. */
export function learnProfile(examples: readonly ProfileExample[]): DraftingProfileModel {
  // 1. Each release read once.
  const lessons = readLessons(examples);
  // 2. Summed.
  const profile = combineLessons(lessons);
  // 3. Proved on the newest releases, each left out of what drafts it.
  const validation = replayReleases(lessons, (input, learned) => draftRelease(input, learned));
  return { ...profile, applied: validation.applied, validation };
}
