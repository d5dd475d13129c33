/**
 * The third voice: the project's drafting profile decides what its author and its files left open
 * (CONTRACT.md "POST /api/v1/entries/generate": author's signals, then files, then the profile, then
 * words). Only changes nobody typed are moved: a commit typed user-facing is always an item, one typed
 * internal always Maintenance (issue 31 targets).
 *
 * - An untyped change is kept when this project's notes list its kind and size at least half the time
 *   (learn-profile.ts `listingChance`); the kept ones are then topped up, most likely first, to the
 *   number of items the chances add up to, so a project that lists a third of its untyped fixes gets
 *   its likeliest third rather than none. The others fold into Maintenance.
 * - Untyped internal work of a kind this project does list (its docs changes, say) becomes an item.
 */
import type { ClassifiedCommit } from './classify-commit.ts';
import type { CleanCommits } from './commit-hygiene.ts';
import { kindOf, sizeOf } from './change-kinds.ts';
import { categoryOfKind, type DraftingProfileModel, listingChance } from './learn-profile.ts';

const open = (c: ClassifiedCommit) => c.decidedBy !== 'author' && !c.breaking;

/** `commits` as `profile` would draft them (unchanged without a learned profile). */
export function applyProfile(
  commits: CleanCommits,
  profile: DraftingProfileModel | null,
  internalPaths: readonly string[] = [],
): CleanCommits {
  if (!profile || profile.releasesLearned === 0) return commits;
  const chance = (c: ClassifiedCommit) => listingChance(profile, kindOf(c, internalPaths), sizeOf(c));
  const candidates = commits.changes
    .filter(open)
    .map((c) => ({ c, p: chance(c) }))
    .sort((a, b) => b.p - a.p || b.c.lines - a.c.lines);
  const expected = Math.round(candidates.reduce((sum, x) => sum + x.p, 0));
  const kept = new Set(candidates.filter((x, i) => x.p >= 0.5 || i < expected).map((x) => x.c));
  const dropped = commits.changes.filter((c) => open(c) && !kept.has(c));

  const promoted = commits.maintenance.filter((c) => open(c) && chance(c) >= 0.5);
  const asItems = promoted.map((c): ClassifiedCommit => ({
    ...c,
    kind: 'change',
    category: categoryOfKind(kindOf(c, internalPaths)),
    decidedBy: 'profile',
  }));
  return {
    ...commits,
    changes: [...commits.changes.filter((c) => !dropped.includes(c)), ...asItems],
    maintenance: [
      ...commits.maintenance.filter((c) => !promoted.includes(c)),
      ...dropped.map((c): ClassifiedCommit => ({ ...c, kind: 'maintenance', decidedBy: 'profile' })),
    ],
  };
}
