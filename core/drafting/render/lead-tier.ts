/**
 * Which changes may lead a draft (docs/drafting.md, "The headline rule"): the title, the summary's
 * lead and the first highlight are one change, and it is never a change that touched only docs,
 * tests, CI or tooling, nor one of a kind the project's drafting profile leaves out.
 *
 * Tiers, the lower leading first (the importance order stands within a tier):
 * - `0`: may lead;
 * - `1`: leads only when no change of tier 0 is in the release: typed user-facing with a scope that
 *   names internal work (`feat(website): …`) that touched the product or whose files are unknown, or
 *   untyped, worded like internal work and made an item by its product files ("Add URL parsing tests"
 *   touching the parser): words come last, but a title must not read as internal work; and a change
 *   whose words name nothing (`Fix (#3003)`, `Update`: no content word once references are set
 *   aside), which a title cannot name;
 * - `2`: a kind the profile leaves out (listed less than half the time), that its author still made
 *   an item (`feat:`, a label): leads only when the draft lists nothing else, because a title must
 *   name what the draft lists (measured: "Maintenance and dependency updates" over a draft of
 *   features lost a third of the learned headlines on the fresh repositories; docs/drafting.md);
 * - `3`: never leads: its files are only docs, tests, CI, tooling or the repository's
 *   `internal-paths`.
 */
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import { contentWords } from '../changes/content-words.ts';
import { kindOf } from '../evidence/change-kinds.ts';
import { touchedBy } from '../evidence/touched-paths.ts';
import { applies, type DraftingProfileModel } from '../profile/profile-model.ts';
import { countsSelector, KEEP_THRESHOLD } from '../select/counts-selector.ts';

export type LeadTier = 0 | 1 | 2 | 3;

/** The repository's path globs: `internal-paths`, and the product's (its `product-paths` and the profile's). */
export type LeadPaths = { internal: readonly string[]; product: readonly string[] };

/** How `c` may lead a draft for a project with `profile` (null: the built-in defaults). */
export function leadTier(
  c: ClassifiedCommit,
  profile: DraftingProfileModel | null,
  paths: LeadPaths = { internal: [], product: [] },
): LeadTier {
  if (touchedBy(c.files, paths.internal, paths.product) === 'internal') return 3;
  if (applies(profile, 'listing') && leavesOut(profile!, kindOf(c, paths.internal))) return 2;
  return c.internalScope || c.internalWords || contentWords(c.text).size === 0 ? 1 : 0;
}

/** Whether `profile` says its notes leave out changes of `kind` (whatever their size). */
function leavesOut(profile: DraftingProfileModel, kind: ReturnType<typeof kindOf>): boolean {
  return countsSelector.chance(profile.selector.state, kind, 'unknown') < KEEP_THRESHOLD;
}

/**
 * `ranked` (most important first) in the order the draft leads with: tier 0, then 1, then 2, each in
 * its ranked order; changes of tier 3 never lead and are left out.
 */
export function leaders(
  ranked: readonly ClassifiedCommit[],
  tierOf: (c: ClassifiedCommit) => LeadTier,
): ClassifiedCommit[] {
  const tiers = ranked.map((c) => ({ c, tier: tierOf(c) }));
  return [0, 1, 2].flatMap((t) => tiers.filter((x) => x.tier === t).map((x) => x.c));
}
