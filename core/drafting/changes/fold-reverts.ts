/**
 * A revert and what it undoes, both in one release, cancel: users never had the change, so neither is
 * listed (docs/drafting.md#drafting-rules, "Reverts"; conventional-changelog drops such pairs the same way). What the
 * revert undoes is found by what it names (revert-target.ts): the commit's SHA first, then the pull
 * request, then the subject. A revert of a revert re-applies the change: taken newest first, the newer
 * revert cancels the older one, and the change stays. A revert whose change is not in the range undid
 * something shipped before: it stays, a fix (classify-commit.ts).
 */
import type { ClassifiedCommit } from './classify-commit.ts';
import type { RevertTarget } from './revert-target.ts';

/** Where an item came from: its commit's SHA (when sent) and what it reverts (null: no revert). */
export type ItemSource = { sha: string | null; reverts: RevertTarget | null };

/** Lower case, words only, without trailing references: `Add x (#12)` and `add X` are one subject. */
function subjectKey(text: string): string {
  return text
    .replace(/\s*\((?:#\d+(?:,\s*)?)+\)\s*$/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `item` is what `target` names. Short and full SHAs meet on their common prefix. */
function isTarget(item: ClassifiedCommit, sha: string | null, target: RevertTarget): boolean {
  if (target.sha && sha) return sha.toLowerCase().startsWith(target.sha) || target.sha.startsWith(sha);
  if (target.pullRequest !== null && item.pullRequest === target.pullRequest) return true;
  return target.subject !== null && subjectKey(item.subject) === subjectKey(target.subject);
}

/**
 * The items of `items` (newest first) that cancel: each revert with what it undoes (all the items of
 * that change: a pull request's release-note bullets are one change).
 */
export function cancelledReverts(
  items: readonly ClassifiedCommit[],
  sources: ReadonlyMap<ClassifiedCommit, ItemSource>,
): Set<ClassifiedCommit> {
  const cancelled = new Set<ClassifiedCommit>();
  items.forEach((revert, i) => {
    const target = sources.get(revert)?.reverts;
    if (!target || cancelled.has(revert)) return;
    // What it undoes is older: look there first, then among the rest (pull requests no commit stands for).
    const candidates = [...items.slice(i + 1), ...items.slice(0, i)];
    const original = candidates.find(
      (c) => !cancelled.has(c) && isTarget(c, sources.get(c)?.sha ?? null, target),
    );
    if (!original) return;
    cancelled.add(revert);
    for (const c of items)
      if (c === original || (original.pullRequest !== null && c.pullRequest === original.pullRequest))
        cancelled.add(c);
  });
  return cancelled;
}
