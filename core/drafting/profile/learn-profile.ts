/**
 * The drafting profile: what a project's own release history teaches about its notes (docs/drafting.md,
 * "The drafting profile"; docs/api.md#import-history-and-the-drafting-profile).
 *
 * Learning sums what each release teaches (read-lesson.ts: its changes paired with its notes items):
 * the selector's state (which kinds and sizes the notes list, how they word breaking changes;
 * select/selector.ts), the folders that are the product's (product-paths.ts), the headings and their
 * order, how many items a release gets, how items are worded. Releases without commits teach nothing
 * (they only add history). `combineLessons` is cheap (sums), so the replay learns a profile without
 * each replayed release from the lessons already read; the whole of learning, replay included, is
 * `learnProfile` in ../learn-profile.ts.
 */
import { countsSelector } from '../select/counts-selector.ts';
import type { DraftingProfileModel } from './profile-model.ts';
import { learnProductPaths } from './product-paths.ts';
import { lessonOf, type ProfileExample, type ReleaseLesson } from './read-lesson.ts';

export type { ProfileExample } from './read-lesson.ts';

/** The share of a release's notes items the pairing found a change for (0 when the notes have no item). */
export const coverageOf = (lesson: Pick<ReleaseLesson, 'items' | 'matched'>) =>
  lesson.items === 0 ? 0 : lesson.matched / lesson.items;

/** The profile `lessons` teach (oldest release first), every part applied (no replay yet). */
export function combineLessons(lessons: readonly ReleaseLesson[]): DraftingProfileModel {
  const headings: DraftingProfileModel['headings'] = [];
  for (const seen of lessons.flatMap((l) => l.headings)) {
    const known = headings.find((h) => h.heading === seen.heading && h.category === seen.category);
    if (known) {
      known.place = (known.place * known.count + seen.place) / (known.count + 1);
      known.count++;
    } else headings.push({ ...seen, count: 1 });
  }
  const sum = (pick: (l: ReleaseLesson) => number) => lessons.reduce((n, l) => n + pick(l), 0);
  return {
    version: 2,
    releasesLearned: lessons.length,
    selector: {
      name: countsSelector.name,
      version: countsSelector.version,
      state: countsSelector.learn(lessons.map((l) => ({ coverage: coverageOf(l), changes: l.changes }))),
    },
    headings,
    flatReleases: lessons.filter((l) => l.flat).length,
    itemCounts: lessons.map((l) => l.items),
    changeCounts: lessons.map((l) => l.userFacing),
    style: {
      items: sum((l) => l.items),
      matched: sum((l) => l.matched),
      references: sum((l) => l.style.references),
      credits: sum((l) => l.style.credits),
      pastTense: sum((l) => l.style.pastTense),
    },
    productPaths: learnProductPaths(lessons),
  };
}

/** Every release's lesson (oldest first); releases without changes teach nothing and are left out. */
export function readLessons(examples: readonly ProfileExample[]): ReleaseLesson[] {
  return examples.map(lessonOf).filter((l): l is ReleaseLesson => l !== null);
}

/** The profile of a project's releases (oldest first) without its replay: every part applied. */
export function learnCounts(examples: readonly ProfileExample[]): DraftingProfileModel {
  return combineLessons(readLessons(examples));
}

/** The middle value of `values` (rounded), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}
