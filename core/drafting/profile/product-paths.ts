/**
 * Paths learned, not guessed (docs/drafting.md, "The drafting profile"): a folder that the built-in
 * rules call docs, tests, CI or tooling is the product's for this project when its notes listed the
 * changes touching it: at least two of them, and at least half of those the releases shipped
 * (`templates/**` of a shell integration, `completions/**` of a command-line tool). The changes counted
 * are those whose files alone would have made them Maintenance.
 */
import type { ReleaseLesson } from './read-lesson.ts';

/** Listed changes a folder needs, and the share of its changes listed, to be the product's. */
const MIN_LISTED = 2;
const MIN_SHARE = 0.5;

/** The folder globs the lessons show to be the product's, sorted. */
export function learnProductPaths(lessons: readonly ReleaseLesson[]): string[] {
  const tallies = new Map<string, { seen: number; listed: number }>();
  for (const lesson of lessons)
    for (const change of lesson.changes)
      for (const folder of change.folders) {
        const tally = tallies.get(folder) ?? { seen: 0, listed: 0 };
        tally.seen++;
        if (change.listed) tally.listed++;
        tallies.set(folder, tally);
      }
  return [...tallies]
    .filter(([, t]) => t.listed >= MIN_LISTED && t.listed >= MIN_SHARE * t.seen)
    .map(([folder]) => folder)
    .sort();
}
