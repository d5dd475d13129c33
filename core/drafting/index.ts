/**
 * Shiplog's drafting library (docs/drafting.md): pure functions from a release's changes and a
 * project's history to a changelog draft. No database, no network, no environment, no clock: whatever
 * it needs comes in as arguments, so the server, the Action without a server, the evaluation and the
 * benches run the very same code.
 *
 * The public API (stable; everything else is the stages' own):
 * - `draftRelease(input, profile, options?)` → generate's `draft` (docs/api.md, "Generate a draft"):
 *   `input` is generate's body (only `commits` required), `profile` the project's drafting profile or
 *   null (the built-in defaults), `options.link` how references become links (default: from
 *   `input.repository`). `writeRelease(input, profile, writer, options?)` is the same draft with its
 *   writing done by `writer` (the AI drafter), held to the offline drafter's guarantees.
 * - `learnProfile(examples)` → the profile learned from a project's releases, oldest first, each
 *   `{ changes: { commits, commitDetails?, pullRequests? }, notes }` (import's shape), proved on its
 *   newest releases (the replay: only the parts that lose nothing are applied; `validation`); releases
 *   without commits teach nothing. Store it as JSON; `parseProfile(stored)` reads it back (null with
 *   why when it is outdated or malformed) for `draftRelease`. `learnCounts` learns without the replay.
 * - `Selector` (select/selector.ts): the model of which changes a project lists, with versioned state;
 *   today's is `countsSelector`.
 * - `presentProfile(profile, updatedAt)` and `describeProfile(profile)`: the profile as
 *   `GET /api/v1/drafting/profile` shows it, and in words.
 * - `summaryOfDraft(draft)`: a draft's summary for readers, in plain words.
 *
 * Stages, one folder each, in the order `draftRelease` calls them: `changes/` (what the author said),
 * `evidence/` (what each change touched), `profile/` (what the history teaches), `select/` (what the
 * profile decides), `render/` (the Markdown).
 */
export {
  type DraftInput,
  draftRelease,
  type DraftReleaseOptions,
  type DraftWriter,
  type ReleaseDraft,
  type WriterBrief,
  type WrittenAnswer,
  type WrittenRelease,
  writeRelease,
} from './draft-release.ts';
export type { CleanCommits } from './clean-changes.ts';
export type { ClassifiedCommit } from './changes/classify-commit.ts';
export { learnProfile } from './learn-profile.ts';
export { learnCounts, type ProfileExample } from './profile/learn-profile.ts';
export {
  type DraftingProfileModel,
  parseProfile,
  PROFILE_PARTS,
  type ProfilePart,
} from './profile/profile-model.ts';
export { countsSelector } from './select/counts-selector.ts';
export type { Selector, SelectorLesson } from './select/selector.ts';
export { MAX_REPLAYED } from './validate/replay-releases.ts';
export { describeProfile, presentProfile, traitsOf } from './profile/profile-traits.ts';
export type { ModelAnswer } from './render/finish-model-draft.ts';
export { summaryOfDraft } from './render/plain-summary.ts';
export { type ChangeLevel, splitTag, suggestVersion } from './suggest-version.ts';
export { changeLevelOf } from './change-level.ts';
export { plainRefs, type RefLinker, refLinker } from './render/ref-links.ts';
