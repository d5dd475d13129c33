/**
 * Which of a release's changes its notes list: each notes item paired with the change it describes, so
 * the drafting profile learns what this project lists, under which headings, in what words.
 *
 * An item and a change are the same change when
 * 1. the item cites the change's pull request or one of the issues it cites (`#123`, `…/pull/123`,
 *    `GH-123`, a Sphinx or MyST role such as `:pr:\`123\``; read as the evaluation's matcher reads
 *    them, notes/item-words.ts `refsOf`):
 *    GitHub numbers both from one sequence, so a shared number is the same thread; else
 * 2. their content words (content-words.ts) overlap: Dice ≥ 0.5 with two words shared, or three words
 *    shared making ≥ 75% of the smaller set (a pull-request title inside a long prose item).
 * Each change is paired with at most one item (its best: a shared reference first, then the highest
 * Dice), and each item with at most one change (a maintainer's line for several pull requests
 * teaches through the first).
 */
import type { ClassifiedCommit } from '../changes/classify-commit.ts';
import { contentWords, dice, sharedWords } from '../changes/content-words.ts';
import { refsOf as numbersOf } from '../notes/item-words.ts';
import type { NotesItem } from '../notes/read-notes.ts';

function changeNumbers(c: ClassifiedCommit): Set<string> {
  const found = new Set(c.refs.flatMap((r) => [...numbersOf(r)]));
  if (c.pullRequest !== null) found.add(String(c.pullRequest));
  return found;
}

/** How strongly an item and a change are the same change (0: not at all). */
function strength(
  item: { numbers: Set<string>; words: Set<string> },
  change: { numbers: Set<string>; words: Set<string> },
): number {
  if ([...item.numbers].some((n) => change.numbers.has(n))) return 2;
  const shared = sharedWords(item.words, change.words).length;
  const d = dice(item.words, change.words);
  const smaller = Math.min(item.words.size, change.words.size);
  if ((d >= 0.5 && shared >= 2) || (shared >= 3 && shared / smaller >= 0.75)) return d;
  return 0;
}

/**
 * For each change, the notes item that lists it, or null (in `changes` order).
 * @param changes the release's changes, maintenance and dependency updates included.
 */
export function matchNotes(
  items: readonly NotesItem[],
  changes: readonly ClassifiedCommit[],
): (NotesItem | null)[] {
  const keyedItems = items.map((item) => ({
    item,
    numbers: numbersOf(item.markdown),
    words: contentWords(item.text),
  }));
  const keyedChanges = changes.map((c) => ({
    numbers: changeNumbers(c),
    words: contentWords(`${c.scope ?? ''} ${c.text}`),
  }));
  const pairs: { change: number; item: number; strength: number }[] = [];
  keyedChanges.forEach((change, ci) =>
    keyedItems.forEach((item, ii) => {
      const s = strength(item, change);
      if (s > 0) pairs.push({ change: ci, item: ii, strength: s });
    }),
  );
  pairs.sort((a, b) => b.strength - a.strength || a.item - b.item || a.change - b.change);
  const matched: (NotesItem | null)[] = changes.map(() => null);
  const usedItems = new Set<number>();
  for (const pair of pairs) {
    if (matched[pair.change] || usedItems.has(pair.item)) continue;
    matched[pair.change] = keyedItems[pair.item]!.item;
    usedItems.add(pair.item);
  }
  return matched;
}
