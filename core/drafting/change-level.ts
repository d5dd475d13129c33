/**
 * How much a release's changes ask of its version (docs/api.md#generate-a-draft-from-commits-and-pull-requests,
 * `draft.suggestedVersion`): `breaking` when any change is breaking (a `!`, a `BREAKING CHANGE` footer, a
 * breaking label), even one folded into Maintenance; `feature` when a user-facing change is a feature;
 * else `other`. Pure.
 */
import type { ChangeLevel } from './suggest-version.ts';
import type { CleanCommits } from './clean-changes.ts';

export function changeLevelOf(
  selection: Pick<CleanCommits, 'changes' | 'maintenance' | 'dependencies'>,
): ChangeLevel {
  const all = [...selection.changes, ...selection.maintenance, ...selection.dependencies];
  if (all.some((c) => c.breaking)) return 'breaking';
  if (selection.changes.some((c) => c.category === 'feature')) return 'feature';
  return 'other';
}
