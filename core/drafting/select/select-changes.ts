/**
 * The third voice: the project's drafting profile decides what its author and its files left open
 * (docs/api.md#generate-a-draft-from-commits-and-pull-requests: author's signals, then files, then the profile, then
 * words).
 *
 * - An untyped change is kept when this project's notes list its kind and size at least half the time
 *   (learn-profile.ts `listingChance`); the others fold into Maintenance. A commit typed user-facing
 *   (`feat:`, `fix:`, a label, a release note) is always an item.
 * - Untyped internal work of a kind this project does list at least half the time (its docs or CI
 *   changes, in a project whose notes carry them) becomes an item. Work its author typed internal
 *   (`docs:`, `chore:`, `ci:`) stays Maintenance whatever the history says: the author decides first.
 * - An untyped change worded the way this project words its breaking changes is breaking.
 *
 * Measured (`npm run eval:drafts -- --learned`, bench/eval/MATCHER.md): topping the kept changes up to
 * the number the chances add up to, and ranking by the kind the notes lead with, both cost more than
 * they gave on held-out and fresh repositories, and were removed.
 */
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import type { CleanCommits } from '../changes/clean-changes.ts';
import { kindOf, sizeOf } from '../evidence/change-kinds.ts';
import {
  categoryOfKind,
  type DraftingProfileModel,
  listingChance,
  soundsBreaking,
} from '../profile/learn-profile.ts';

const open = (c: ClassifiedCommit) => c.decidedBy !== 'author' && !c.breaking;

/** `commits` as `profile` would draft them (unchanged without a learned profile). */
export function applyProfile(
  commits: CleanCommits,
  profile: DraftingProfileModel | null,
  internalPaths: readonly string[] = [],
): CleanCommits {
  if (!profile || profile.releasesLearned === 0) return commits;
  // Worded the way this project words its breaking changes: breaking, whatever else is decided.
  const marked = commits.changes.map((c): ClassifiedCommit =>
    open(c) && soundsBreaking(profile, c.text) ? { ...c, breaking: true, decidedBy: 'profile' } : c,
  );
  commits = { ...commits, changes: marked };
  const chance = (c: ClassifiedCommit) => listingChance(profile, kindOf(c, internalPaths), sizeOf(c));
  const candidates = commits.changes.filter(open).map((c) => ({ c, p: chance(c) }));
  const kept = new Set(candidates.filter((x) => x.p >= 0.5).map((x) => x.c));
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
