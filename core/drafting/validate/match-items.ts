/**
 * The rule that says whether a drafted item and a maintainer's notes item (../notes/read-notes.ts) are
 * the same change (bench/eval/MATCHER.md has the reasoning and a hand check of the rule).
 *
 * Matching (`itemsMatch`, `similarity`): two items are the same change when
 * 1. they cite a common pull request or issue number (`#123`, `GH-123`, `…/pull/123`, `…/issues/123`,
 *    `[BUG #123]`, RST/MyST roles `:pr:\`123\``, `{issue}\`123\``); GitHub numbers issues and pull
 *    requests from one sequence, so a shared number is the same thread; or else
 * 2. their content words overlap enough, A and B being the two items' sets of content words:
 *    - Dice = 2·|A∩B| / (|A|+|B|) ≥ 0.5 with at least 2 shared words (one shared word is coincidence:
 *      `windows`, `help`), or
 *    - Dice ≥ 2/3 (two short items: `Refresh translations` and `Refresh (German) translations`), or
 *    - at least 3 shared words making ≥ 75% of the smaller set (a pull-request title inside a long
 *      prose item: `Add retry option to the client` inside a three-line notes entry).
 *    Content words and references: ../notes/item-words.ts.
 *
 * Two drafted items are near-duplicates (`isNearDuplicate`) when they cite a common number or their
 * Dice is ≥ 0.8: between items of similar length, 0.5 would call `Add Foo to the default file types`
 * and `Add Bar file types` the same.
 *
 * A drafted item can match several notes items; scoring (`score-drafts.ts`) pairs each drafted item
 * with its best match only: a shared reference first, then the highest Dice, then the earlier notes
 * item.
 */
import { contentWords, refsOf } from '../notes/item-words.ts';

/** Word-match thresholds (module docstring; MATCHER.md has the hand check they come from). */
export const DICE_MIN = 0.5;
export const SHARED_MIN = 2;
export const DICE_SHORT = 2 / 3;
export const CONTAINED_SHARED = 3;
export const CONTAINED_MIN = 0.75;
export const NEAR_DUPLICATE_DICE = 0.8;

export type Similarity = {
  sharedRef: boolean;
  dice: number;
  shared: number;
  /** Shared words / the smaller item's words. */
  contained: number;
};

/** Precomputed keys of an item, so a release's items are tokenised once. */
export type ItemKey = { refs: Set<string>; words: Set<string> };

export function keyOf(text: string): ItemKey {
  return { refs: refsOf(text), words: contentWords(text) };
}

export function similarity(a: ItemKey, b: ItemKey): Similarity {
  let shared = 0;
  for (const w of a.words) if (b.words.has(w)) shared++;
  const total = a.words.size + b.words.size;
  let sharedRef = false;
  for (const r of a.refs) if (b.refs.has(r)) sharedRef = true;
  const smaller = Math.min(a.words.size, b.words.size);
  return {
    sharedRef,
    dice: total ? (2 * shared) / total : 0,
    shared,
    contained: smaller ? shared / smaller : 0,
  };
}

export function isMatch(s: Similarity): boolean {
  return (
    s.sharedRef ||
    (s.dice >= DICE_MIN && s.shared >= SHARED_MIN) ||
    s.dice >= DICE_SHORT ||
    (s.shared >= CONTAINED_SHARED && s.contained >= CONTAINED_MIN)
  );
}

export function isNearDuplicate(s: Similarity): boolean {
  return s.sharedRef || s.dice >= NEAR_DUPLICATE_DICE;
}

export function itemsMatch(a: string, b: string): boolean {
  return isMatch(similarity(keyOf(a), keyOf(b)));
}

/** How strong a match is, to pick a drafted item's best notes item: a shared reference wins. */
export function strength(s: Similarity): number {
  return (s.sharedRef ? 1 : 0) + s.dice;
}
