/**
 * The offline drafter's one entry: a release's changes (generate's input: commits, their details, pull
 * requests, `internal-paths`, `detail`, `sections`) and the project's drafting profile → a draft.
 * In order: clean and classify (the author's signals, then the files each change touched:
 * commit-hygiene.ts, apply-evidence.ts), let the profile decide what its author and files left open
 * (apply-profile.ts), then write it in the project's way (its headings, item style and detail:
 * profile-view.ts, offline-drafter.ts). With no profile (`null`), the built-in defaults.
 */
import type { Detail, SectionHeading } from '../../../core/contract/generate.schema.ts';
import { applyProfile } from './apply-profile.ts';
import { type ChangeInput, type CleanCommits, cleanChanges } from './commit-hygiene.ts';
import type { DraftingProfileModel } from './learn-profile.ts';
import { type DraftCore, draftOffline } from './offline-drafter.ts';
import { traitsOf } from './profile-view.ts';
import { plainRefs, type RefLinker } from './ref-links.ts';

export type DraftInput = ChangeInput & {
  /** `full` or `highlights`; wins over the profile's. */
  detail?: Detail | undefined;
  /** The repository's own headings (`.github/shiplog.yml`); win over the profile's. */
  sections?: readonly SectionHeading[] | undefined;
};

/** The changes `input` holds, as `profile` would have them drafted (who decided what is on each). */
export function selectChanges(input: DraftInput, profile: DraftingProfileModel | null): CleanCommits {
  return applyProfile(cleanChanges(input), profile, input.internalPaths ?? []);
}

/** The offline draft of `input` for a project with `profile` (null: the built-in defaults). */
export function draftRelease(
  input: DraftInput,
  profile: DraftingProfileModel | null,
  link: RefLinker = plainRefs,
): DraftCore {
  return draftOffline(selectChanges(input, profile), link, {
    traits: traitsOf(profile),
    detail: input.detail,
    sections: input.sections,
  });
}
