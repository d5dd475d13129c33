/**
 * What a notes heading says its items are ("Added", "Bug fixes", "⚠️ Breaking changes"): Keep a
 * Changelog's and release tools' usual names (docs/drafting.md, "The drafting profile": the project's
 * headings in its order).
 */
import type { Category } from '../../contract/entries.schema.ts';

/** Heading words that say what a section holds. */
const HEADING_CATEGORIES: [RegExp, Category | 'breaking'][] = [
  [/\bbreaking\b|\bincompatib/i, 'breaking'],
  [/^(?:added|new|features?|new features?|what's new|enhancements?|additions?|highlights?)$/i, 'feature'],
  [/^(?:fixed|fix(?:es)?|bug ?fix(?:es)?|bugs?|bugs? fixed|corrections?|security)$/i, 'fix'],
  [
    /^(?:changed|changes|improvements?|improved|performance|perf|updated?s?|other changes|misc(?:ellaneous)?|deprecated|removed|internal)$/i,
    'improvement',
  ],
  [/^(?:announcements?|notes?|news)$/i, 'announcement'],
];

/** The category a notes heading names, or null. */
export function categoryOfHeading(heading: string): Category | 'breaking' | null {
  const words = heading
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return HEADING_CATEGORIES.find(([re]) => re.test(words))?.[1] ?? null;
}

/** Two headings that read the same (case, spacing and a closing colon aside) are one heading. */
export function sameHeading(a: string, b: string): boolean {
  const key = (h: string) =>
    h
      .replace(/[\s:]+$/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return key(a) === key(b);
}
